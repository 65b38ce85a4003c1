import SaylineCore
@testable import SaylineOutputs

/// An output that keeps what it receives: the tests of the terminal layer put it where the
/// display goes and read what each reply brought, in process, without a pseudo-terminal.
final class RecordingOutput: ReplyOutput {
    private(set) var received: [OutgoingReply] = []

    /// The session's end as it reached this output.
    private(set) var ending: SessionEnding?
    private(set) var closed = false

    func receive(_ reply: inout OutgoingReply) { received.append(reply) }

    func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void) { self.ending = ending }

    func close() { closed = true }

    /// Every line spoken, in order.
    var spoken: [String] { received.flatMap { $0.spoken.map(\.text) } }
    /// Every line to read, in order.
    var messages: [String] { received.flatMap(\.messages) }
}
