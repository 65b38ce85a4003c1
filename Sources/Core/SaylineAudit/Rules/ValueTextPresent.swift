import SaylineText
import SaylineControls
/// Every value has text to show and to say.
///
/// Flags: a value, anywhere on the scale, whose display text or spoken text is empty, and unit
/// words left empty, which leave the value heard as a bare number.
public struct ValueTextPresent: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "value-text-present", impact: .critical,
        description: translatable("Checks that every value has text to show and text to say"),
        help: translatable("Give every value display text and spoken text"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("WCAG 2.2 SC 4.1.2 Name, Role, Value (value); WAI-ARIA aria-valuetext"),
        criteria: [.nameRoleValue])

    /// The rule; it has nothing to configure.
    public init() {}

    /// Heard in each language the scene claims: its words are what it checks.
    public var perLanguage: Bool { true }

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        if let unit = element.identity.unit, unit.singular.isEmpty || unit.plural.isEmpty {
            return .violation(unit.plural.isEmpty
                ? FindingMessage(translatable("The unit has no plural word: values are heard without their unit"))
                : FindingMessage(translatable("The unit has no singular word: values are heard without their unit")))
        }
        if !Self.hasText(element.spokenValue) || !Self.hasText(element.displayText) {
            // Translators: %s is a value of the control.
            return .violation(FindingMessage(translatable("At %s the control has no value text"), .number(element.value)))
        }
        for step in probe.steps where !Self.hasText(step.spokenAfter) || !Self.hasText(step.displayAfter) {
            return .violation(FindingMessage(translatable("At %s the control has no value text"), .number(step.after.value)))
        }
        if let observation = probe.observation {
            for slider in [observation.slider] + observation.presses.compactMap(\.after) where !Self.carriesValue(slider) {
                // Translators: %1$s is a value, %2$s the application's text for it (keep it in quotes).
                return .violation(FindingMessage(translatable("At %1$s the value text \"%2$s\" names another number"),
                                                 .number(slider.current ?? 0), .text(slider.spokenValue)))
            }
        }
        return .pass
    }

    /// Anything but white space: the first such character answers, so a value costs a look at
    /// its first character, not a trimmed copy.
    static func hasText(_ text: String) -> Bool {
        // A printable ASCII byte other than a space settles it without a Unicode lookup.
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return true }
        return text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }

    /// Whether an application's own text for a value carries it: text with no figure ("loud")
    /// may, as ARIA allows; text whose figures are all other numbers than the value, its
    /// rounding or its percentage of the range misleads.
    static func carriesValue(_ slider: AccessibleSlider) -> Bool {
        guard slider.valueTextSource != .number, let value = slider.current else { return true }
        let figures = numbers(in: slider.spokenValue)
        guard !figures.isEmpty else { return true }
        var meant = [value, value.rounded()]
        if let minimum = slider.minimum, let maximum = slider.maximum, maximum > minimum {
            let percent = (value - minimum) / (maximum - minimum) * 100
            meant += [percent, percent.rounded()]
        }
        return figures.contains { figure in meant.contains { abs($0 - figure) <= max(abs($0), 1) * 1e-6 } }
    }

    /// The numbers a text's figures may mean: each run of digits with the marks between them
    /// read every way a person may write it ("1,500" and "1.500" as fifteen hundred, "62,5" as
    /// sixty-two and a half), and a time ("1:30", "1:02:03") as its seconds and, for two
    /// parts, its minutes.
    static func numbers(in text: String) -> [Double] {
        let characters = Array(text)
        func isDigit(_ at: Int) -> Bool { at < characters.count && characters[at].isASCII && characters[at].isNumber }
        var found: [Double] = []
        var index = 0
        while index < characters.count {
            guard isDigit(index) else { index += 1; continue }
            var end = index
            while isDigit(end) || (isDigit(end + 1) && ",.:".contains(characters[end])) { end += 1 }
            // A minus sign (or the typographic one) right before the figure is its sign.
            let negative = index > 0 && (characters[index - 1] == "-" || characters[index - 1] == "\u{2212}")
            found += readings(of: String(characters[index..<end])).map { negative ? -$0 : $0 }
            index = end
        }
        return found
    }

    private static func readings(of figure: String) -> [Double] {
        if figure.contains(":") {
            let parts = figure.split(separator: ":").compactMap { Double($0) }
            guard (2...3).contains(parts.count) else { return [] }
            let seconds = parts.reduce(0) { $0 * 60 + $1 }
            return parts.count == 2 ? [seconds, parts[0] * 60 + parts[1] / 60] : [seconds]
        }
        let commasAsGroups = figure.filter { $0 != "," }
        let commaAsPoint = String(figure.map { $0 == "," ? "." : $0 })
        let pointsAsGroups = String(figure.filter { $0 != "." }.map { $0 == "," ? "." : $0 })
        return [commasAsGroups, commaAsPoint, pointsAsGroups].compactMap { Double($0) }
    }
}
