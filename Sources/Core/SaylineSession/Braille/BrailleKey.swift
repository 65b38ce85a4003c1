import SaylineText
/// A key of a braille display that Sayline takes (BRLTTY keeps every other key), and what it
/// does. The display's own keys are named by the commands BRLTTY turns them into, so they mean
/// the same on every model: Docs/keys.md lists them.
public enum BrailleKey: Sendable, Equatable, CaseIterable {
    /// Line up: the value one step up, as Up does.
    case lineUp
    /// Line down: the value one step down, as Down does.
    case lineDown
    /// Pan left: the text before; at its start, the previous control.
    case panLeft
    /// Pan right: the text after; at its end, the next control (a message gives way).
    case panRight
    /// Top: the maximum, as End does.
    case top
    /// Bottom: the minimum, as Home does.
    case bottom
    /// Home ("go to the cursor"): back to the control's line, its start.
    case home
    /// A routing key over any cell: the control described, as question mark does.
    case route

    /// The command the key runs in the session, if it runs one rather than moving the window.
    public var command: Command? {
        switch self {
        case .lineUp: .increment(1)
        case .lineDown: .decrement(1)
        case .top: .maximum
        case .bottom: .minimum
        case .route: .describe(nil)
        case .panLeft, .panRight, .home: nil
        }
    }

    /// The key's name in BRLTTY's key tables and its help, for the key map.
    public var brlttyName: String {
        switch self {
        case .lineUp: "LNUP"
        case .lineDown: "LNDN"
        case .panLeft: "FWINLT"
        case .panRight: "FWINRT"
        case .top: "TOP"
        case .bottom: "BOT"
        case .home: "HOME"
        case .route: "ROUTE"
        }
    }

    /// What it does, in words, for the key map and the man page, in the phrasebook of the moment.
    public var meaning: String {
        switch self {
        case .lineUp: translated("the value one step up")
        case .lineDown: translated("the value one step down")
        case .panLeft: translated("the text before; at its start, the previous control")
        case .panRight: translated("the text after; at its end, the next control, or the control again after a message")
        case .top: translated("the maximum")
        case .bottom: translated("the minimum")
        case .home: translated("back to the control, from a message or a panned window")
        case .route: translated("describes the control: label, value and range, as a message")
        }
    }
}
