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
        description: "Checks that with reduce motion every change jumps, the tour never starts and the words stay the same",
        help: "Jump instead of animating when reduce motion is on, and keep the tour stopped",
        source: "WCAG 2.2 SC 2.3.3 Animation from Interactions; Apple Reduce Motion",
        criteria: [.animationFromInteractions, .pauseStopHide])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
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
            guard command != .tour else {
                if let transition = jumped.transition, transition.transition.intermediateFrameCount() != 0 {
                    return .violation("\(command) draws \(transition.transition.intermediateFrameCount()) intermediate frames with reduce motion on")
                }
                continue
            }
            let animated = full.perform(command)
            if let transition = jumped.transition, transition.transition.intermediateFrameCount() != 0 {
                return .violation("\(command) draws \(transition.transition.intermediateFrameCount()) intermediate frames with reduce motion on")
            }
            if jumped.announcements != animated.announcements && command != .tour {
                return .violation("\(command) is heard differently with reduce motion on")
            }
        }
        if reduced.tour != nil || !reduced.advanceTour().events.isEmpty {
            return .violation("The tour starts with reduce motion on")
        }
        return .pass
    }
}
