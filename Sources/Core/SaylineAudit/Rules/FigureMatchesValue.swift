import SaylineControls

/// A control never shows a figure that is not its value.
///
/// Looks at kinds whose figure may differ from the value (the digit roll). Flags ranges that
/// include values the screen cannot show: for a roll, negative values (the seed shows them as
/// 0) or values wider than the columns (the seed drops the leading digits).
public struct FigureMatchesValue: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "figure-matches-value", impact: .serious,
        description: "Checks that a digit roll shows the value it holds",
        help: "Give the digit roll columns enough for its largest value",
        source: "WCAG 2.2 SC 1.3.1 Info and Relationships; the digit roll seed's column rules",
        criteria: [.infoAndRelationships])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let control = element.control
        guard control.figureMayDiffer else { return .inapplicable }
        for value in [element.value, element.minimum, element.maximum] {
            if let misstatement = control.misstatement(for: value) { return .violation("The \(type(of: control).noun) \(misstatement)") }
        }
        return .pass
    }
}
