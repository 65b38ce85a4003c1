import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
import SaylineSystem
import SaylineOutputs

/// What every way out of a session delivers before Sayline exits (quit, Ctrl-D, pick's Enter
/// or cancel, the end of piped input, SIGTERM, SIGHUP, the listener gone): the autosave and its
/// `saved` event, the change commands of values still settling, run with their final values
/// and waited for, the last events, and the `quit` event. The REPL, the line reader and `pick`
/// all end through it.
package enum SessionEnd {
    /// How long the last change commands may take before Sayline leaves them running.
    static let changeCommandWait = 5.0
    /// Seconds the last values' change commands are given when a signal asked Sayline to end.
    static let terminationGrace = 1.0
    /// How long a slow events reader may take to read the last events.
    static let eventReaderWait = 2.0

    struct Delivery {
        /// What to say: how the autosave went.
        var said: [Announcement] = []
        /// What did not succeed, or ended early, and has not been said yet, in words.
        var problems: [String] = []
        /// Something did not succeed: the exit status is 74.
        var failed = false

        /// The status to exit with: a signal's or an earlier failure's stays as it is.
        func status(_ status: Int32) -> Int32 {
            status == 0 && failed ? ExitStatus.ioError.rawValue : status
        }
    }

    /// - Parameters:
    ///   - autosave: whether `--autosave` asks for a save at exit.
    ///   - quitExtra: members of the `quit` event (pick's `accepted`).
    ///   - waiting: told, once, when the change commands take a while.
    ///   - dropsUnsaved: unsaved changes are said (piped input, where nobody was asked to quit
    ///     twice): a script that feeds changes to its change commands may well not mean to save,
    ///     so it is said, not made a failure.
    static func deliver(_ outputs: SessionOutputs, autosave: Bool, elements: [AdjustableElement], focused: AdjustableElement,
                        quitExtra: [JSONMember] = [], dropsUnsaved: Bool = false, waiting: (String) -> Void) -> Delivery {
        var delivery = Delivery()
        if dropsUnsaved, !autosave, let dropped = outputs.keeper.droppedChanges(elements) {
            delivery.problems.append(dropped)
        }
        let events = outputs.events
        if autosave, let (outcome, file) = outputs.keeper.saveAtExit(elements, autosave: true) {
            delivery.said.append(outcome.announcement)
            events?.saved(outcome, file: file)
            if !outcome.succeeded {
                delivery.failed = true
                delivery.problems.append("the changes were not saved: \(outcome.failureReason ?? "")")
            }
        }
        if !autosave, let failure = outputs.keeper.lastSaveFailed {
            delivery.failed = true
            delivery.problems.append("the last save failed: \(failure.failureReason ?? "")")
        }
        events?.settle(now: .infinity)
        // Asked to end (SIGTERM, SIGHUP): the last values' commands are started and given a
        // moment (a quick command has applied its value before Sayline is gone), never more.
        let askedToEnd = Signals.terminated != 0
        let commands = outputs.hooks?.finish(within: askedToEnd ? terminationGrace : changeCommandWait, askedToEnd: askedToEnd, waiting: waiting) ?? []
        // A change command that failed during the session was said then; it still fails the session.
        delivery.failed = delivery.failed || !commands.isEmpty || outputs.hooks?.anyFailed == true
        delivery.problems += commands
        events?.emit(.quit, focused, extra: quitExtra)
        if let events {
            // A reader that chose to leave is said, but is no failure.
            if events.finish(within: eventReaderWait) != nil { delivery.failed = true }
            // Said once: the loop may have said it when the stream ended.
            if let untold = events.newlyEnded() { delivery.problems.append(untold) }
        }
        return delivery
    }
}
