/// The outputs of a session in order: saving first (what it says is part of the reply), then
/// the event stream and change commands, then what is said and shown. The REPL, the line
/// reader and `pick` each hand every reply to one of these.
package final class ReplyPipeline {
    package private(set) var outputs: [any ReplyOutput]

    package init(_ outputs: [any ReplyOutput]) {
        self.outputs = outputs
    }

    /// Sends a reply through every output, in order.
    package func deliver(_ reply: OutgoingReply) {
        deliver(reply, from: 0)
    }

    private func deliver(_ reply: OutgoingReply, from first: Int) {
        var reply = reply
        for output in outputs[first...] { output.receive(&reply) }
    }

    /// The earliest time an output needs, if any does.
    package func deadline(now: Double) -> Double? {
        outputs.compactMap { $0.deadline(now: now) }.min()
    }

    /// Lets each output act on the time; what one says goes through the outputs after it.
    package func tick(now: Double) {
        for (index, output) in outputs.enumerated() {
            if let said = output.tick(now: now), !said.spoken.isEmpty || !said.messages.isEmpty {
                deliver(said, from: index + 1)
            }
        }
    }

    /// Ctrl-Z: each output lets go of what the shell's programs may need.
    package func suspend() { outputs.forEach { $0.suspend() } }

    /// Back from Ctrl-Z.
    package func resume() { outputs.forEach { $0.resume() } }

    /// The end of the session, however it ended.
    package func finish() { outputs.forEach { $0.finish() } }
}
