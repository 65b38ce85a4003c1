import Glibc
import SaylineText
import SaylineControls
import SaylineSession
import SaylineSystem
import SaylineOutputs

/// The REPL when standard input is not a terminal: no prompt, no echo, one command a line,
/// every change announced (no settling), exit 0 at the end of input.
package struct LineReader {
    package private(set) var session: Session
    private let outputs: SessionOutputs
    private let display: LineOutput
    private let pipeline: ReplyPipeline
    /// `sayline pick` with piped input: announcements go to stderr (stdout is for the answer),
    /// an empty line accepts, `quit` cancels, and the end of input accepts unless a
    /// confirmation is required.
    package private(set) var pick: (requireConfirm: Bool, accepted: Bool?)?

    /// - Parameter pick: for `sayline pick`, whether only an empty line accepts.
    package init(session: Session, outputs: SessionOutputs, pick requireConfirm: Bool? = nil) {
        self.session = session
        self.outputs = outputs
        pick = requireConfirm.map { ($0, nil) }
        display = LineOutput(speech: outputs.speech,
                             announcementsOnStandardError: requireConfirm != nil || outputs.events?.onStandardOutput == true)
        pipeline = outputs.pipeline(then: [display])
    }

    package mutating func run() -> Int32 {
        let speech = outputs.speech
        defer { speech.close() }
        // Before anything is written: a listener that leaves must not kill the session with
        // SIGPIPE before what is pending is delivered.
        Signals.installForLines()
        outputs.events?.emit(.start, session.focused, extra: [JSONMember("controls", .number(Double(session.elements.count)))])
        pipeline.deliver(OutgoingReply(session.greeting(), elements: session.elements, focused: session.focused, now: monotonicSeconds()))
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        guard let input = fdopen(STDIN_FILENO, "r") else { return 1 }
        defer { free(line) }
        // A pick's answer in doubt: its last entry was refused or moved into the range.
        var inDoubt = false
        var linesRead = 0
        while !speech.listenerGone && Signals.terminated == 0 {
            let length = getline(&line, &capacity, input)
            guard length >= 0, let line else { break }
            linesRead += 1
            var bytes = UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: length).map { $0 }
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            if pick != nil, PickRules.accepts(line: bytes) {
                pick?.accepted = true
                break
            }
            var reply = Reply()
            let text = String(validating: bytes, as: UTF8.self)
            if let text {
                reply = session.perform(line: text)
            } else {
                reply.announcements = [Announcement(Rejection(.notText, input: "").message, kind: .error)]
            }
            if pick != nil { inDoubt = text == nil || PickRules.leavesAnswerInDoubt(reply) }
            pipeline.deliver(OutgoingReply(reply, elements: session.elements, focused: session.focused, now: monotonicSeconds()))
            // Piped, every change has settled by the next line.
            pipeline.tick(now: .infinity)
            if reply.quit {
                if pick != nil { pick?.accepted = false }
                break
            }
        }
        let signal = Signals.terminated
        // The end of input accepts what was chosen, unless the script asked for a confirmation;
        // a signal is no choice.
        if let current = pick, current.accepted == nil { pick?.accepted = signal == 0 && !current.requireConfirm }
        // No terminal to ask on and nothing piped: no answer at all, which is an error of its
        // own (fzf's 2), not the starting value. An answer in doubt is no answer either.
        var pickFailure: Int32?
        if pick != nil, signal == 0, linesRead == 0 {
            pick?.accepted = false
            pickFailure = ExitStatus.malformed.rawValue
            Diagnostics.write("sayline pick: \(PickRules.noTerminal)\n")
        } else if pick?.accepted == true, inDoubt {
            pick?.accepted = false
            pickFailure = ExitStatus.dataError.rawValue
            Diagnostics.write("sayline pick: \(PickRules.pipedDoubt)\n")
        }
        let delivery = SessionEnd.deliver(outputs, autosave: pick == nil && outputs.autosave, elements: session.elements,
                                          focused: session.focused,
                                          quitExtra: pick.map { [JSONMember("accepted", .bool($0.accepted == true))] } ?? [],
                                          dropsUnsaved: pick == nil, waiting: { Diagnostics.write("sayline: \($0)\n") })
        display.say(delivery.said)
        pipeline.finish()
        for problem in delivery.problems { Diagnostics.write("sayline: \(problem)\n") }
        if speech.listenerGone {
            Diagnostics.write("sayline: the speech listener closed standard output; stopping\n")
        }
        return delivery.status(signal == 0 ? pickFailure ?? 0 : 128 + Int32(signal))
    }
}
