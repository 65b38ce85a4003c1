/// A report format as the walk drives it: each requirement writes one section of the
/// document, in the format's own syntax, and nothing else. Which findings come when is the
/// walk's business (`ReportWalk`); a format only names its `layout`. Every requirement does
/// nothing by default, so a format writes only the sections it has.
protocol ReportFormat {
    /// The order the format lays its findings out in.
    static var layout: ReportLayout { get }
    /// The run's facts and counts, before anything else.
    mutating func begin(_ run: ReportRun)
    /// A scene's findings follow, with its counts (`layout` by scene only).
    mutating func beginScene(_ scene: SceneTally)
    /// One of the layout's parts follows (`layout` by kind only).
    mutating func beginPart(_ part: ReportPart)
    /// One rule's findings of one kind, never empty. By default, each finding in turn; a format
    /// that writes them as one (lazily, or on lent threads) takes them whole.
    mutating func findings(_ group: FindingGroup)
    /// One finding of a group, when the format goes finding by finding.
    mutating func finding(_ position: Int, of group: FindingGroup)
    /// A rule that applied to no control.
    mutating func inapplicable(_ rule: AuditRuleInfo)
    /// A baseline entry this audit no longer finds, with its rule and the rule's index when the
    /// audit ran it.
    mutating func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?)
    /// The part begun last is over.
    mutating func endPart(_ part: ReportPart)
    /// The scene begun last is over.
    mutating func endScene(_ scene: SceneTally)
    /// The report is over: what is left is written and handed on.
    mutating func end(_ run: ReportRun)
}

extension ReportFormat {
    func begin(_ run: ReportRun) {}
    func beginScene(_ scene: SceneTally) {}
    func beginPart(_ part: ReportPart) {}
    mutating func findings(_ group: FindingGroup) {
        for position in 0..<group.count { finding(position, of: group) }
    }
    func finding(_ position: Int, of group: FindingGroup) {}
    func inapplicable(_ rule: AuditRuleInfo) {}
    func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?) {}
    func endPart(_ part: ReportPart) {}
    func endScene(_ scene: SceneTally) {}
    func end(_ run: ReportRun) {}
}

/// What a rule made of a control, as reports sort findings.
enum FindingKind: Int, CaseIterable, Sendable {
    case violation, known, incomplete, suppressed, pass
}

/// One stretch of a layout: a kind of finding (rule by rule, or most important rule first),
/// the inapplicable rules, or the baseline entries no longer found.
enum ReportPart: Equatable, Sendable {
    case findings(FindingKind, byImpact: Bool = false)
    case inapplicable
    case fixed
}

/// The order a format lays its findings out in. The published formats disagree (axe lists
/// kind by kind, SARIF rule by rule, JUnit scene by scene, text and HTML the gravest first),
/// and their bytes are fixed, so each names its order and the walk keeps to it.
struct ReportLayout: Sendable {
    /// How the walk nests.
    enum Nesting: Sendable {
        /// Each part in turn, its findings rule by rule: axe, text, HTML.
        case byKind
        /// Each rule in turn, its parts in order, its fixed entries among them: SARIF.
        case byRule
        /// Each scene in turn, rule by rule, the scene's fixed entries last: JUnit's suites.
        case byScene
    }

    /// How the walk nests.
    let nesting: Nesting
    /// The parts, in the order the format writes them.
    let parts: [ReportPart]

    /// A layout nested so, with its parts in order.
    init(_ nesting: Nesting, _ parts: [ReportPart]) {
        self.nesting = nesting
        self.parts = parts
    }
}

/// One rule's findings of one kind: over every scene, or, walked by scene, over one.
struct FindingGroup: Sendable {
    /// The rule's results.
    let outcome: AuditReport.RuleOutcome
    /// Where the rule stands among those that ran.
    let ruleIndex: Int
    /// Which of its lists.
    let kind: FindingKind
    /// Positions in the list of this scene's findings; nil for the whole list.
    let positions: [Int]?

    /// The rule.
    var rule: AuditRuleInfo { outcome.rule }
    /// How many findings the group holds.
    var count: Int { positions?.count ?? Self.count(of: kind, in: outcome) }

    /// The finding at `position`.
    subscript(position: Int) -> AuditReport.Node {
        let at = positions?[position] ?? position
        switch kind {
        case .violation: return outcome.violations[at]
        case .known: return outcome.known[at]
        case .incomplete: return outcome.incomplete[at]
        case .suppressed: return outcome.suppressed[at].node
        case .pass: return outcome.passes[at]
        }
    }

    /// Why the scene accepts the finding at `position`; nil for a kind that is not suppressed.
    func reason(_ position: Int) -> String? {
        kind == .suppressed ? outcome.suppressed[positions?[position] ?? position].reason : nil
    }

    /// The whole list of a kind that is not suppressed, for a format that reads it in place.
    var list: [AuditReport.Node] {
        switch kind {
        case .violation: outcome.violations
        case .known: outcome.known
        case .incomplete: outcome.incomplete
        case .suppressed: outcome.suppressed.map(\.node)
        case .pass: outcome.passes
        }
    }

    /// How long a kind's list is in `outcome`.
    static func count(of kind: FindingKind, in outcome: AuditReport.RuleOutcome) -> Int {
        switch kind {
        case .violation: outcome.violations.count
        case .known: outcome.known.count
        case .incomplete: outcome.incomplete.count
        case .suppressed: outcome.suppressed.count
        case .pass: outcome.passes.count
        }
    }
}
