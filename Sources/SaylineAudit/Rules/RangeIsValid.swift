import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
/// The range and step describe a real scale: minimum below maximum, a finite step above zero,
/// and a starting value inside the range, on a step.
///
/// Flags: every control whose range, step or value had to be repaired, and scales with a
/// single value (nothing to adjust).
public struct RangeIsValid: AuditRule {
    public let id = "range-valid"
    public let impact = Impact.serious
    public let description = "Checks that the minimum is below the maximum, the step is positive and the value is on the scale"
    public let help = "Give a range whose minimum is below its maximum, with a positive step"
    public let source = "WAI-ARIA 1.2 slider (aria-valuemin < aria-valuemax, value within them); the ruler seed's scale rules"
    public let criteria: [WCAGCriterion] = [.nameRoleValue]

    static let fields: Set<String> = ["minimum", "maximum", "step", "value"]

    public init() {}

    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let repairs = element.repairs.filter { Self.fields.contains($0.field) }
        if !repairs.isEmpty { return .violation(repairs.map(\.sentence).joined(separator: "; ")) }
        if element.scale.tickCount < 2 { return .violation("The scale has a single value: there is nothing to adjust") }
        return .pass
    }
}
