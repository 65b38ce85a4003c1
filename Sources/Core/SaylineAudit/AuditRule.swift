/// One accessibility rule, checked for each control of a scene.
///
/// Rules are small and each lives in its own file under `Rules/`; `AuditRules.all` lists them.
/// A rule never changes the scene: it drives copies of the elements.
public protocol AuditRule: Sendable {
    /// What reports say of the rule.
    var info: AuditRuleInfo { get }
    /// The rule's verdict on one control, from the walk every rule shares.
    func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult
    /// Whether what the rule checks are words, heard again in each language the scene claims.
    var perLanguage: Bool { get }
}

extension AuditRule {
    /// Stable id for reports and suppressions: `name-present`.
    public var id: String { info.id }
    /// How much a violation stands in a person's way.
    public var impact: Impact { info.impact }
    /// What the rule checks, in one sentence.
    public var description: String { info.description }
    /// What to do about a violation, in a few words.
    public var help: String { info.help }
    /// Where the rule comes from.
    public var source: String { info.source }
    /// The WCAG 2.2 success criteria it checks.
    public var criteria: [WCAGCriterion] { info.criteria }
    /// axe-core's tags.
    public var tags: [String] { info.tags }
    /// The rule's section of the audit-rules reference.
    public var helpURL: String { info.helpURL }
    /// Most rules check the numbers and the keys, the same in every language.
    public var perLanguage: Bool { false }
}

/// One rule's verdict on one control. What it found is a message said when the report is
/// written, in the report's language, whatever language the pass heard the scene in.
public enum RuleResult: Sendable, Equatable {
    case pass
    case violation(FindingMessage)
    /// The rule could not tell: a person should look (axe's "incomplete", ATF's "NOT_RUN").
    case incomplete(FindingMessage)
    /// The rule does not apply to this control.
    case inapplicable
}
