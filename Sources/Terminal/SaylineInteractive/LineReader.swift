import Glibc
import SaylineText
import SaylineControls
import SaylineSession
import SaylineSystem
import SaylineOutputs

/// The session when standard input is not a terminal: no prompt, no echo, one command a line,
/// every change announced (no settling), exit 0 at the end of input. Every reply goes through
/// the same pipeline as at the keyboard, with the piped display (`LineOutput`) last.
package struct LineReader {
    package private(set) var session: Session
    private let outputs: SessionOutputs
    private let pipeline: ReplyPipeline
    /// `sayline pick` with piped input: announcements go to stderr (stdout is for the answer),
    /// an empty line accepts, `quit` cancels, and the end of input accepts unless a
    /// confirmation is required.
    package private(set) var pick: PickAnswer?
    /// The running application whose controls these are (`--app`), or nil for a scene.
    private let live: (any LiveControlSource)?

    package init(session: Session, outputs: SessionOutputs, pick: PickAnswer? = nil, live: (any LiveControlSource)? = nil) {
        self.session = session
        self.live = live
        self.outputs = outputs
        self.pick = pick
        pipeline = outputs.pipeline(display: LineOutput(wordsOnStandardError: outputs.speech.wordsShownElsewhere))
    }

    package mutating func run() -> Int32 {
        // Before anything is written: a listener that leaves must not kill the session with
        // SIGPIPE before what is pending is delivered.
        Signals.installForLines()
        outputs.begin(session)
        pipeline.deliver(OutgoingReply(session.greeting(), elements: session.elements, focused: session.focused, now: monotonicSeconds()))
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        guard let input = fdopen(STDIN_FILENO, "r") else { return 1 }
        defer { free(line) }
        var linesRead = 0
        while !outputs.speech.listenerGone && Signals.terminated == 0 {
            let length = getline(&line, &capacity, input)
            guard length >= 0, let line else { break }
            linesRead += 1
            var bytes = UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: length).map { $0 }
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            if var answer = pick, answer.isAnswer(bytes) {
                answer.acceptPiped()
                pick = answer
                break
            }
            var reply = Reply()
            if let text = String(validating: bytes, as: UTF8.self) {
                reply = live.map { session.perform(line: text, on: $0) } ?? session.perform(line: text)
                pick?.entered(reply)
            } else {
                reply.announcements = [Announcement(Rejection(.notText, input: "").message, kind: .error)]
                pick?.entered(nil)
            }
            pipeline.deliver(OutgoingReply(reply, elements: session.elements, focused: session.focused, now: monotonicSeconds()))
            // Piped, every change has settled by the next line.
            pipeline.tick(now: .infinity)
            if reply.quit {
                pick?.cancel()
                break
            }
        }
        let signal = Signals.terminated
        let pickFailure = pick?.pipedInputEnded(bySignal: signal != 0, linesRead: linesRead)
        if let pickFailure { Diagnostics.write("sayline pick: \(pickFailure.message)\n") }
        let ending = pipeline.finish(SessionEnding(elements: session.elements, focused: session.focused,
                                                   autosave: pick == nil && outputs.autosave, quitExtra: pick?.quitExtra ?? [],
                                                   dropsUnsaved: pick == nil, askedToEnd: signal != 0, now: monotonicSeconds()))
        return ending.status(signal == 0 ? pickFailure?.status ?? 0 : 128 + Int32(signal))
    }
}
