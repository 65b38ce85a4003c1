import SaylineText
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
        description: translatable("Checks that a digit roll shows the value it holds"),
        help: translatable("Give the digit roll columns enough for its largest value"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("WCAG 2.2 SC 1.3.1 Info and Relationships; the digit roll seed's column rules"),
        criteria: [.infoAndRelationships])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        // A running application's settings, motion and languages are its own, out of reach.
        guard probe.observation == nil else { return .inapplicable }
        let element = probe.element
        let control = element.control
        guard control.figureMayDiffer else { return .inapplicable }
        for value in [element.value, element.minimum, element.maximum] where control.misstatement(for: value) != nil {
            // The control says what the screen shows, in the report's language when it is written.
            let shows = FindingMessage.Argument.said(FindingMessage.Said { control.misstatement(for: value) ?? "" })
            // Translators: %s says what the digit roll's screen shows instead of its value
            // ("shows $0 for -3, the columns cannot show a minus sign").
            if type(of: control).noun == DigitRoll.noun { return .violation(FindingMessage(translatable("The roll %s"), shows)) }
            // Translators: %s says what a control's screen shows instead of its value.
            return .violation(FindingMessage(translatable("The screen %s"), shows))
        }
        return .pass
    }
}
