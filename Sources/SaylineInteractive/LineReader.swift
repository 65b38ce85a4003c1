import Glibc
import SaylineCore
import SaylineSystem
import SaylineLineEditor
import SaylineCommandLine
import SaylineOutputs

/// The REPL when standard input is not a terminal: no prompt, no echo, one command a line,
/// every change announced (no settling), exit 0 at the end of input.
package struct LineReader {
    package var session: Session
    /// stdout, and the engine of `--speak` if one was asked for.
    let speech: SpeechChannel
    /// `sayline pick` with piped input: announcements go to stderr (stdout is for the answer),
    /// an empty line accepts, `quit` cancels, and the end of input accepts unless a
    /// confirmation is required.
    package var pick: (requireConfirm: Bool, accepted: Bool?)?
    /// The scene's file, for `save` and `--autosave`.
    package var keeper = SceneKeeper(SceneDocument(path: nil, bytes: nil, scene: Scene(elements: [])))
    package var autosave = false
    package var hooks: ChangeHooks?
    package var events: EventStream?

    package init(session: Session, speech: SpeechChannel) {
        self.session = session
        self.speech = speech
    }

    private func say(_ announcements: [Announcement]) {
        guard pick != nil || events?.onStandardOutput == true else { return speech.say(announcements) }
        Diagnostics.write(announcements.map { $0.text + "\n" }.joined())
        speech.speakOnly(announcements)
    }

    package mutating func run() -> Int32 {
        defer { speech.close() }
        // Before anything is written: a listener that leaves must not kill the session with
        // SIGPIPE before what is pending is delivered.
        Signals.installForLines()
        events?.emit(.start, session.focused, extra: [JSONMember("controls", .number(Double(session.elements.count)))])
        events?.record(session.greeting().events)
        say(session.greeting().announcements)
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        guard let input = fdopen(STDIN_FILENO, "r") else { return 1 }
        defer { free(line) }
        while !speech.listenerGone && Signals.terminated == 0 {
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
            say(reply.announcements + keeper.performSaves(of: reply.events, session.elements, stream: events))
            if let ended = events?.newlyEnded() { Diagnostics.write("sayline: \(ended)\n") }
            for case .help(let help) in reply.events { Diagnostics.write(help + "\n") }
            if reply.quit {
                if pick != nil { pick?.accepted = false }
                break
            }
        }
        let signal = Signals.terminated
        // The end of input accepts what was chosen, unless the script asked for a confirmation;
        // a signal is no choice.
        if let current = pick, current.accepted == nil { pick?.accepted = signal == 0 && !current.requireConfirm }
        let delivery = SessionEnd.deliver(autosave: pick == nil && autosave ? keeper : nil, elements: session.elements,
                                          focused: session.focused, hooks: hooks, events: events,
                                          quitExtra: pick.map { [JSONMember("accepted", .bool($0.accepted == true))] } ?? [],
                                          waiting: { Diagnostics.write("sayline: \($0)\n") })
        say(delivery.said)
        for problem in delivery.problems { Diagnostics.write("sayline: \(problem)\n") }
        if speech.listenerGone {
            Diagnostics.write("sayline: the speech listener closed standard output; stopping\n")
        }
        return delivery.status(signal == 0 ? 0 : 128 + Int32(signal))
    }
}
