import Glibc
import SaylineSession

/// The event stream as an output: every event of a reply, each save, and `settled` when a
/// value has been still for the settle time; at the end, `quit`.
extension EventStream: ReplyOutput {
    /// How long a slow events reader may take to read the last events.
    static let readerWait = 2.0

    package func receive(_ reply: inout OutgoingReply) {
        record(reply.events, now: reply.now)
        for save in reply.saves { saved(save.outcome, file: save.file) }
    }

    package func deadline(now: Double) -> Double? { deadline() }

    /// Settled values written; a reader that went away or fell behind is said, once.
    package func tick(now: Double) -> OutgoingReply? {
        settle(now: now)
        return newlyEnded().map { OutgoingReply(messages: ["sayline: \($0)"], now: now) }
    }

    /// A reader that has fallen behind is written to when it has room, never waited on.
    package var watchedDescriptor: (descriptor: Int32, events: Int16)? {
        waitingForReader ? (pollDescriptor, Int16(POLLOUT)) : nil
    }

    package func descriptorReady(_ events: Int16, now: Double) -> [Command?] {
        flush()
        return []
    }

    package func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void) {
        for save in ending.saves { saved(save.outcome, file: save.file) }
        settle(now: .infinity)
        emit(.quit, ending.focused, extra: ending.quitExtra)
        // A reader that chose to leave is said, but is no failure.
        if finish(within: Self.readerWait) != nil { ending.failed = true }
        // Said once: the loop may have said it when the stream ended.
        if let untold = newlyEnded() { ending.problems.append(untold) }
    }
}
