import SaylineText

extension AuditReport {
    /// One self-contained HTML page for people: no outside assets and no script, readable in
    /// any browser and by any screen reader. The verdict first; then the violations by impact,
    /// each with the control, the rule, what was found, how to fix it and its WCAG criteria;
    /// then known and fixed findings (with a baseline), incomplete and suppressed ones; then
    /// the passes, a line a rule. Headings go one level at a time, all content sits in
    /// landmarks, and the colours keep a contrast of at least 7:1, so the page passes the
    /// audit it reports (axe-core in a browser finds nothing on it: a test holds it so).
    public func html(_ settings: ReportSettings) -> String {
        written(settings) { HTMLFormat(out: $0) }
    }

    /// Text made safe in HTML content and attribute values, scalar by scalar (MarkupText).
    static func escape(_ text: String) -> String { MarkupText.html(text) }
}

/// The page, section by section: a section a kind of finding, the violations in one of their
/// own for each impact, the passes as a table from the run's counts.
struct HTMLFormat: ReportFormat {
    static let layout = ReportLayout(.byKind, [.findings(.violation, byImpact: true), .findings(.known, byImpact: true), .fixed,
                                               .findings(.incomplete), .findings(.suppressed)])
    /// Where the page goes.
    var out: ReportOutput
    private var run = ReportRun.nothing
    /// The impact whose violations are being listed, once the first is.
    private var impact: Impact?

    /// The format, writing to `out`.
    init(out: ReportOutput) { self.out = out }

    mutating func begin(_ run: ReportRun) {
        self.run = run
        let failed = run.failures > 0
        out.write(HTMLPage.head(title: "\(failed ? "Failed" : "Passed"): accessibility audit of \(run.subject)"))
        line("<header>")
        line("<h1>Accessibility audit of \(escape(run.subject))</h1>")
        line("<p class=\"verdict \(failed ? "failed" : "passed")\"><strong>\(escape(run.verdict))</strong></p>")
        let (controls, violations) = (run.controlCount, run.count(.violation))
        var counts = "\(controls) \(controls == 1 ? "control" : "controls"), \(run.rules.count) rules: \(violations) \(run.baselineApplied ? "new " : "")\(violations == 1 ? "violation" : "violations"), \(run.count(.incomplete)) incomplete, \(run.count(.pass)) passes, \(run.count(.suppressed)) suppressed"
        if run.baselineApplied { counts += ", \(run.count(.known)) known, \(run.fixedCount) fixed" }
        line("<p>\(escape(counts)).</p>")
        if !run.ruleSettingWords.isEmpty { line("<p>Rule settings: \(escape(run.ruleSettingWords.joined(separator: "; "))).</p>") }
        line("</header>")
        line("<main>")
    }

    mutating func beginPart(_ part: ReportPart) {
        guard let heading = heading(part) else { return }
        line("<section aria-labelledby=\"\(heading.id)\">")
        line("<h2 id=\"\(heading.id)\">\(heading.words) (\(heading.count))</h2>")
        switch part {
        case .findings(.violation, _): if heading.count == 0 { line("<p>None.</p>") }
        case .fixed: out.write(heading.count == 0 ? "<p>None.</p>" : "<p>No longer found: <code>--update-baseline</code> removes them.</p><ul>")
        default: out.write(heading.count == 0 ? "<p>None.</p>" : "<ul class=\"findings\">")
        }
    }

    mutating func finding(_ position: Int, of group: FindingGroup) {
        guard group.kind == .violation else { return out.write(HTMLPage.finding(group.rule, group[position], reason: group.reason(position))) }
        if impact != group.rule.impact { openImpact(group.rule.impact) }
        line(HTMLPage.finding(group.rule, group[position]))
    }

    mutating func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?) {
        guard run.baselineApplied else { return }
        out.write("<li>\(escape(entry.rule)) on \(escape(entry.control))\(entry.file.isEmpty ? "" : ", " + escape(entry.file))</li>")
    }

    mutating func endPart(_ part: ReportPart) {
        guard let heading = heading(part) else { return }
        switch part {
        case .findings(.violation, _): closeImpact()
        default: line(heading.count == 0 ? "" : "</ul>")
        }
        line("</section>")
    }

    mutating func end(_ run: ReportRun) {
        out.write(HTMLPage.passes(run))
        line("</main>")
        var footer = "Sayline \(run.settings.version)"
        if !run.settings.timestamp.isEmpty { footer += ", \(run.settings.timestamp)" }
        line("<footer><p>\(escape(footer)). The rules: <a href=\"\(escape(AuditRules.documentation))\">audit rules</a>.</p></footer>")
        out.write("</body>\n</html>\n")
        out.flush()
    }

    /// A part's section: its id, its heading's words and its count; nil when the page leaves
    /// it out (known and fixed without a baseline, incomplete and suppressed when there are none).
    private func heading(_ part: ReportPart) -> (id: String, words: String, count: Int)? {
        switch part {
        case .findings(.violation, _): ("violations", run.baselineApplied ? "New violations" : "Violations", run.count(.violation))
        case .findings(.known, _) where run.baselineApplied: ("known", "Known, in the baseline", run.count(.known))
        case .fixed where run.baselineApplied: ("fixed", "Fixed since the baseline", run.fixedCount)
        case .findings(.incomplete, _) where run.count(.incomplete) > 0: ("incomplete", "Incomplete: a person should check", run.count(.incomplete))
        case .findings(.suppressed, _) where run.count(.suppressed) > 0: ("suppressed", "Suppressed by their scenes", run.count(.suppressed))
        default: nil
        }
    }

    /// A section of its own for the violations of `next`, the list before it closed.
    private mutating func openImpact(_ next: Impact) {
        closeImpact()
        impact = next
        let failOn = run.settings.failOn
        let fails = next >= failOn ? "fails the audit" : "below --fail-on \(failOn.rawValue), reported only"
        line("<section aria-labelledby=\"impact-\(next.rawValue)\">")
        line("<h3 id=\"impact-\(next.rawValue)\">\(next.rawValue.prefix(1).uppercased() + next.rawValue.dropFirst()) (\(run.violationsByImpact[next] ?? 0)), \(fails)</h3>")
        line("<ul class=\"findings\">")
    }

    private mutating func closeImpact() {
        guard impact != nil else { return }
        line("</ul>")
        line("</section>")
        impact = nil
    }

    private mutating func line(_ text: String) { out.write(text + "\n") }

    private func escape(_ text: String) -> String { AuditReport.escape(text) }
}
