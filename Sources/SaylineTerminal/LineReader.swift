import Glibc
import SaylineCore

/// The REPL when standard input is not a terminal: no prompt, no echo, one command a line,
/// every change announced (no settling), exit 0 at the end of input.
struct LineReader {
    var session: Session
    /// stdout, and the engine of `--speak` if one was asked for.
    let speech: SpeechChannel
    /// `sayline pick` with piped input: announcements go to stderr (stdout is for the answer),
    /// an empty line accepts, `quit` cancels, and the end of input accepts unless a
    /// confirmation is required.
    var pick: (requireConfirm: Bool, accepted: Bool?)?
    /// The scene's file, for `save` and `--autosave`.
    var keeper: SceneKeeper?
    var autosave = false
    var hooks: ChangeHooks?
    var events: EventStream?

    private func say(_ announcements: [Announcement]) {
        guard pick != nil || events?.onStandardOutput == true else { return speech.say(announcements) }
        Diagnostics.write(announcements.map { $0.text + "\n" }.joined())
        speech.speakOnly(announcements)
    }

    mutating func run() -> Int32 {
        defer { speech.close() }
        events?.emit(.start, session.focused, extra: [JSONMember("controls", .number(Double(session.elements.count)))])
        events?.record(session.greeting().events)
        say(session.greeting().announcements)
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        guard let input = fdopen(STDIN_FILENO, "r") else { return 1 }
        defer { free(line) }
        while !speech.listenerGone {
            let length = getline(&line, &capacity, input)
            guard length >= 0, let line else { break }
            var bytes = UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: length).map { $0 }
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            if pick != nil, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                pick?.accepted = true
                break
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                say([Announcement(Rejection(.notText, input: "").message, kind: .error)])
                continue
            }
            let reply = session.perform(line: text)
            // Piped, every change has settled by the next line.
            events?.record(reply.events)
            events?.tick(now: .infinity)
            for element in reply.events.compactMap(\.movedElement) { hooks?.changed(element, at: monotonicSeconds()) }
            for failure in hooks?.tick(now: monotonicSeconds()) ?? [] { Diagnostics.write("sayline: \(failure)\n") }
            var said = reply.announcements
            for case .saveRequested(let path) in reply.events {
                let result = keeper?.save(session.elements, to: path) ?? Announcement("Nothing to save to", kind: .error)
                said.append(result)
                events?.saved(result, file: keeper?.document.path)
            }
            say(said)
            for case .help(let help) in reply.events { Diagnostics.write(help + "\n") }
            if reply.quit {
                if pick != nil { pick?.accepted = false }
                break
            }
        }
        // The end of input accepts what was chosen, unless the script asked for a confirmation.
        if let current = pick, current.accepted == nil { pick?.accepted = !current.requireConfirm }
        if pick == nil, let saved = keeper?.saveAtExit(session.elements, autosave: autosave) { say([saved]) }
        hooks?.finish()
        events?.emit(.quit, session.focused, extra: pick.map { [JSONMember("accepted", .bool($0.accepted == true))] } ?? [])
        if speech.listenerGone {
            Diagnostics.write("sayline: the speech listener closed standard output; stopping\n")
        }
        return 0
    }
}
