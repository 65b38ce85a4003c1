/// The event stream as an output: every event of a reply, each save, and `settled` when a
/// value has been still for the settle time.
extension EventStream: ReplyOutput {
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
}
