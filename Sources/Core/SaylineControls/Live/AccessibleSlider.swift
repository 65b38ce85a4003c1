import SaylineText

/// What the accessibility bus said of one slider or spin button of a running application, at
/// one moment: the facts a screen reader reads, cleaned and bounded as they arrive (a name of a
/// megabyte, an escape sequence, a value that is not a number are an application's to send and
/// never a terminal's to receive).
public struct AccessibleSlider: Sendable, Equatable {
    /// The two roles whose accessibles Sayline adjusts.
    public enum Role: String, Sendable, Equatable {
        case slider
        case spinButton = "spin button"

        /// The role as a screen reader says it, in the person's language.
        public var spokenName: String {
            switch self {
            case .slider: translatedIn("an accessible's role", "slider")
            case .spinButton: translatedIn("an accessible's role", "spin button")
            }
        }
    }

    /// Where the control is: application › window › … › control, each with its name and role.
    public var path: AccessiblePath
    /// Its accessible name; empty when it has none.
    public var name: String
    public var role: Role
    /// `Value.CurrentValue`, nil when it could not be read or is not finite.
    public var current: Double?
    public var minimum: Double?
    public var maximum: Double?
    /// `Value.MinimumIncrement`: 0 from GTK 4 and ARIA sliders, which report none.
    public var increment: Double?
    /// The `valuetext` object attribute (ARIA's aria-valuetext), if given.
    public var valueTextAttribute: String?
    /// `Value.Text`, if given.
    public var valueText: String?
    /// Whether it can take keyboard focus, and whether it has it.
    public var focusable: Bool
    public var focused: Bool
    /// Whether it responds (a dimmed control does not).
    public var sensitive: Bool

    /// A control as read.
    public init(path: AccessiblePath, name: String, role: Role, current: Double?, minimum: Double?, maximum: Double?, increment: Double?,
                valueTextAttribute: String?, valueText: String?, focusable: Bool, focused: Bool, sensitive: Bool) {
        self.path = path
        self.name = Self.bounded(name)
        self.role = role
        self.current = current.flatMap { $0.isFinite ? $0 : nil }
        self.minimum = minimum.flatMap { $0.isFinite ? $0 : nil }
        self.maximum = maximum.flatMap { $0.isFinite ? $0 : nil }
        self.increment = increment.flatMap { $0.isFinite ? $0 : nil }
        self.valueTextAttribute = valueTextAttribute.map(Self.bounded).flatMap { $0.isEmpty ? nil : $0 }
        self.valueText = valueText.map(Self.bounded).flatMap { $0.isEmpty ? nil : $0 }
        self.focusable = focusable
        self.focused = focused
        self.sensitive = sensitive
    }

    /// The longest name or value text kept, in characters: far past anything a person listens
    /// to, short enough that a megabyte from an application costs nothing.
    public static let longestText = 500

    /// Text from an application: control characters and escape sequences out, spaces joined,
    /// and cut at `longestText` with an ellipsis.
    public static func bounded(_ text: String) -> String {
        // Cut before cleaning, so a megabyte is never walked whole.
        let head = text.utf8.count > longestText * 4 ? String(decoding: text.utf8.prefix(longestText * 4), as: UTF8.self) : text
        let clean = TextSanitiser.clean(head).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
        guard clean.count > longestText else { return clean }
        return String(clean.prefix(longestText)) + "…"
    }

    /// The decimal places a reader says the number in when the application gives no text, as
    /// Orca works them out: those of the increment, else 1 below 1 and 0 above.
    public var places: Int {
        if let increment, increment > 0 {
            // ceil(-log10(increment)), at least 0, counted by tens.
            var places = 0
            var scaled = increment
            while scaled < 1 - 1e-9 && places < 12 {
                scaled *= 10
                places += 1
            }
            return places
        }
        return abs(current ?? 0) < 1 ? 1 : 0
    }

    /// Where the text a reader says for the value comes from, in Orca's order.
    public enum ValueTextSource: String, Sendable {
        /// The `valuetext` object attribute.
        case attribute = "valuetext"
        /// `Value.Text`.
        case valueText = "Value.Text"
        /// The current value, formatted.
        case number = "number"
    }

    /// The text a screen reader says for the value, in Orca's order: the `valuetext` attribute,
    /// then `Value.Text`, then the current value formatted; empty when there is no value at all.
    public var spokenValue: String {
        if let valueTextAttribute { return valueTextAttribute }
        if let valueText { return valueText }
        guard let current else { return "" }
        return NumberText.spokenKeepingPlaces(current, places: places)
    }

    /// Which of the three `spokenValue` came from.
    public var valueTextSource: ValueTextSource {
        valueTextAttribute != nil ? .attribute : valueText != nil ? .valueText : .number
    }
}
