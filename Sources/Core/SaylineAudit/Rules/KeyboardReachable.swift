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
        description: translatable("Checks that every value can be reached from the keyboard one step at a time, with no dragging"),
        help: translatable("Make every value reachable with the arrow keys"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("WCAG 2.2 SC 2.1.1 Keyboard; WAI-ARIA APG slider keyboard interaction"),
        criteria: [.keyboard, .draggingMovements])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        if let observation = probe.observation { return Self.check(observation) }
        let element = probe.element
        let scale = element.scale
        if scale.cutsOffRequestedRange {
            // Translators: %1$s is the highest value reached, %2$s a number of ticks (steps on
            // the scale), %3$s the maximum the scene asked for.
            return .violation(FindingMessage(counting: translatableCount("Values above %1$s cannot be reached: the scale stops at %2$s tick but the range goes to %3$s",
                                                                         "Values above %1$s cannot be reached: the scale stops at %2$s ticks but the range goes to %3$s"),
                                             count: scale.tickCount, .number(scale.upperBound), .number(Double(scale.tickCount)), .number(scale.requestedUpperBound)))
        }
        guard scale.tickCount > 1 else { return .inapplicable }
        var moved = element
        _ = moved.apply(.toMaximum)
        if moved.value != scale.upperBound {
            // Translators: %1$s is a key's name (End), %2$s the value it reaches, %3$s the maximum.
            return .violation(FindingMessage(translatable("%1$s reaches %2$s, not the maximum %3$s"), .message(Self.key("End")), .number(moved.value), .number(scale.upperBound)))
        }
        _ = moved.apply(.toMinimum)
        if moved.value != scale.lowerBound {
            // Translators: %1$s is a key's name (Home), %2$s the value it reaches, %3$s the minimum.
            return .violation(FindingMessage(translatable("%1$s reaches %2$s, not the minimum %3$s"), .message(Self.key("Home")), .number(moved.value), .number(scale.lowerBound)))
        }
        for step in probe.steps {
            if step.after.index != step.index + 1 {
                return .violation(FindingMessage(translatable("An increment from %1$s reaches %2$s, not the next step"), .number(step.before.value), .number(step.after.value)))
            }
            if step.indexAfterComingBack != step.index {
                return .violation(FindingMessage(translatable("A decrement from %1$s does not come back to %2$s"), .number(step.after.value), .number(step.before.value)))
            }
        }
        var top = AuditContext.element(element, at: scale.tickCount - 1)
        if top.apply(.increment(1)) != .unchanged(.atBound(.maximum)) { return .violation(FindingMessage(translatable("A step past the maximum changed the value"))) }
        return .pass
    }

    /// A key by the name the language gives it ("Pos1" for Home in German): the key table's own.
    private static func key(_ name: String) -> FindingMessage { FindingMessage(context: "key name", name) }

    /// A running application's control, as a keyboard user found it: it takes focus, and each
    /// key that points away from a bound moves the value, End and Home to the bounds.
    static func check(_ observation: LiveObservation) -> RuleResult {
        let role = observation.slider.role.spokenName
        switch observation.focus {
        case .notFocusable:
            // Translators: %s is a role as a screen reader says it ("slider", "spin button"), in
            // the four findings about focus: a language whose roles differ in gender may name
            // the control with a word of its own before the role.
            return .violation(FindingMessage(translatable("The %s cannot take keyboard focus: a keyboard user never reaches it"), .text(role)))
        case .refused:
            return .violation(FindingMessage(translatable("The %s says it can take focus, but did not take it when asked"), .text(role)))
        case .notTried:
            return .inapplicable
        case .cannotBeMoved:
            return .incomplete(FindingMessage(translatable("The application cannot be asked to move focus to the %s, so its keys were not tried"), .text(role)))
        case .unconfirmed:
            if !observation.presses.contains(where: \.moved) {
                return .incomplete(FindingMessage(translatable("The %s never said it had focus, and no key moved it: check it from the keyboard"), .text(role)))
            }
        case .taken:
            break
        }
        for press in observation.presses where press.shouldMove {
            guard let after = press.after, let before = press.before.current else { continue }
            if press.movedBackwards, let reached = after.current {
                // Translators: %1$s is a key's name, %2$s and %3$s values.
                return .incomplete(FindingMessage(translatable("%1$s moves the value the other way, from %2$s to %3$s: the WAI-ARIA slider pattern has it the other way round"),
                                                  .message(key(press.key.rawValue)), .number(before), .number(reached)))
            }
            if !press.moved {
                // Translators: %1$s is a key's name, %2$s the value it was pressed at.
                return .violation(FindingMessage(translatable("%1$s does not move the value from %2$s: the control does not answer the key"),
                                                 .message(key(press.key.rawValue)), .number(before)))
            }
            if press.key == .end, let maximum = after.maximum, let reached = after.current, reached != maximum {
                return .violation(FindingMessage(translatable("%1$s reaches %2$s, not the maximum %3$s"), .message(key("End")), .number(reached), .number(maximum)))
            }
            if press.key == .home, let minimum = after.minimum, let reached = after.current, reached != minimum {
                return .violation(FindingMessage(translatable("%1$s reaches %2$s, not the minimum %3$s"), .message(key("Home")), .number(reached), .number(minimum)))
            }
        }
        return observation.presses.isEmpty ? .inapplicable : .pass
    }
}
