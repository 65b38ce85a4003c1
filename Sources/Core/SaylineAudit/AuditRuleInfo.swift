/// What a rule is, as every report names it: its id, impact, sentences and criteria.
public struct AuditRuleInfo: Sendable, Equatable {
    /// Stable id for reports and suppressions: `name-present`.
    public let id: String
    /// How much a violation stands in a person's way.
    public let impact: Impact
    /// What the rule checks, in one sentence (axe-core's `description`).
    public let description: String
    /// What to do about a violation, in a few words (axe-core's `help`).
    public let help: String
    /// Where the rule comes from.
    public let source: String
    /// The WCAG 2.2 success criteria it checks; none for a rule of best practice.
    public let criteria: [WCAGCriterion]

    /// A rule's description.
    public init(id: String, impact: Impact, description: String, help: String, source: String, criteria: [WCAGCriterion]) {
        self.id = id
        self.impact = impact
        self.description = description
        self.help = help
        self.source = source
        self.criteria = criteria
    }

    /// axe-core's tags: the level and criterion of each WCAG criterion, or "best-practice".
    public var tags: [String] {
        guard !criteria.isEmpty else { return ["best-practice"] }
        var tags: [String] = []
        for tag in criteria.flatMap({ [$0.levelTag, $0.criterionTag] }) where !tags.contains(tag) { tags.append(tag) }
        return tags
    }

    /// The rule's section of the audit-rules reference.
    public var helpURL: String { AuditRules.documentation + "#" + id }

    /// "WCAG 2.2 SC 4.1.2 Name, Role, Value (A)", or "best practice".
    public var criteriaWords: String {
        criteria.isEmpty ? "best practice, not a WCAG criterion" : criteria.map(\.title).joined(separator: "; ")
    }
}
