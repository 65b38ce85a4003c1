import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
/// A digit roll never shows a figure that is not its value.
///
/// Flags: rolls whose range includes values the columns cannot show: negative values (the
/// seed shows them as 0) or values wider than the columns (the seed drops the leading digits).
public struct FigureMatchesValue: AuditRule {
    public let id = "figure-matches-value"
    public let impact = Impact.serious
    public let description = "Checks that a digit roll shows the value it holds"
    public let help = "Give the digit roll columns enough for its largest value"
    public let source = "WCAG 2.2 SC 1.3.1 Info and Relationships; the digit roll seed's column rules"
    public let criteria: [WCAGCriterion] = [.infoAndRelationships]

    public init() {}

    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        guard case .digitRoll(let roll) = element.kind else { return .inapplicable }
        for value in [element.value, element.minimum, element.maximum] {
            if let misstatement = roll.misstatement(for: value) { return .violation("The roll \(misstatement)") }
        }
        return .pass
    }
}
