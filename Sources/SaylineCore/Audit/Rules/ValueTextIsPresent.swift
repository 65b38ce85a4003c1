/// Every value has text to show and to say.
///
/// Flags: a value, anywhere on the scale, whose display text or spoken text is empty, and unit
/// words left empty, which leave the value heard as a bare number.
public struct ValueTextIsPresent: AuditRule {
    public let id = "value-text-present"
    public let impact = Impact.critical
    public let help = "Every value has text to show and to say"
    public let source = "WCAG 2.2 SC 4.1.2 Name, Role, Value (value); WAI-ARIA aria-valuetext"

    public init() {}

    public func check(_ element: AdjustableElement, in context: AuditContext) -> RuleResult {
        if let unit = element.identity.unit, unit.singular.isEmpty || unit.plural.isEmpty {
            return .violation("The unit has no \(unit.plural.isEmpty ? "plural" : "singular") word: values are heard without their unit")
        }
        let indices = AuditContext.stepsToCheck(element.scale) + [element.scale.tickCount - 1, element.index]
        for index in indices {
            let moved = AuditContext.element(element, at: index)
            if moved.spokenValue.trimmingWhitespace().isEmpty || moved.displayText.trimmingWhitespace().isEmpty {
                return .violation("At \(NumberText.plain(moved.value)) the control has no value text")
            }
        }
        return .pass
    }
}
