import SaylineControls
import SaylineSession
import SaylineSystem

/// Puts a long script's steps into words and writes them, on a thread of its own, while the run
/// goes on with the steps after them: a run's time was about half the session's and half the
/// words'. Steps come in batches, in order, and at most a few batches wait, so memory stays
/// the same whatever the script's length. The words are the core's (`Announcer`), the same as
/// when the session says them itself.
///
/// The common events (a change, a focus, a value left as it was) come over as plain values,
/// the control's place and its value, and are said of the speaker's own copies of the controls:
/// an event holding the session's element made both threads count references to one object on
/// every step, and that cost more than the words.
final class ScriptSpeaker: Sendable {
    /// One event as it comes over.
    enum Said: Sendable {
        case changed(control: Int, value: Double, ValueChange)
        case focused(control: Int, value: Double)
        case unchanged(control: Int, value: Double, UnchangedReason)
        case other(SessionEvent)

        /// An event of the session's, whose control (if it has one) is the focused one.
        init(_ event: SessionEvent, focused: Int) {
            switch event {
            case .changed(let element, let change): self = .changed(control: focused, value: element.value, change)
            case .focused(let element): self = .focused(control: focused, value: element.value)
            case .unchanged(let element, let reason): self = .unchanged(control: focused, value: element.value, reason)
            default: self = .other(event)
            }
        }
    }

    /// One line's worth of a step, in order: an event at its verbosity, or what the front
    /// added (a save). A batch is one array of these, so a step allocates nothing.
    enum Line: Sendable {
        case event(Said, Verbosity)
        case added(Announcement)
    }

    /// Lines handed over at once.
    static let batchLength = 1024

    private let writer: OutputThread<[Line]>

    /// Starts speaking of `controls` (the session's, in its order) into `output` (the
    /// speaker's until `finish`). At most four batches wait.
    init(controls: [AdjustableElement], output: BufferedOutput) {
        let own = controls.map { $0.detached() }
        // The words are made on the speaker's thread, which speaks the run's language (a
        // background thread takes its starter's phrasebook).
        writer = OutputThread(output: output, limit: 4, weight: { $0.isEmpty ? 0 : 1 }) { batch, output in
            Self.say(batch, of: own, into: &output)
        }
    }

    /// Whether standard output could not be written: the run should stop.
    var failed: Bool { writer.failed }

    /// Hands over a batch, waiting while too many wait already.
    func send(_ batch: [Line]) { writer.send(batch) }

    /// Returns once every step handed over is said and written out: before the run writes
    /// on standard error or saves a file, so what comes after them comes after.
    func drain() { writer.drain() }

    /// Says what is left, and gives the output back.
    func finish() -> BufferedOutput { writer.finish() }

    private static func say(_ batch: [Line], of controls: [AdjustableElement], into output: inout BufferedOutput) {
        for line in batch {
            switch line {
            case .event(let said, let verbosity):
                let announcer = Announcer(verbosity: verbosity)
                let event: SessionEvent = switch said {
                case .changed(let index, let value, let change): .changed(controls[index].holding(value), change)
                case .focused(let index, let value): .focused(controls[index].holding(value))
                case .unchanged(let index, let value, let reason): .unchanged(controls[index].holding(value), reason)
                case .other(let event): event
                }
                output.write { announcer.writeAnnouncements(for: event, into: &$0) }
            case .added(let announcement):
                output.writeLine(announcement.text)
            }
        }
    }
}
