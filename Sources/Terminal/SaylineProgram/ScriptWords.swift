import SaylineControls
import SaylineSession
import SaylineSystem
import SaylineOutputs

/// The display of `sayline run`, last in its pipeline: each step's words on standard output,
/// one line each, buffered. The words are put together here from the step's events (the
/// core's `Announcer`, the same words the session would say), or, once a long script has
/// passed its check, handed to a `ScriptSpeaker` that says and writes them on a thread of its
/// own while the run goes on.
final class ScriptWords: ReplyOutput {
    /// Where the words go while they are said here; given to the speaker when it takes over,
    /// and back when it finishes. Unchecked for overlapping access: it is used on one thread,
    /// by one call at a time, and the run-time check on every step cost more than the words.
    @exclusivity(unchecked) var output = BufferedOutput()
    /// Each step's events are put into words here (not by the session, which then says
    /// nothing): a transcript needs the words as strings, so it keeps the session saying them.
    let wordsFromEvents: Bool
    @exclusivity(unchecked) private var speaker: ScriptSpeaker?
    @exclusivity(unchecked) private var batch: [ScriptSpeaker.Line] = []

    init(wordsFromEvents: Bool) {
        self.wordsFromEvents = wordsFromEvents
        batch.reserveCapacity(ScriptSpeaker.batchLength)
    }

    func receive(_ reply: inout OutgoingReply) {
        if let speaker {
            // Each event read where it lies: `for event in` copied it out, and its control's
            // reference was counted up and down on every step.
            for index in reply.events.indices {
                batch.append(.event(ScriptSpeaker.Said(reply.events[index], focused: reply.focusIndex), reply.verbosity))
            }
            for index in reply.spoken.indices { batch.append(.added(reply.spoken[index])) }
            if batch.count >= ScriptSpeaker.batchLength { send(to: speaker) }
            return
        }
        if wordsFromEvents {
            let announcer = Announcer(verbosity: reply.verbosity)
            for index in reply.events.indices { output.write { announcer.writeAnnouncements(for: reply.events[index], into: &$0) } }
        }
        // What saving added, or, with a transcript, all the step said.
        for index in reply.spoken.indices { output.writeLine(reply.spoken[index].text) }
    }

    private func send(to speaker: ScriptSpeaker) {
        speaker.send(batch)
        batch.removeAll(keepingCapacity: true)
    }

    /// Whether the words are said on the speaker's thread.
    var handedOver: Bool { speaker != nil }

    /// The speaker takes over: the words written so far go first.
    func handOver(controls: [AdjustableElement]) {
        speaker = ScriptSpeaker(controls: controls, output: output)
        output = BufferedOutput()
    }

    /// Returns once every step's words are written: before a save or a message on standard
    /// error, so what comes after them comes after.
    func writeOut() {
        if let speaker {
            send(to: speaker)
            speaker.drain()
        } else {
            output.flush()
        }
    }

    /// Whether standard output could not be written: the run stops.
    var failed: Bool { speaker?.failed ?? output.failed }

    /// The speaker's words all written, and the output back here.
    func close() {
        guard let speaker else { return }
        send(to: speaker)
        output = speaker.finish()
        self.speaker = nil
    }
}
