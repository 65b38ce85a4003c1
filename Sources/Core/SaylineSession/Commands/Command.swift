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

    /// The command table's name for it ("inc", "page"), for the key map and `help NAME`.
    public var name: String {
        switch self {
        case .list: "list"
        case .focus: "focus"
        case .next: "next"
        case .previous: "prev"
        case .increment: "inc"
        case .decrement: "dec"
        case .page: "page"
        case .minimum: "min"
        case .maximum: "max"
        case .set: "set"
        case .say: "say"
        case .describe: "describe"
        case .motion: "motion"
        case .verbosity: "verbosity"
        case .undo: "undo"
        case .redo: "redo"
        case .tour: "tour"
        case .help: "help"
        case .save(let request): request.overwrite ? "overwrite" : "save"
        case .quit: "quit"
        }
    }

    /// The command done `count` times, for a key pressed with readline's count (Alt-5 Up):
    /// a step is taken that many times; any other command is done once.
    public func repeated(_ count: Int) -> Command {
        guard count > 1 else { return self }
        switch self {
        case .increment(let steps): return .increment(steps.multipliedReportingOverflow(by: count).overflow ? Int.max : steps * count)
        case .decrement(let steps): return .decrement(steps.multipliedReportingOverflow(by: count).overflow ? Int.max : steps * count)
        default: return self
        }
    }
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
