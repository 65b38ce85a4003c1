/// Every step that changes the value changes what is said, and is announced.
///
/// Flags: a step whose spoken text stays the same (a rating shown rounded to whole stars with
/// half-star steps says "4 out of 10" twice), or a change that announces nothing.
public struct NoSilentSteps: AuditRule {
    public let id = "no-silent-steps"
    public let impact = Impact.serious
    public let help = "Every change is heard"
    public let source = "WCAG 2.2 SC 4.1.3 Status Messages; Apple adjustable trait (the new value is spoken on each change)"

    public init() {}

    public func check(_ element: AdjustableElement, in context: AuditContext) -> RuleResult {
        let steps = AuditContext.stepsToCheck(element.scale)
        guard !steps.isEmpty else { return .inapplicable }
        let announcer = Announcer(verbosity: .normal)
        for index in steps {
            let before = AuditContext.element(element, at: index)
            var after = before
            guard case .changed(let change) = after.apply(.increment(1)) else { continue }
            if after.spokenValue == before.spokenValue {
                return .violation("Stepping from \(NumberText.plain(before.value)) to \(NumberText.plain(after.value)) is heard as \"\(before.spokenValue)\" both times")
            }
            if announcer.announcements(for: .changed(after, change)).allSatisfy({ $0.text.isEmpty }) {
                return .violation("The change to \(NumberText.plain(after.value)) is not announced")
            }
        }
        return .pass
    }
}
