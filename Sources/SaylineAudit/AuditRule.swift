import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
/// One accessibility rule, checked for each control of a scene.
///
/// Rules are small and each lives in its own file under `Rules/`; `AuditRules.all` lists them.
/// A rule never changes the scene: it drives copies of the elements.
public protocol AuditRule: Sendable {
    /// Stable id for reports and suppressions: `name-present`.
    var id: String { get }
    var impact: Impact { get }
    /// What the rule checks, in one sentence (axe-core's `description`).
    var description: String { get }
    /// What to do about a violation, in a few words (axe-core's `help`).
    var help: String { get }
    /// Where the rule comes from.
    var source: String { get }
    /// The WCAG 2.2 success criteria it checks; none for a rule of best practice.
    var criteria: [WCAGCriterion] { get }
    func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult
}

extension AuditRule {
    /// axe-core's tags: the level and criterion of each WCAG criterion, or "best-practice".
    public var tags: [String] {
        guard !criteria.isEmpty else { return ["best-practice"] }
        var tags: [String] = []
        for tag in criteria.flatMap({ [$0.levelTag, $0.criterionTag] }) where !tags.contains(tag) { tags.append(tag) }
        return tags
    }

    /// The rule's section of the audit-rules reference.
    public var helpURL: String { AuditRules.documentation + "#" + id }
}

/// One rule's verdict on one control.
public enum RuleResult: Sendable, Equatable {
    case pass
    case violation(String)
    /// The rule could not tell: a person should look (axe's "incomplete", ATF's "NOT_RUN").
    case incomplete(String)
    /// The rule does not apply to this control.
    case inapplicable
}
