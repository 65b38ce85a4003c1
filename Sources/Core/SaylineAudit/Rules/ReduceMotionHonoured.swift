import SaylineText
import SaylineControls
import SaylineSession
/// With reduce motion on, every change jumps, the tour does not start, and what is heard is
/// the same as with motion on.
///
/// Flags: any transition with intermediate frames under reduce motion, a tour that starts, or
/// an announcement that differs between the two settings.
public struct ReduceMotionHonoured: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "reduce-motion-honoured", impact: .critical,
        description: translatable("Checks that with reduce motion every change jumps, the tour never starts and the words stay the same"),
        help: translatable("Jump instead of animating when reduce motion is on, and keep the tour stopped"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("WCAG 2.2 SC 2.3.3 Animation from Interactions; Apple Reduce Motion"),
        criteria: [.animationFromInteractions, .pauseStopHide])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        // A running application's settings, motion and languages are its own, out of reach.
        guard probe.observation == nil else { return .inapplicable }
        let element = probe.element
        var reduced = Session(elements: [element], motion: .reduce)
        var full = Session(elements: [element], motion: .full)
        let middle = NumberText.plainForPrograms(element.scale.value(at: element.scale.tickCount / 2))
        // A press, a typed value and the tour: every value change, undo's too, reaches the
        // screen through one transition, and these start one each way a person can.
        let commands: [Command] = [.increment(1), .set(middle), .tour]
        for command in commands {
            let jumped = reduced.perform(command)
            // With motion the tour runs and is timed; what is heard of it is not compared.
            if let transition = jumped.transition, transition.transition.intermediateFrameCount() != 0 {
                let frames = transition.transition.intermediateFrameCount()
                // Translators: %1$s is a command as it is typed ("inc", "set 5", "tour"), %2$s a
                // number of frames drawn between two values.
                return .violation(FindingMessage(counting: translatableCount("%1$s draws %2$s intermediate frame with reduce motion on",
                                                                             "%1$s draws %2$s intermediate frames with reduce motion on"),
                                                 count: frames, .text(Self.typed(command)), .number(Double(frames))))
            }
            // With motion the tour runs and is timed; what is heard of it is not compared.
            guard command != .tour else { continue }
            let animated = full.perform(command)
            if jumped.announcements != animated.announcements {
                // Translators: %s is a command as it is typed ("inc", "set 5").
                return .violation(FindingMessage(translatable("%s is heard differently with reduce motion on"), .text(Self.typed(command))))
            }
        }
        if reduced.tour != nil || !reduced.advanceTour().events.isEmpty {
            return .violation(FindingMessage(translatable("The tour starts with reduce motion on")))
        }
        return .pass
    }

    /// A command as a person types it: "inc", "set 5", "tour".
    private static func typed(_ command: Command) -> String {
        if case .set(let value) = command { return command.name + " " + value }
        return command.name
    }
}
