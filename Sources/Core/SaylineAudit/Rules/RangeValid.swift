import SaylineText
import SaylineControls

/// The range and step describe a real scale: minimum below maximum, a finite step above zero,
/// and a starting value inside the range, on a step.
///
/// Flags: every control whose range, step or value had to be repaired, and scales with a
/// single value (nothing to adjust).
public struct RangeValid: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "range-valid", impact: .serious,
        description: translatable("Checks that the minimum is below the maximum, the step is positive and the value is on the scale"),
        help: translatable("Give a range whose minimum is below its maximum, with a positive step"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("WAI-ARIA 1.2 slider (aria-valuemin < aria-valuemax, value within them); the ruler seed's scale rules"),
        criteria: [.nameRoleValue])

    static let fields: Set<String> = ["minimum", "maximum", "step", "value"]

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let repairs = element.repairs.filter { Self.fields.contains($0.field) }
        if let repaired = FindingMessage.repairs(repairs) { return .violation(repaired) }
        if element.scale.tickCount < 2 { return .violation(FindingMessage(translatable("The scale has a single value: there is nothing to adjust"))) }
        return .pass
    }
}

extension FindingMessage {
    /// What the control had to repair, one repair after another: "maximum 0 is below the
    /// minimum; the minimum is used instead". Nil for none.
    static func repairs(_ repairs: [Repair]) -> FindingMessage? {
        FindingMessage.joined(repairs.map { repair in
            // Translators: a setting the control had to repair: %1$s is the setting's name as the
            // scene writes it ("maximum", kept as it is), %2$s what is wrong with it ("0 is below
            // the minimum"), %3$s what is used instead.
            FindingMessage(translatable("%1$s %2$s; %3$s is used instead"), .text(repair.field), .text(repair.problem), replacement(repair.replacement))
        })
    }

    /// What a repair uses instead: a number as it is, the bound in the report's words. The
    /// controls name the minimum in English words of their own, made with the scene.
    private static func replacement(_ words: String) -> Argument {
        // Translators: what a repaired maximum or value is set to instead ("the minimum is used instead").
        words == "the minimum" ? .message(FindingMessage(translatable("the minimum"))) : .text(words)
    }
}
