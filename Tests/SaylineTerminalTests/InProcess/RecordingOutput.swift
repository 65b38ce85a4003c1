import SaylineCore
@testable import SaylineOutputs

/// An output that keeps what it receives: the tests of the terminal layer put it where the
/// display goes and read what each reply brought, in process, without a pseudo-terminal.
final class RecordingOutput: ReplyOutput {
    private(set) var received: [OutgoingReply] = []

    func receive(_ reply: inout OutgoingReply) { received.append(reply) }

    /// Every line spoken, in order.
    var spoken: [String] { received.flatMap { $0.spoken.map(\.text) } }
    /// Every line to read, in order.
    var messages: [String] { received.flatMap(\.messages) }
}
