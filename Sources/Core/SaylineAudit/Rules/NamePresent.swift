import SaylineText
import SaylineControls

/// Every control has a name a screen reader can say.
///
/// Flags: an empty label, or one of spaces only (the scene's cleaning removes control characters).
public struct NamePresent: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "name-present", impact: .critical,
        description: translatable("Checks that every control has a label a screen reader can say"),
        help: translatable("Give every control a label"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("WCAG 2.2 SC 4.1.2 Name, Role, Value; axe-core aria-input-field-name"),
        criteria: [.nameRoleValue])

    /// The rule; it has nothing to configure.
    public init() {}

    /// Heard in each language the scene claims: its words are what it checks.
    public var perLanguage: Bool { true }

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        return element.identity.label.trimmingWhitespace().isEmpty
            // Translators: %s is a control's id, as the scene gives it.
            ? .violation(FindingMessage(translatable("The control %s has no name: a screen reader says only its value"), .text(element.identity.id)))
            : .pass
    }
}
