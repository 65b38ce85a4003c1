import SaylineSession

/// The speech pacer as an output, at the keyboard: a run of value changes is held back and
/// only the value it settles on is spoken, so fast keys do not queue stale values.
package final class PacedSpeech: ReplyOutput {
    private var pacer: SpeechPacer

    package init(settleInterval: Double) {
        pacer = SpeechPacer(settleInterval: settleInterval)
    }

    package func receive(_ reply: inout OutgoingReply) {
        let now = reply.now
        reply.spoken = reply.spoken.flatMap { pacer.submit($0, at: now) }
    }

    package func deadline(now: Double) -> Double? { pacer.deadline }

    package func tick(now: Double) -> OutgoingReply? {
        let settled = pacer.flush(at: now)
        return settled.isEmpty ? nil : OutgoingReply(spoken: settled, now: now)
    }

    /// At exit: whatever is still held is the final value, said at once, before the last
    /// change commands are waited for.
    package func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void) {
        let held = pacer.drain()
        if !held.isEmpty { say(OutgoingReply(spoken: held, now: ending.now)) }
    }
}
