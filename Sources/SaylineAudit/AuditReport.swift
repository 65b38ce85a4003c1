import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene

/// What an audit found, by rule: violations, passes, incomplete, inapplicable, suppressed;
/// over one scene, or several joined.
public struct AuditReport: Sendable, Equatable {
    /// A rule's description, kept with its results.
    public struct RuleInfo: Sendable, Equatable {
        public let id: String
        public let impact: Impact
        public let description: String
        public let help: String
        public let helpURL: String
        public let source: String
        public let criteria: [WCAGCriterion]
        public let tags: [String]

        init(_ rule: any AuditRule) {
            id = rule.id
            impact = rule.impact
            description = rule.description
            help = rule.help
            helpURL = rule.helpURL
            source = rule.source
            criteria = rule.criteria
            tags = rule.tags
        }

        /// "WCAG 2.2 SC 4.1.2 Name, Role, Value (A)", or "best practice".
        public var criteriaWords: String {
            criteria.isEmpty ? "best practice, not a WCAG criterion" : criteria.map(\.title).joined(separator: "; ")
        }
    }

    /// One control's result under one rule.
    public struct Node: Sendable, Equatable {
        /// The scene's name as the front gave it; empty for the demo scene.
        public let file: String
        public let control: String
        public let label: String
        public let message: String?
        /// Where the control starts in its file; nil for a scene not read from a file.
        public let line: Int?
        public let column: Int?
        /// The control's JSON as written.
        public let html: String
        /// How long the rule took on this control (the first rule also carries the shared walk).
        public let nanoseconds: UInt64

        /// "scene.json:4:5", "scene.json" or "".
        public var place: String {
            guard let line else { return file }
            return "\(file):\(line):\(column ?? 1)"
        }
    }

    /// A violation the scene has accepted, with its reason.
    public struct SuppressedNode: Sendable, Equatable {
        public let node: Node
        public let reason: String
    }

    /// One rule over every control.
    public struct RuleOutcome: Sendable, Equatable {
        public let rule: RuleInfo
        public var violations: [Node] = []
        public var passes: [Node] = []
        public var incomplete: [Node] = []
        public var suppressed: [SuppressedNode] = []

        /// No control to which the rule applies.
        public var isInapplicable: Bool { violations.isEmpty && passes.isEmpty && incomplete.isEmpty && suppressed.isEmpty }
    }

    public var controlCount: Int
    /// The scenes audited, in order, as the front named them.
    public var files: [String]
    public var rules: [RuleOutcome] = []

    init(controlCount: Int, files: [String]) {
        self.controlCount = controlCount
        self.files = files
    }

    /// Joins another audit (the next range of a scene, or another scene) after this one.
    /// Both must have run the same rules in the same order.
    public mutating func append(_ other: AuditReport) {
        controlCount += other.controlCount
        for file in other.files where !files.contains(file) { files.append(file) }
        if rules.isEmpty { rules = other.rules; return }
        for (index, outcome) in other.rules.enumerated() where index < rules.count && rules[index].rule.id == outcome.rule.id {
            rules[index].violations += outcome.violations
            rules[index].passes += outcome.passes
            rules[index].incomplete += outcome.incomplete
            rules[index].suppressed += outcome.suppressed
        }
    }

    public var violationCount: Int { rules.reduce(0) { $0 + $1.violations.count } }
    public var passCount: Int { rules.reduce(0) { $0 + $1.passes.count } }
    public var incompleteCount: Int { rules.reduce(0) { $0 + $1.incomplete.count } }
    public var suppressedCount: Int { rules.reduce(0) { $0 + $1.suppressed.count } }
    public var inapplicableRules: [RuleInfo] { rules.filter(\.isInapplicable).map(\.rule) }

    /// Violations at or above `threshold`: each fails the audit. Those below are reported only.
    public func failingCount(at threshold: Impact) -> Int {
        rules.filter { $0.rule.impact >= threshold }.reduce(0) { $0 + $1.violations.count }
    }

    /// Whether any unsuppressed violation is at or above `threshold`: the audit then fails.
    public func fails(at threshold: Impact) -> Bool { failingCount(at: threshold) > 0 }
}
