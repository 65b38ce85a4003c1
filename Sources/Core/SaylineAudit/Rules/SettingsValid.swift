import SaylineText
import SaylineControls

/// Every other setting (tick spacing, major interval, columns, spring, stagger…) is usable as given.
///
/// Flags: controls whose settings outside the range had to be repaired; the report says
/// what was used instead, so the author can fix the scene rather than rely on the repair.
public struct SettingsValid: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "settings-valid", impact: .moderate,
        description: translatable("Checks that the scene's settings are usable as given, without repairs"),
        help: translatable("Fix the settings the control had to repair"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("Sayline design principle 4, Docs/architecture.md (bad input yields a usable control, and the sanitising is reported)"),
        criteria: [])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        // A running application's settings, motion and languages are its own, out of reach.
        guard probe.observation == nil else { return .inapplicable }
        let element = probe.element
        let repairs = element.repairs.filter { !RangeValid.fields.contains($0.field) && $0.field != "tickCount" }
        return FindingMessage.repairs(repairs).map(RuleResult.violation) ?? .pass
    }
}
