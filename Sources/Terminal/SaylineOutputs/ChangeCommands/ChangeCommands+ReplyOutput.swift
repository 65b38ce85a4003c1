import SaylineSystem

/// Change commands as an output: each moved value is run once it settles; a failure is said.
/// At the end, the values still settling are run and waited for.
extension ChangeCommands: ReplyOutput {
    /// How long the last change commands may take before Sayline leaves them running.
    static let changeCommandWait = 5.0
    /// Seconds the last values' change commands are given when a signal asked Sayline to end:
    /// a quick command has applied its value before Sayline is gone, and no more.
    static let terminationGrace = 1.0

    package func receive(_ reply: inout OutgoingReply) {
        for element in reply.moved { changed(element, at: reply.now) }
    }

    package func tick(now: Double) -> OutgoingReply? {
        let failures = startSettled(now: now)
        return failures.isEmpty ? nil : OutgoingReply(messages: failures.map { "sayline: \($0)" }, now: now)
    }

    package func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void) {
        let unfinished = finish(within: ending.askedToEnd ? Self.terminationGrace : Self.changeCommandWait, askedToEnd: ending.askedToEnd,
                                waiting: { say(OutgoingReply(messages: ["sayline: \($0)"], now: monotonicSeconds())) })
        // A change command that failed during the session was said then; it still fails the session.
        ending.failed = ending.failed || !unfinished.isEmpty || anyFailed
        ending.problems += unfinished
    }
}
