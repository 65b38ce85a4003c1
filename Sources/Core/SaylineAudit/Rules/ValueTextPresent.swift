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
        return .pass
    }

    /// Anything but white space: the first such character answers, so a value costs a look at
    /// its first character, not a trimmed copy.
    static func hasText(_ text: String) -> Bool {
        // A printable ASCII byte other than a space settles it without a Unicode lookup.
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return true }
        return text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }
}
