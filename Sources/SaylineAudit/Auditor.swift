import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
/// Runs every rule on every control of a scene and sorts the results as axe-core does.
public struct Auditor: Sendable {
    public let options: AuditOptions

    public init(options: AuditOptions = AuditOptions()) {
        self.options = options
    }

    /// - Complexity: O(controls × rules × samples); samples per control are bounded
    ///   (`AuditContext.stepsToCheck`), so the audit grows linearly with the scene.
    public func audit(_ scene: Scene, rules: [any AuditRule] = AuditRules.all) -> AuditReport {
        let context = AuditContext(elements: scene.elements, options: options)
        var outcomes = rules.map { AuditReport.RuleOutcome(rule: AuditReport.RuleInfo($0)) }
        for element in scene.elements {
            let probe = ElementProbe(element)
            for (position, rule) in rules.enumerated() {
                let node = { (message: String?) in
                    AuditReport.Node(control: element.identity.id, label: element.identity.label, message: message)
                }
                switch rule.check(probe, in: context) {
                case .pass:
                    outcomes[position].passes.append(node(nil))
                case .inapplicable:
                    break
                case .incomplete(let reason):
                    outcomes[position].incomplete.append(node(reason))
                case .violation(let message):
                    if let suppression = scene.suppressions.first(where: { $0.rule == rule.id && ($0.control == nil || $0.control?.lowercased() == element.identity.id.lowercased()) }) {
                        outcomes[position].suppressed.append(AuditReport.SuppressedNode(node: node(message), reason: suppression.reason))
                    } else {
                        outcomes[position].violations.append(node(message))
                    }
                }
            }
        }
        var report = AuditReport(controlCount: scene.elements.count)
        report.rules = outcomes
        return report
    }
}

/// What an audit found, by rule: violations, passes, incomplete, inapplicable, suppressed.
public struct AuditReport: Sendable, Equatable {
    /// A rule's description, kept with its results.
    public struct RuleInfo: Sendable, Equatable {
        public let id: String
        public let impact: Impact
        public let help: String
        public let source: String

        init(_ rule: any AuditRule) {
            id = rule.id
            impact = rule.impact
            help = rule.help
            source = rule.source
        }
    }

    /// One control's result under one rule.
    public struct Node: Sendable, Equatable {
        public let control: String
        public let label: String
        public let message: String?
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

    public let controlCount: Int
    public var rules: [RuleOutcome] = []

    init(controlCount: Int) {
        self.controlCount = controlCount
    }

    public var violationCount: Int { rules.reduce(0) { $0 + $1.violations.count } }
    public var passCount: Int { rules.reduce(0) { $0 + $1.passes.count } }
    public var incompleteCount: Int { rules.reduce(0) { $0 + $1.incomplete.count } }
    public var suppressedCount: Int { rules.reduce(0) { $0 + $1.suppressed.count } }
    public var inapplicableRules: [RuleInfo] { rules.filter(\.isInapplicable).map(\.rule) }

    /// Whether any unsuppressed violation is at or above `threshold`: the audit then fails.
    public func fails(at threshold: Impact) -> Bool {
        rules.contains { !$0.violations.isEmpty && $0.rule.impact >= threshold }
    }
}
