import Glibc
import SaylineCore

/// The REPL when standard input is not a terminal: no prompt, no echo, one command a line,
/// every change announced (no settling), exit 0 at the end of input.
struct LineReader {
    var session: Session
    /// stdout, and the engine of `--speak` if one was asked for.
    let speech: SpeechChannel

    mutating func run() -> Int32 {
        defer { speech.close() }
        speech.say(session.greeting().announcements)
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
            guard let text = String(validating: bytes, as: UTF8.self) else {
                speech.say([Announcement(Rejection(.notText, input: "").message, kind: .error)])
                continue
            }
            let reply = session.perform(line: text)
            speech.say(reply.announcements)
            for case .help(let help) in reply.events { Diagnostics.write(help + "\n") }
            if reply.quit { break }
        }
        if speech.listenerGone {
            Diagnostics.write("sayline: the speech listener closed standard output; stopping\n")
        }
        return 0
    }
}
