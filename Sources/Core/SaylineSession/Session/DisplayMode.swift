import SaylineText
/// How a front shows the session: the terminal chooses one, and the core words what it says.
public enum DisplayMode: String, CaseIterable, Sendable {
    /// Drawn controls and animation, for sighted users.
    case full
    /// Append-only lines; a change adds the control's line as the screen shows it.
    case plain
    /// Append-only; every line a person should hear is written once as the spoken sentence,
    /// and the prompt never changes, so a screen reader's re-read costs one word.
    case screenReader = "screen-reader"

    /// The display's name, as the start says it.
    public var name: String {
        switch self {
        case .full: translated("Full display")
        case .plain: translated("Plain display")
        case .screenReader: translated("Screen reader display")
        }
    }

    /// The one line at start that says how the session is shown and where help is: "Full
    /// display. Press ? to describe a control; type help for commands." The displays a screen
    /// reader reads name the key in words and use no punctuation it would say.
    public var startLine: String {
        switch self {
        case .full: translated("%s. Press %s to describe a control; type help for commands.", name, KeyTable.describeKey)
        case .plain, .screenReader: translated("%s. %s", name, Self.spokenHint)
        }
    }

    /// The start's hint for a listener on the speech channel (`sayline | espeak-ng`), said
    /// once after the focused control: the display's start line is the terminal's alone.
    public static var spokenHint: String {
        translated("Press %s to describe a control, or type help.", KeyTable.spokenName(of: KeyTable.describeKey))
    }

    /// Said once at start when a screen reader runs but the full display was asked for.
    public static func readerRunningLine(_ reader: String) -> String {
        translated("%s is running. For the display it reads best, start with --display screen-reader.", reader)
    }
}
