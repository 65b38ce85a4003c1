import Glibc
import SaylineSession

/// The outputs of a session in order (see `SessionOutputs.pipeline`): the only way anything
/// leaves a session. The REPL, the line reader, `pick` and `sayline run` hand every reply,
/// every tick of time, every ready descriptor and the session's end to one of these.
package final class ReplyPipeline {
    package let outputs: [any ReplyOutput]

    package init(_ outputs: [any ReplyOutput]) {
        self.outputs = outputs
    }

    /// Sends a reply through every output, in order.
    package func deliver(_ reply: OutgoingReply) {
        var reply = reply
        deliver(&reply, from: 0)
    }

    /// Sends a reply through every output, in order, leaving it as the last output left it
    /// (with what saving added). A caller that keeps one reply from step to step (a script's
    /// run) copies nothing: a reply is a dozen fields, and a copy and its release on every
    /// step was a sixth of a script's time.
    package func deliver(_ reply: inout OutgoingReply) {
        deliver(&reply, from: 0)
    }

    private func deliver(_ reply: inout OutgoingReply, from first: Int) {
        // Each output called where it lies in the array: taking it out retained and released
        // it, for every output on every step of a script.
        outputs.withUnsafeBufferPointer { outputs in
            var index = first
            while index < outputs.count {
                outputs[index].receive(&reply)
                index += 1
            }
        }
    }

    private func deliver(_ reply: OutgoingReply, from first: Int) {
        var reply = reply
        deliver(&reply, from: first)
    }

    /// The earliest time an output needs, if any does.
    package func deadline(now: Double) -> Double? {
        var earliest: Double?
        for output in outputs {
            if let due = output.deadline(now: now), earliest.map({ due < $0 }) ?? true { earliest = due }
        }
        return earliest
    }

    /// Lets each output act on the time; what one says goes through the outputs after it.
    package func tick(now: Double) {
        for (index, output) in outputs.enumerated() {
            if let said = output.tick(now: now), !said.spoken.isEmpty || !said.messages.isEmpty {
                deliver(said, from: index + 1)
            }
        }
    }

    /// The outputs whose descriptors were last handed out to poll, in order.
    private var watching: [Int] = []

    /// The descriptors the outputs wait on now, to poll with the keyboard; `descriptorsReady`
    /// takes poll's answers back in the same order.
    package func watchedDescriptors() -> [pollfd] {
        watching.removeAll(keepingCapacity: true)
        var polled: [pollfd] = []
        for (index, output) in outputs.enumerated() {
            guard let watched = output.watchedDescriptor else { continue }
            watching.append(index)
            polled.append(pollfd(fd: watched.descriptor, events: watched.events, revents: 0))
        }
        return polled
    }

    /// poll's answers for the last `watchedDescriptors`, in the same order: the commands
    /// people gave through them, in order.
    package func descriptorsReady(_ polled: ArraySlice<pollfd>, now: Double) -> [Command?] {
        var commands: [Command?] = []
        for (index, answer) in zip(watching, polled) where answer.revents != 0 {
            commands += outputs[index].descriptorReady(answer.revents, now: now)
        }
        return commands
    }

    /// A key was pressed: speech stops, a braille message gives way.
    package func keyPressed(on source: KeySource) { outputs.forEach { $0.keyPressed(on: source) } }

    /// Ctrl-Z: each output lets go of what the shell's programs may need.
    package func suspend() { outputs.forEach { $0.suspend() } }

    /// Back from Ctrl-Z.
    package func resume() { outputs.forEach { $0.resume() } }

    /// The end of the session, however it ended: each output in order does its last work and
    /// says it to the outputs after it, then every output lets go, the last first (the display
    /// gives the terminal back before speech waits for its last words). Returns what was done.
    @discardableResult
    package func finish(_ ending: SessionEnding) -> SessionEnding {
        var ending = ending
        for (index, output) in outputs.enumerated() {
            output.finish(&ending) { deliver($0, from: index + 1) }
        }
        outputs.reversed().forEach { $0.close() }
        return ending
    }
}
