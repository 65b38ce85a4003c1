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
    case save(SaveRequest)
    case quit
}

/// `save [FILE]` or `overwrite [FILE]`: where the scene goes, and whether the person's values
/// win over changes the file has had since it was read.
public struct SaveRequest: Sendable, Equatable {
    /// The file named, or nil for the scene's own.
    public let file: String?
    /// `overwrite`: a control changed both here and in the file gets this session's value, and
    /// a read-only file is written anyway.
    public let overwrite: Bool

    /// A save to the scene's file, or to `file`, which becomes the scene's file.
    public init(file: String?, overwrite: Bool = false) {
        self.file = file
        self.overwrite = overwrite
    }
}

/// Page Up or Page Down.
public enum PageDirection: String, Sendable, Equatable, CaseIterable {
    case up
    case down
}
