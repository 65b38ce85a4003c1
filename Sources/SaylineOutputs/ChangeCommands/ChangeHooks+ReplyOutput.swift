/// Change commands as an output: each moved value is run once it settles; a failure is said.
extension ChangeHooks: ReplyOutput {
    package func receive(_ reply: inout OutgoingReply) {
        for element in reply.moved { changed(element, at: reply.now) }
    }

    package func tick(now: Double) -> OutgoingReply? {
        let failures = startSettled(now: now)
        return failures.isEmpty ? nil : OutgoingReply(messages: failures.map { "sayline: \($0)" }, now: now)
    }
}
