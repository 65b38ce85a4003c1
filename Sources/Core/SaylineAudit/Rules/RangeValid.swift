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
        description: "Checks that the minimum is below the maximum, the step is positive and the value is on the scale",
        help: "Give a range whose minimum is below its maximum, with a positive step",
        source: "WAI-ARIA 1.2 slider (aria-valuemin < aria-valuemax, value within them); the ruler seed's scale rules",
        criteria: [.nameRoleValue])

    static let fields: Set<String> = ["minimum", "maximum", "step", "value"]

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let repairs = element.repairs.filter { Self.fields.contains($0.field) }
        if !repairs.isEmpty { return .violation(repairs.map(\.sentence).joined(separator: "; ")) }
        if element.scale.tickCount < 2 { return .violation("The scale has a single value: there is nothing to adjust") }
        return .pass
    }
}
