import Glibc
import SaylineCore
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
final class ScriptSpeaker: @unchecked Sendable {
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
    /// Batches that may wait; the run waits past this.
    static let waitingLimit = 4

    private let monitor = Monitor()
    // Under the monitor's lock:
    private var waiting: [[Line]] = []
    private var busy = false
    private var flushWanted = false
    private var ending = false
    private var writeFailed = false
    // The speaking thread's; it hands the output back when it ends.
    private var output: BufferedOutput
    private let controls: [AdjustableElement]
    private var thread: Background<BufferedOutput>?

    /// Starts speaking of `controls` (the session's, in its order) into `output` (the
    /// speaker's until `finish`).
    init(controls: [AdjustableElement], output: BufferedOutput) {
        self.output = output
        self.controls = controls.map { $0.detached() }
        thread = Background.start { [self] in speak() }
    }

    /// Whether standard output could not be written: the run should stop.
    var failed: Bool { monitor.locked { writeFailed } }

    /// Hands over a batch, waiting while too many wait already.
    func send(_ batch: [Line]) {
        guard !batch.isEmpty else { return }
        monitor.locked {
            while waiting.count >= Self.waitingLimit && !writeFailed { monitor.wait() }
            waiting.append(batch)
            monitor.broadcast()
        }
    }

    /// Returns once every step handed over is said and written out: before the run writes
    /// on standard error or saves a file, so what comes after them comes after.
    func drain() {
        monitor.locked {
            flushWanted = true
            monitor.broadcast()
            while flushWanted || busy || !waiting.isEmpty { monitor.wait() }
        }
    }

    /// Says what is left, and gives the output back.
    func finish() -> BufferedOutput {
        monitor.locked {
            ending = true
            monitor.broadcast()
        }
        let spoken = thread?.wait() ?? output
        // The thread's work holds this speaker; let it go.
        thread = nil
        return spoken
    }

    private func event(_ said: Said) -> SessionEvent {
        switch said {
        case .changed(let index, let value, let change): .changed(controls[index].holding(value), change)
        case .focused(let index, let value): .focused(controls[index].holding(value))
        case .unchanged(let index, let value, let reason): .unchanged(controls[index].holding(value), reason)
        case .other(let event): event
        }
    }

    private func speak() -> BufferedOutput {
        while true {
            let next: [Line]? = monitor.locked {
                while waiting.isEmpty && !ending && !flushWanted { monitor.wait() }
                if waiting.isEmpty {
                    if flushWanted {
                        output.flush()
                        flushWanted = false
                        writeFailed = output.failed
                        monitor.broadcast()
                        return []
                    }
                    return nil
                }
                busy = true
                let batch = waiting.removeFirst()
                monitor.broadcast()
                return batch
            }
            guard let batch = next else { return output }
            guard !batch.isEmpty else { continue }
            for line in batch {
                switch line {
                case .event(let said, let verbosity):
                    let announcer = Announcer(verbosity: verbosity)
                    let event = event(said)
                    output.write { announcer.writeAnnouncements(for: event, into: &$0) }
                case .added(let announcement):
                    output.writeLine(announcement.text)
                }
            }
            monitor.locked {
                busy = false
                writeFailed = output.failed
                monitor.broadcast()
            }
        }
    }
}
