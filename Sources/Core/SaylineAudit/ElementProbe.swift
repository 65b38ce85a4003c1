import SaylineControls
import SaylineSession

/// A control and one walk over its scale, made once and shared by every rule, so the audit
/// drives each control once however many rules look at the results.
public struct ElementProbe: Sendable {
    /// The control as the scene has it.
    public let element: AdjustableElement
    /// One increment from each checked tick, and the decrement back; for a running
    /// application's control, each key that moved its value, as the application said it.
    public let steps: [StepSample]
    /// A running application's control: the keyboard walk its rules judge, in place of the
    /// walk over a scene's model.
    public let observation: LiveObservation?

    /// Walks the control once: a step up from each checked tick, and back.
    public init(_ element: AdjustableElement) {
        self.element = element
        let announcer = Announcer(verbosity: .normal)
        var samples: [StepSample] = []
        let indices = AuditContext.stepsToCheck(element.scale)
        samples.reserveCapacity(indices.count)
        // The last step's landing, kept apart from its sample: copying the sample out to look
        // was two elements, three strings and an array counted up and down again.
        var landed: (index: Int, after: AdjustableElement, spoken: String)?
        for index in indices {
            // Samples come in runs of neighbouring ticks: where the last step landed on this
            // tick, it is this step's start, already placed and spoken.
            let previous = landed.flatMap { $0.index + 1 == index && $0.after.index == index ? $0 : nil }
            let before = previous?.after ?? AuditContext.element(element, at: index)
            var after = before
            let outcome = after.apply(.increment(1))
            var back = after
            _ = back.apply(.decrement(1))
            let spokenAfter = after.spokenValue
            var heard: [Announcement] = []
            if case .changed(let change) = outcome { heard = [announcer.changeAnnouncement(after, change, spokenValue: spokenAfter)] }
            samples.append(StepSample(index: index, before: before, after: after, outcome: outcome, indexAfterComingBack: back.index,
                                      spokenBefore: previous?.spoken ?? before.spokenValue, spokenAfter: spokenAfter,
                                      displayAfter: after.displayText, announcements: heard))
            landed = (index, after, spokenAfter)
        }
        steps = samples
        observation = nil
    }

    /// A running application's control and the keys pressed on it: each press that moved the
    /// value is a step, heard as the application then said it.
    public init(observed: LiveObservation) {
        element = LiveSlider.element(observed.slider)
        observation = observed
        let announcer = Announcer(verbosity: .normal)
        steps = observed.presses.compactMap { press in
            guard let after = press.after, press.moved, let old = press.before.current, let new = after.current else { return nil }
            let beforeElement = LiveSlider.element(press.before), afterElement = LiveSlider.element(after)
            let change = ValueChange(old: old, new: new, reachedBound: afterElement.bound, correction: nil)
            return StepSample(index: beforeElement.index, before: beforeElement, after: afterElement, outcome: .changed(change),
                              indexAfterComingBack: beforeElement.index, spokenBefore: press.before.spokenValue, spokenAfter: after.spokenValue,
                              displayAfter: after.spokenValue, announcements: [announcer.changeAnnouncement(afterElement, change, spokenValue: after.spokenValue)])
        }
    }
}

/// One step up from a tick, and back. A class: every rule walks every sample, and a copy of a
/// struct of two elements, three strings and an array was six references counted each time.
public final class StepSample: Sendable {
    /// The tick the step starts from.
    public let index: Int
    /// The control on that tick.
    public let before: AdjustableElement
    /// The control after the step.
    public let after: AdjustableElement
    /// What the step did.
    public let outcome: AdjustmentOutcome
    /// The tick a step back down lands on.
    public let indexAfterComingBack: Int
    /// What is said of the value before.
    public let spokenBefore: String
    /// What is said of it after.
    public let spokenAfter: String
    /// What the screen shows after.
    public let displayAfter: String
    /// What the change announced, at normal verbosity.
    public let announcements: [Announcement]

    /// A sample of a step already taken.
    public init(index: Int, before: AdjustableElement, after: AdjustableElement, outcome: AdjustmentOutcome, indexAfterComingBack: Int,
                spokenBefore: String, spokenAfter: String, displayAfter: String, announcements: [Announcement]) {
        self.index = index
        self.before = before
        self.after = after
        self.outcome = outcome
        self.indexAfterComingBack = indexAfterComingBack
        self.spokenBefore = spokenBefore
        self.spokenAfter = spokenAfter
        self.displayAfter = displayAfter
        self.announcements = announcements
    }
}
