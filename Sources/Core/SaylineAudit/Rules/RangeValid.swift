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
        if let observation = probe.observation { return Self.check(observation.slider) }
        let element = probe.element
        let repairs = element.repairs.filter { Self.fields.contains($0.field) }
        if let repaired = FindingMessage.repairs(repairs) { return .violation(repaired) }
        if element.scale.tickCount < 2 { return .violation(FindingMessage(translatable("The scale has a single value: there is nothing to adjust"))) }
        return .pass
    }
}

extension RangeValid {
    /// A running application's range as it reports it: a maximum above the minimum, and a
    /// step; GTK 4 and ARIA sliders report a step of 0, which a person should look at.
    static func check(_ slider: AccessibleSlider) -> RuleResult {
        guard let minimum = slider.minimum, let maximum = slider.maximum, slider.current != nil else {
            return .violation(FindingMessage(translatable("The application does not report its value, minimum and maximum as numbers")))
        }
        if maximum <= minimum {
            // Translators: %1$s is the maximum, %2$s the minimum, as the application reports them.
            return .violation(FindingMessage(translatable("The maximum %1$s is not above the minimum %2$s: there is nothing to adjust"), .number(maximum), .number(minimum)))
        }
        if let increment = slider.increment, increment < 0 {
            // Translators: %s is the step the application reports, below zero.
            return .violation(FindingMessage(translatable("The application reports a step of %s, below zero: a step must be positive"), .number(increment)))
        }
        if (slider.increment ?? 0) <= 0 {
            return .incomplete(FindingMessage(translatable("The application reports a step of 0: a screen reader cannot tell how far a key moves the value")))
        }
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
