import SaylineControls

/// Every other setting (tick spacing, major interval, columns, spring, stagger…) is usable as given.
///
/// Flags: controls whose settings outside the range had to be repaired; the report says
/// what was used instead, so the author can fix the scene rather than rely on the repair.
public struct SettingsValid: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "settings-valid", impact: .moderate,
        description: "Checks that the scene's settings are usable as given, without repairs",
        help: "Fix the settings the control had to repair",
        source: "Sayline design principle 4, Docs/architecture.md (bad input yields a usable control, and the sanitising is reported)",
        criteria: [])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let repairs = element.repairs.filter { !RangeValid.fields.contains($0.field) && $0.field != "tickCount" }
        return repairs.isEmpty ? .pass : .violation(repairs.map(\.sentence).joined(separator: "; "))
    }
}
