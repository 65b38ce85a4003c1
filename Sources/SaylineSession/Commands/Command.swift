import SaylineText
import SaylineControls
/// One thing a person or a script asks of a session, parsed once from a line or a key.
public enum Command: Sendable, Equatable {
    case list
    case focus(String)
    case next
    case previous
    case increment(Int)
    case decrement(Int)
    case page(PageDirection)
    case minimum
    case maximum
    case set(String)
    case say
    case describe(String?)
    case motion(MotionPreference)
    case verbosity(Verbosity)
    case undo
    case redo
    case tour
    case help(String?)
    /// Write the scene with the current values: to its own file, or to the one named.
    case save(String?)
    case quit
}

/// Page Up or Page Down.
public enum PageDirection: String, Sendable, Equatable, CaseIterable {
    case up
    case down
}
