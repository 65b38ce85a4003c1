extension AuditReport {
    /// Plain sentences, one finding a line, most important first; no tables or box drawing,
    /// so a screen reader reads it well.
    public func text(_ settings: ReportSettings) -> String {
        written(settings) { TextFormat(out: $0) }
    }
}

/// The plain report: a heading line for each kind that has findings, a sentence a finding.
struct TextFormat: ReportFormat {
    static let layout = ReportLayout(.byKind, [.findings(.violation, byImpact: true), .findings(.known, byImpact: true), .fixed,
                                               .findings(.incomplete), .findings(.suppressed)])
    /// Where the report goes.
    var out: ReportOutput
    private var run = ReportRun.nothing

    /// The format, writing to `out`.
    init(out: ReportOutput) { self.out = out }

    mutating func begin(_ run: ReportRun) {
        self.run = run
        let (violations, inapplicable) = (run.count(.violation), run.inapplicableCount)
        line("Audit of \(run.subject): \(run.controlCount) \(run.controlCount == 1 ? "control" : "controls"), \(run.rules.count) rules.")
        let baseline = run.baselineApplied ? ", \(run.count(.known)) known, \(run.fixedCount) fixed" : ""
        line("\(violations) \(run.baselineApplied ? "new " : "")\(violations == 1 ? "violation" : "violations"), \(run.count(.incomplete)) incomplete, \(run.count(.pass)) passes, \(inapplicable) inapplicable \(inapplicable == 1 ? "rule" : "rules"), \(run.count(.suppressed)) suppressed\(baseline).")
        if !run.ruleSettingWords.isEmpty { line("Rule settings: \(run.ruleSettingWords.joined(separator: "; ")).") }
    }

    mutating func beginPart(_ part: ReportPart) {
        switch part {
        case .findings(.violation, _) where run.count(.violation) > 0: title("Violations, most important first:")
        case .findings(.known, _) where run.count(.known) > 0: title("Known, in the baseline (reported, not failing):")
        case .fixed where run.fixedCount > 0: title("Fixed since the baseline (--update-baseline removes them):")
        case .findings(.incomplete, _) where run.count(.incomplete) > 0: title("Incomplete, needs a person to check:")
        case .findings(.suppressed, _) where run.count(.suppressed) > 0: title("Suppressed:")
        default: break
        }
    }

    mutating func finding(_ position: Int, of group: FindingGroup) {
        let rule = group.rule, node = group[position], found = node.message ?? rule.description
        switch group.kind {
        case .violation:
            let failOn = run.settings.failOn
            let below = rule.impact < failOn ? " (below \(failOn.rawValue), reported only)" : ""
            line("- \(rule.impact.rawValue)\(below): \(rule.id) on \(node.shownControl) (\(Self.named(node)))\(Self.at(node)). \(found). \(rule.help). \(rule.criteriaWords).")
        case .known: line("- \(rule.impact.rawValue): \(rule.id) on \(node.shownControl) (\(Self.named(node)))\(Self.at(node)). \(found).")
        case .incomplete: line("- \(rule.id) on \(node.shownControl)\(Self.at(node)): \(found).")
        case .suppressed: line("- \(rule.id) on \(node.shownControl)\(Self.at(node)): \(node.message ?? ""). Reason: \(group.reason(position) ?? "").")
        case .pass: break
        }
    }

    mutating func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?) {
        line("- \(entry.rule) on \(entry.control)\(entry.file.isEmpty ? "" : ", \(entry.file)").")
    }

    mutating func end(_ run: ReportRun) {
        line("")
        if run.count(.violation) == 0 && run.count(.incomplete) == 0 { line(run.count(.known) > 0 ? "No new problems found." : "No problems found.") }
        line(run.verdict)
        out.flush()
    }

    private mutating func line(_ text: String) { out.write(text + "\n") }

    /// A part's heading, after a blank line.
    private mutating func title(_ text: String) { out.write("\n" + text + "\n") }

    private static func named(_ node: AuditReport.Node) -> String {
        node.label.isEmpty ? "no name" : "\"\(node.label)\""
    }

    /// ", scene.json:4:5" for a control read from a file.
    private static func at(_ node: AuditReport.Node) -> String {
        node.place.isEmpty ? "" : ", \(node.place)"
    }
}
