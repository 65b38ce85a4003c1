import SaylineText
import SaylineControls

/// A name says what the control sets, not what kind of control it is or how to use it.
///
/// Flags: names with role or gesture words ("slider", "adjustable", "swipe"). The screen reader
/// already says the role, so "Volume slider" is heard as "Volume slider, 5, adjustable".
public struct NameNoRoleWords: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "name-no-role-words", impact: .moderate,
        description: translatable("Checks that a name holds no role or action words, which the screen reader says already"),
        help: translatable("Leave role and action words such as slider or swipe out of names"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("Apple accessibilityLabel guidance (do not include the control type); WAI-ARIA APG naming"),
        criteria: [])

    static let roleWords: Set<String> = ["slider", "adjustable", "swipe", "picker", "scroll", "drag", "tap", "button", "stepper", "widget", "control"]

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let label = element.identity.label
        guard !label.trimmingWhitespace().isEmpty else { return .inapplicable }
        let words = label.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        guard let found = words.first(where: Self.roleWords.contains) else { return .pass }
        // Translators: %1$s is a control's name as the scene gives it, %2$s an English word in it
        // such as "slider": keep both in quotes.
        return .violation(FindingMessage(translatable("The name \"%1$s\" contains \"%2$s\": the screen reader already says the role, so it is heard twice"),
                                         .text(label), .text(found)))
    }
}
