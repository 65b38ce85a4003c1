import SaylineText
import SaylineControls
/// Every value can be reached from the keyboard: increments from the minimum reach the
/// maximum, one tick at a time, and decrements come back.
///
/// Flags: a range cut short (the ruler's 20,000-tick cap leaves its top unreachable), a step
/// that skips or sticks, End or Home that miss their bound.
public struct KeyboardReachable: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "keyboard-reachable", impact: .critical,
        description: "Checks that every value can be reached from the keyboard one step at a time, with no dragging",
        help: "Make every value reachable with the arrow keys",
        source: "WCAG 2.2 SC 2.1.1 Keyboard; WAI-ARIA APG slider keyboard interaction",
        criteria: [.keyboard, .draggingMovements])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let scale = element.scale
        if scale.cutsOffRequestedRange {
            let top = NumberText.plainForPrograms(scale.upperBound), asked = NumberText.plainForPrograms(scale.requestedUpperBound)
            return .violation("Values above \(top) cannot be reached: the scale stops at \(scale.tickCount) ticks but the range goes to \(asked)")
        }
        guard scale.tickCount > 1 else { return .inapplicable }
        var moved = element
        _ = moved.apply(.toMaximum)
        if moved.value != scale.upperBound { return .violation("End reaches \(NumberText.plainForPrograms(moved.value)), not the maximum \(NumberText.plainForPrograms(scale.upperBound))") }
        _ = moved.apply(.toMinimum)
        if moved.value != scale.lowerBound { return .violation("Home reaches \(NumberText.plainForPrograms(moved.value)), not the minimum \(NumberText.plainForPrograms(scale.lowerBound))") }
        for step in probe.steps {
            if step.after.index != step.index + 1 {
                return .violation("An increment from \(NumberText.plainForPrograms(step.before.value)) reaches \(NumberText.plainForPrograms(step.after.value)), not the next step")
            }
            if step.indexAfterComingBack != step.index {
                return .violation("A decrement from \(NumberText.plainForPrograms(step.after.value)) does not come back to \(NumberText.plainForPrograms(step.before.value))")
            }
        }
        var top = AuditContext.element(element, at: scale.tickCount - 1)
        if top.apply(.increment(1)) != .unchanged(.atBound(.maximum)) { return .violation("A step past the maximum changed the value") }
        return .pass
    }
}
