import SaylineText
import SaylineControls

/// What a braille display shows: the focused control (label and value) the moment it changes,
/// and a message (an error, a boundary, a description) over it for a moment, until a key or
/// `messageHold` seconds give the line back to the control. Text longer than the display is
/// panned a window at a time. The front writes `shown` to the display whenever it changes.
public struct BrailleView: Sendable {
    /// How long a message stays without a key: BRLTTY's own message hold.
    public static let messageHold = 4.0

    /// The display's cells in a row.
    public let width: Int
    /// Makes text into cells: the text itself for computer braille (BRLTTY's table shows each
    /// character as a cell), Unicode braille patterns for contracted braille.
    private let cells: @Sendable (String) -> String
    private var control: BrailleWindows
    private var message: (windows: BrailleWindows, until: Double)?
    /// The window of the control or the message being read.
    private var window = 0

    public init(width: Int, cells: @escaping @Sendable (String) -> String = { $0 }) {
        self.width = max(1, width)
        self.cells = cells
        control = BrailleWindows("", width: width)
    }

    /// The window shown now.
    public var shown: String {
        let windows = (message?.windows ?? control).windows
        return windows[min(window, windows.count - 1)]
    }

    /// Whether a message is over the control.
    public var showsMessage: Bool { message != nil }

    /// When the message gives way, if one is shown.
    public var deadline: Double? { message?.until }

    /// The control's line: "Weight 62.5 kg" when it fits, else the value first ("62.5 kg
    /// Weight"), so a short display shows the value before any panning.
    public func controlText(for element: AdjustableElement) -> String {
        let label = cells(element.identity.label)
        let value = cells(Self.value(of: element))
        let whole = label + " " + value
        return whole.count <= width ? whole : value + " " + label
    }

    /// The value as the screen shows it ("62.5 kg", "3/10", "$12,480"), except when the screen
    /// cannot show it (a digit roll with too few columns): braille shows the true value, as
    /// speech says it ("$1234567").
    static func value(of element: AdjustableElement) -> String {
        element.misstatement == nil ? element.displayText : element.spokenValue
    }

    /// Takes what a reply did and said: the focused control as it is now, and a message for
    /// whatever the control's line does not tell (errors, boundaries, descriptions, help).
    /// - Parameters:
    ///   - focused: the focused control after the reply, or nil when the reply is an output's own.
    ///   - messages: text an output reports (a change command failed).
    public mutating func receive(events: [SessionEvent], spoken: [Announcement], messages: [String] = [],
                                 focused: AdjustableElement?, now: Double) {
        if let focused {
            let next = BrailleWindows(controlText(for: focused), width: width)
            if next != control {
                control = next
                if message == nil { window = 0 }
            }
        }
        let said = Self.untold(events: events, spoken: spoken) + messages
        if !said.isEmpty {
            message = (BrailleWindows(cells(Self.sentences(said)), width: width), now + Self.messageHold)
            window = 0
        }
    }

    /// Lines the control's own line does not already tell: none for a focus move or a change
    /// (the line shows the new value), every line said for anything else.
    static func untold(events: [SessionEvent], spoken: [Announcement]) -> [String] {
        let toldByTheLine = events.allSatisfy { event in
            switch event {
            case .focused, .changed, .tourStep, .restored: true
            default: false
            }
        }
        if toldByTheLine && spoken.allSatisfy({ $0.kind == .change || $0.kind == .info }) { return [] }
        return spoken.map(\.text)
    }

    /// Lines as one text to pan through, each ended as a sentence so one reads where the
    /// next begins ("… steps of 0.5. Rating, …").
    static func sentences(_ lines: [String]) -> String {
        lines.enumerated().map { index, line in
            index == lines.count - 1 || line.last.map { ".!?,;:".contains($0) } == true ? line : line + "."
        }.joinedText(separator: " ")
    }

    /// Time has passed: whether a message gave way, so the control is shown again.
    public mutating func expire(now: Double) -> Bool {
        guard let held = message, now >= held.until else { return false }
        dismissMessage()
        return true
    }

    /// A key of the keyboard or the display other than panning: a message gives way to the
    /// control at once, before the key does what it does.
    public mutating func keyPressed() {
        dismissMessage()
    }

    /// A display key: what it leaves for the session to do, if anything. Panning moves through
    /// the text shown; past the control's ends it moves focus.
    public mutating func press(_ key: BrailleKey, now: Double) -> Command? {
        switch key {
        case .panRight:
            let count = (message?.windows ?? control).windows.count
            if window + 1 < count {
                window += 1
                holdMessage(now: now)
                return nil
            }
            if message != nil {
                dismissMessage()
                return nil
            }
            return .next
        case .panLeft:
            if window > 0 {
                window -= 1
                holdMessage(now: now)
                return nil
            }
            return message == nil ? .previous : nil
        case .home:
            dismissMessage()
            window = 0
            return nil
        default:
            keyPressed()
            return key.command
        }
    }

    /// A message being read stays while it is panned.
    private mutating func holdMessage(now: Double) {
        if let held = message { message = (held.windows, now + Self.messageHold) }
    }

    private mutating func dismissMessage() {
        guard message != nil else { return }
        message = nil
        window = 0
    }
}
