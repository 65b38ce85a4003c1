import SaylineText
import SaylineControls

/// No two controls in a scene share a name.
///
/// Flags: every control whose name another control also has (compared without case): a person
/// moving by name cannot tell them apart.
public struct NameUnique: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "name-unique", impact: .serious,
        description: translatable("Checks that no two controls in a scene share a name"),
        help: translatable("Give every control a name of its own"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("WCAG 2.2 SC 2.4.6 Headings and Labels; Google ATF DuplicateSpeakableTextCheck"),
        criteria: [.headingsAndLabels])

    /// The rule; it has nothing to configure.
    public init() {}

    /// Heard in each language the scene claims: its words are what it checks.
    public var perLanguage: Bool { true }

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let label = element.identity.label
        guard !label.trimmingWhitespace().isEmpty else { return .inapplicable }
        let count = context.nameCounts[AuditContext.nameKey(label)] ?? 1
        guard count > 1 else { return .pass }
        // Translators: %1$s counts controls (two or more), %2$s is the name they share: keep it
        // in quotes.
        return .violation(FindingMessage(counting: translatableCount("%1$s control is named \"%2$s\"", "%1$s controls are named \"%2$s\""), count: count,
                                         .number(Double(count)), .text(label)))
    }
}
