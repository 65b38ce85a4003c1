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
        description: "Checks that no two controls in a scene share a name",
        help: "Give every control a name of its own",
        source: "WCAG 2.2 SC 2.4.6 Headings and Labels; Google ATF DuplicateSpeakableTextCheck",
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
        return count > 1 ? .violation("\(count) controls are named \"\(label)\"") : .pass
    }
}
