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
    /// What a passing control has, in one sentence: "Every control has a name".
    var help: String { get }
    /// Where the rule comes from.
    var source: String { get }
    func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult
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
