import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene

/// A control and one walk over its scale, made once and shared by every rule, so the audit
/// drives each control once however many rules look at the results.
public struct ElementProbe: Sendable {
    public let element: AdjustableElement
    /// One increment from each checked tick, and the decrement back.
    public let steps: [StepSample]

    public init(_ element: AdjustableElement) {
        self.element = element
        let announcer = Announcer(verbosity: .normal)
        steps = AuditContext.stepsToCheck(element.scale).map { index in
            let before = AuditContext.element(element, at: index)
            var after = before
            let outcome = after.apply(.increment(1))
            var back = after
            _ = back.apply(.decrement(1))
            var heard: [Announcement] = []
            if case .changed(let change) = outcome { heard = announcer.announcements(for: .changed(after, change)) }
            return StepSample(index: index, before: before, after: after, outcome: outcome, indexAfterComingBack: back.index,
                              spokenBefore: before.spokenValue, spokenAfter: after.spokenValue, displayAfter: after.displayText,
                              announcements: heard)
        }
    }
}

/// One step up from a tick, and back.
public struct StepSample: Sendable {
    public let index: Int
    public let before: AdjustableElement
    public let after: AdjustableElement
    public let outcome: AdjustmentOutcome
    public let indexAfterComingBack: Int
    public let spokenBefore: String
    public let spokenAfter: String
    public let displayAfter: String
    /// What the change announced, at normal verbosity.
    public let announcements: [Announcement]
}
