import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
import SaylineSystem

/// How a session ends, handed through every output in the pipeline's order (quit, Ctrl-D,
/// pick's Enter or cancel, the end of piped input, SIGTERM, SIGHUP, the listener gone): the
/// keeper's autosave, the change commands of values still settling, run with their final
/// values and waited for, the last events and `quit`, the value the pacer still held, then
/// what is said and shown. Each output adds what it has to say and whether it failed.
package struct SessionEnding {
    /// The session's controls at the end: what an autosave writes.
    package let elements: [AdjustableElement]
    /// The focused control at the end, for the `quit` event.
    package let focused: AdjustableElement
    /// Whether `--autosave` asks for a save at exit.
    package let autosave: Bool
    /// Members of the `quit` event (pick's `accepted`).
    package let quitExtra: [JSONMember]
    /// Unsaved changes are said (piped input, where nobody was asked to quit twice): a script
    /// that feeds changes to its change commands may well not mean to save, so it is said,
    /// not made a failure.
    package let dropsUnsaved: Bool
    /// A signal asked Sayline to end: the last change commands are given a moment, no more.
    package let askedToEnd: Bool
    /// When it ended, on the monotonic clock.
    package let now: Double

    /// What is said last, in order (the held value, how the autosave went).
    package var said: [Announcement] = []
    /// Saves made at the end, with the file each wrote, for the event stream.
    package var saves: [(outcome: SaveOutcome, file: String?)] = []
    /// What did not succeed, or ended early, and has not been said yet, in words.
    package var problems: [String] = []
    /// Something did not succeed: the exit status is 74.
    package var failed = false

    package init(elements: [AdjustableElement], focused: AdjustableElement, autosave: Bool, quitExtra: [JSONMember] = [],
                 dropsUnsaved: Bool = false, askedToEnd: Bool, now: Double) {
        self.now = now
        self.elements = elements
        self.focused = focused
        self.autosave = autosave
        self.quitExtra = quitExtra
        self.dropsUnsaved = dropsUnsaved
        self.askedToEnd = askedToEnd
    }

    /// The status to exit with: a signal's or an earlier failure's stays as it is.
    package func status(_ status: Int32) -> Int32 {
        status == 0 && failed ? ExitStatus.ioError.rawValue : status
    }
}
