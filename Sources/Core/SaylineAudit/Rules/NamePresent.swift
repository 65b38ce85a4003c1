import SaylineText
import SaylineControls

/// Every control has a name a screen reader can say.
///
/// Flags: an empty label, or one of spaces only (the scene's cleaning removes control characters).
public struct NamePresent: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "name-present", impact: .critical,
        description: "Checks that every control has a label a screen reader can say",
        help: "Give every control a label",
        source: "WCAG 2.2 SC 4.1.2 Name, Role, Value; axe-core aria-input-field-name",
        criteria: [.nameRoleValue])

    /// The rule; it has nothing to configure.
    public init() {}

    /// Heard in each language the scene claims: its words are what it checks.
    public var perLanguage: Bool { true }

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        return element.identity.label.trimmingWhitespace().isEmpty
            ? .violation("The control \(element.identity.id) has no name: a screen reader says only its value")
            : .pass
    }
}
