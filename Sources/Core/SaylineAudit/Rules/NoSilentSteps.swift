import SaylineText
import SaylineControls
import SaylineSession
/// Every step that changes the value changes what is said, and is announced.
///
/// Flags: a step whose spoken text stays the same (a rating shown rounded to whole stars with
/// half-star steps says "4 out of 10" twice), or a change that announces nothing.
public struct NoSilentSteps: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "no-silent-steps", impact: .serious,
        description: translatable("Checks that every change is announced, in words that differ from the value before"),
        help: translatable("Announce every change with words that differ from the last"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("WCAG 2.2 SC 4.1.3 Status Messages; Apple adjustable trait (the new value is spoken on each change)"),
        criteria: [.statusMessages])

    /// The rule; it has nothing to configure.
    public init() {}

    /// Heard in each language the scene claims: its words are what it checks.
    public var perLanguage: Bool { true }

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        guard !probe.steps.isEmpty else { return .inapplicable }
        for step in probe.steps {
            guard case .changed = step.outcome else { continue }
            if step.spokenAfter == step.spokenBefore {
                // Translators: %1$s and %2$s are values, %3$s what is heard for both, as it was
                // heard: keep it in quotes.
                return .violation(FindingMessage(translatable("Stepping from %1$s to %2$s is heard as \"%3$s\" both times"),
                                                 .number(step.before.value), .number(step.after.value), .text(step.spokenBefore)))
            }
            if step.announcements.allSatisfy({ $0.text.isEmpty }) {
                return .violation(FindingMessage(translatable("The change to %s is not announced"), .number(step.after.value)))
            }
        }
        return .pass
    }
}
