import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
/// Every other setting (tick spacing, major interval, columns, spring, stagger…) is usable as given.
///
/// Flags: controls whose settings outside the range had to be repaired; the report says
/// what was used instead, so the author can fix the scene rather than rely on the repair.
public struct SettingsNeedNoRepair: AuditRule {
    public let id = "settings-valid"
    public let impact = Impact.moderate
    public let description = "Checks that the scene's settings are usable as given, without repairs"
    public let help = "Fix the settings the control had to repair"
    public let source = "Sayline design principle 4, Docs/architecture.md (bad input yields a usable control, and the sanitising is reported)"
    public let criteria: [WCAGCriterion] = []

    public init() {}

    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let repairs = element.repairs.filter { !RangeIsValid.fields.contains($0.field) && $0.field != "tickCount" }
        return repairs.isEmpty ? .pass : .violation(repairs.map(\.sentence).joined(separator: "; "))
    }
}
