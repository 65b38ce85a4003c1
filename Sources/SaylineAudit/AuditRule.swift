import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
/// One accessibility rule, checked for each control of a scene.
///
/// Rules are small and each lives in its own file under `Rules/`; `AuditRules.all` lists them.
/// A rule never changes the scene: it drives copies of the elements.
public protocol AuditRule: Sendable {
    /// Stable id for reports and suppressions: `name-present`.
    var id: String { get }
    var impact: Impact { get }
    /// What a passing control has, in one sentence: "Every control has a name".
    var help: String { get }
    /// Where the rule comes from.
    var source: String { get }
    func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult
}

/// How much a finding hurts, as axe-core grades it.
public enum Impact: String, Sendable, Equatable, Comparable, CaseIterable {
    case minor
    case moderate
    case serious
    case critical

    public static func < (lhs: Impact, rhs: Impact) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// One rule's verdict on one control.
public enum RuleResult: Sendable, Equatable {
    case pass
    case violation(String)
    /// The rule could not tell: a person should look (axe's "incomplete", ATF's "NOT_RUN").
    case incomplete(String)
    /// The rule does not apply to this control.
    case inapplicable
}

/// Settings of an audit.
public struct AuditOptions: Sendable, Equatable {
    /// Most words a change announcement may take.
    public var maximumChangeWords = 8
    /// Most words a focus announcement may take.
    public var maximumFocusWords = 15

    public init() {}
}

/// What rules may know about the whole scene.
public struct AuditContext: Sendable {
    public let elements: [AdjustableElement]
    public let options: AuditOptions
    /// How many controls carry each name, compared without case.
    let nameCounts: [String: Int]

    public init(elements: [AdjustableElement], options: AuditOptions) {
        self.elements = elements
        self.options = options
        var counts: [String: Int] = [:]
        for element in elements { counts[Self.nameKey(element.identity.label), default: 0] += 1 }
        nameCounts = counts
    }

    static func nameKey(_ label: String) -> String { label.lowercased() }

    /// Small scales are walked step by step. Larger ones are walked at both ends and at
    /// evenly spaced points between: every step is the same arithmetic on the same grid, so
    /// the samples speak for the rest while the cost per control stays bounded.
    public static let fullWalkLimit = 128
    static let samplesPerEnd = 16
    static let middleSamples = 32

    /// Indices i whose step to i + 1 a rule should check.
    public static func stepsToCheck(_ scale: TickScale) -> [Int] {
        let steps = scale.tickCount - 1
        guard steps > 0 else { return [] }
        if steps <= fullWalkLimit { return Array(0..<steps) }
        var indices = Array(0..<samplesPerEnd) + Array((steps - samplesPerEnd)..<steps)
        let stride = steps / (middleSamples + 1)
        for sample in 1...middleSamples { indices.append(sample * stride) }
        return indices.sorted()
    }

    /// The element moved to tick `index`.
    static func element(_ element: AdjustableElement, at index: Int) -> AdjustableElement {
        var copy = element
        _ = copy.apply(.exactly(element.scale.value(at: index)))
        return copy
    }
}

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
