/// Walks an audit's result once, in the order a format's layout names, and hands the format
/// each section in turn: the run, then the findings a rule and a kind at a time, then the end.
/// The walk owns every loop over the findings; a format owns only its syntax.
struct ReportWalk {
    /// The result walked.
    let report: AuditReport
    /// Its facts and counts, made once.
    private(set) var run: ReportRun

    /// A walk of `report` under `settings`.
    init(_ report: AuditReport, _ settings: ReportSettings) {
        self.report = report
        run = ReportRun(report, settings)
    }

    /// Hands `format` the whole report, in its layout's order.
    /// - Complexity: O(findings + rules × parts), and by scene O(scenes × rules × parts) more.
    mutating func walk<Format: ReportFormat>(_ format: inout Format) {
        let layout = Format.layout
        switch layout.nesting {
        case .byKind:
            format.begin(run)
            for part in layout.parts { walkPart(part, &format) }
        case .byRule:
            format.begin(run)
            for ruleIndex in report.rules.indices { walkRule(ruleIndex, layout.parts, &format) }
        case .byScene:
            let split = SceneSplit(report, failOn: run.settings.failOn, fixedLast: layout.parts.contains(.fixed))
            run.scenes = split.scenes.mapValues(\.tally)
            format.begin(run)
            for file in report.files { walkScene(split.scene(file), layout.parts, &format) }
        }
        format.end(run)
    }

    /// One part of a layout by kind: every rule's findings of that kind, in the order the rules
    /// ran or the gravest first; or the inapplicable rules; or the fixed entries.
    private func walkPart<Format: ReportFormat>(_ part: ReportPart, _ format: inout Format) {
        format.beginPart(part)
        switch part {
        case .findings(let kind, let byImpact):
            for ruleIndex in byImpact ? rulesByImpact : Array(report.rules.indices) { visit(ruleIndex, kind, nil, &format) }
        case .inapplicable:
            for outcome in report.rules where outcome.isInapplicable { format.inapplicable(outcome.rule) }
        case .fixed:
            for entry in report.fixed { format.fixed(entry, rule: rule(of: entry)) }
        }
        format.endPart(part)
    }

    /// One rule of a layout by rule: its parts in order, its own fixed entries among them.
    private func walkRule<Format: ReportFormat>(_ ruleIndex: Int, _ parts: [ReportPart], _ format: inout Format) {
        let rule = report.rules[ruleIndex].rule
        for part in parts {
            switch part {
            case .findings(let kind, _): visit(ruleIndex, kind, nil, &format)
            case .fixed: for entry in report.fixed where entry.rule == rule.id { format.fixed(entry, rule: (rule, ruleIndex)) }
            case .inapplicable: if report.rules[ruleIndex].isInapplicable { format.inapplicable(rule) }
            }
        }
    }

    /// One scene of a layout by scene: rule by rule, the scene's own findings of each kind,
    /// then its fixed entries.
    private func walkScene<Format: ReportFormat>(_ scene: SceneSplit.Scene, _ parts: [ReportPart], _ format: inout Format) {
        format.beginScene(scene.tally)
        for ruleIndex in report.rules.indices {
            for case .findings(let kind, _) in parts { visit(ruleIndex, kind, scene.positions[ruleIndex][kind.rawValue], &format) }
        }
        for (entry, rule) in scene.fixed { format.fixed(entry, rule: rule) }
        format.endScene(scene.tally)
    }

    /// A rule's findings of `kind` (those at `positions`, when given), if it has any.
    private func visit<Format: ReportFormat>(_ ruleIndex: Int, _ kind: FindingKind, _ positions: [Int]?, _ format: inout Format) {
        let group = FindingGroup(outcome: report.rules[ruleIndex], ruleIndex: ruleIndex, kind: kind, positions: positions)
        if group.count > 0 { format.findings(group) }
    }

    /// The rules' indices, the gravest impact first, otherwise in the order they ran.
    private var rulesByImpact: [Int] {
        report.rules.enumerated().sorted { $0.element.rule.impact > $1.element.rule.impact }.map(\.offset)
    }

    /// The rule a baseline entry names, with its index, when the audit ran it.
    private func rule(of entry: AuditBaseline.Entry) -> (info: AuditRuleInfo, index: Int)? {
        report.rules.firstIndex { $0.rule.id == entry.rule }.map { (report.rules[$0].rule, $0) }
    }
}
