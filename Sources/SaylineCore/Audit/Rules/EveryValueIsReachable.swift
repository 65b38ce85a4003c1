/// Every value can be reached from the keyboard: increments from the minimum reach the
/// maximum, one tick at a time, and decrements come back.
///
/// Flags: a range cut short (the ruler's 20,000-tick cap leaves its top unreachable), a step
/// that skips or sticks, End or Home that miss their bound.
public struct EveryValueIsReachable: AuditRule {
    public let id = "keyboard-reachable"
    public let impact = Impact.critical
    public let help = "Every value is reachable by keyboard"
    public let source = "WCAG 2.2 SC 2.1.1 Keyboard; WAI-ARIA APG slider keyboard interaction"

    public init() {}

    public func check(_ element: AdjustableElement, in context: AuditContext) -> RuleResult {
        let scale = element.scale
        if scale.cutsOffRequestedRange {
            let top = NumberText.plain(scale.upperBound), asked = NumberText.plain(scale.requestedUpperBound)
            return .violation("Values above \(top) cannot be reached: the scale stops at \(scale.tickCount) ticks but the range goes to \(asked)")
        }
        guard scale.tickCount > 1 else { return .inapplicable }
        var probe = element
        _ = probe.apply(.toMaximum)
        if probe.value != scale.upperBound { return .violation("End reaches \(NumberText.plain(probe.value)), not the maximum \(NumberText.plain(scale.upperBound))") }
        _ = probe.apply(.toMinimum)
        if probe.value != scale.lowerBound { return .violation("Home reaches \(NumberText.plain(probe.value)), not the minimum \(NumberText.plain(scale.lowerBound))") }
        for index in AuditContext.stepsToCheck(scale) {
            var up = AuditContext.element(element, at: index)
            _ = up.apply(.increment(1))
            if up.index != index + 1 {
                return .violation("An increment from \(NumberText.plain(scale.value(at: index))) reaches \(NumberText.plain(up.value)), not the next step")
            }
            _ = up.apply(.decrement(1))
            if up.index != index {
                return .violation("A decrement from \(NumberText.plain(scale.value(at: index + 1))) does not come back to \(NumberText.plain(scale.value(at: index)))")
            }
        }
        var top = AuditContext.element(element, at: scale.tickCount - 1)
        if top.apply(.increment(1)) != .unchanged(.atBound(.maximum)) { return .violation("A step past the maximum changed the value") }
        return .pass
    }
}
