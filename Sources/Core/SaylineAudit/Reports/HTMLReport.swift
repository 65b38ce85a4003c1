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
        // Translators: the title of an audit's HTML page: %s is what was audited ("the demo
        // scene", a file, "2 scenes (…)").
        let title = failed ? translated("Failed: accessibility audit of %s", run.subject) : translated("Passed: accessibility audit of %s", run.subject)
        out.write(HTMLPage.head(title: title, language: AuditReport.languageTag))
        line("<header>")
        // Translators: the heading of an audit's HTML page: %s is what was audited.
        let heading = translated("Accessibility audit of %s", run.subject)
        line("<h1>\(escape(heading))</h1>")
        line("<p class=\"verdict \(failed ? "failed" : "passed")\"><strong>\(escape(run.verdict))</strong></p>")
        // Translators: %1$s counts the controls audited ("3 controls"), %2$s the rules that ran
        // ("13 rules"), %3$s the findings ("0 violations, 0 incomplete, 55 passes, 0 suppressed").
        let counts = translated("%1$s, %2$s: %3$s", TextFormat.controls(run.controlCount), TextFormat.rules(run.rules.count), run.countsSentence(inapplicable: false))
        line("<p>\(escape(counts)).</p>")
        if !run.ruleSettingWords.isEmpty {
            let settings = translated("Rule settings: %s.", run.ruleSettingWords.joined(separator: "; "))
            line("<p>\(escape(settings))</p>")
        }
        line("</header>")
        line("<main>")
    }

    mutating func beginPart(_ part: ReportPart) {
        guard let heading = heading(part) else { return }
        line("<section aria-labelledby=\"\(heading.id)\">")
        // Translators: a section's heading and how many findings it holds: "Violations (2)".
        let title = translated("%1$s (%2$s)", heading.words, NumberText.plain(Double(heading.count)))
        line("<h2 id=\"\(heading.id)\">\(escape(title))</h2>")
        // Translators: said of a section of an audit's page that holds no finding.
        let none = "<p>" + escape(translated("None.")) + "</p>"
        switch part {
        case .findings(.violation, _): if heading.count == 0 { line(none) }
        // Translators: %s is the option --update-baseline, kept as it is.
        case .fixed: out.write(heading.count == 0 ? none : "<p>" + HTMLPage.filled(translated("No longer found: %s removes them."), ["<code>--update-baseline</code>"]) + "</p><ul>")
        default: out.write(heading.count == 0 ? none : "<ul class=\"findings\">")
        }
    }

    mutating func finding(_ position: Int, of group: FindingGroup) {
        guard group.kind == .violation else { return out.write(HTMLPage.finding(group.rule, group[position], reason: group.reason(position))) }
        if impact != group.rule.impact { openImpact(group.rule.impact) }
        line(HTMLPage.finding(group.rule, group[position]))
    }

    mutating func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?) {
        guard run.baselineApplied else { return }
        out.write("<li>\(escape(TextFormat.on(entry.rule, AuditReport.Node.controlWords(ofKey: entry.control))))\(entry.file.isEmpty ? "" : ", " + escape(entry.file))</li>")
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
        // Translators: the link to the audit rules' documentation, at the foot of the page.
        let link = "<a href=\"\(escape(AuditRules.documentation))\">" + escape(translated("audit rules")) + "</a>"
        // Translators: the foot of an audit's page: %s is a link whose words are "audit rules".
        line("<footer><p>\(escape(footer)). " + HTMLPage.filled(translated("The rules: %s."), [link]) + "</p></footer>")
        out.write("</body>\n</html>\n")
        out.flush()
    }

    /// A part's section: its id, its heading's words and its count; nil when the page leaves
    /// it out (known and fixed without a baseline, incomplete and suppressed when there are none).
    private func heading(_ part: ReportPart) -> (id: String, words: String, count: Int)? {
        switch part {
        case .findings(.violation, _): ("violations", run.baselineApplied ? translated("New violations") : translated("Violations"), run.count(.violation))
        case .findings(.known, _) where run.baselineApplied: ("known", translated("Known, in the baseline"), run.count(.known))
        case .fixed where run.baselineApplied: ("fixed", translated("Fixed since the baseline"), run.fixedCount)
        case .findings(.incomplete, _) where run.count(.incomplete) > 0: ("incomplete", translated("Incomplete: a person should check"), run.count(.incomplete))
        case .findings(.suppressed, _) where run.count(.suppressed) > 0: ("suppressed", translated("Suppressed by their scenes"), run.count(.suppressed))
        default: nil
        }
    }

    /// A section of its own for the violations of `next`, the list before it closed.
    private mutating func openImpact(_ next: Impact) {
        closeImpact()
        impact = next
        let failOn = run.settings.failOn
        let name = next.translatedName, count = NumberText.plain(Double(run.violationsByImpact[next] ?? 0))
        // Translators: the heading over the violations of one impact: %1$s is the impact
        // ("Critical", capitalised), %2$s how many there are.
        let heading = next >= failOn ? translated("%1$s (%2$s), fails the audit", name.prefix(1).uppercased() + name.dropFirst(), count)
            // Translators: as above; keep --fail-on and %3$s, the impact it was given, as typed ("serious").
            : translated("%1$s (%2$s), below --fail-on %3$s, reported only", name.prefix(1).uppercased() + name.dropFirst(), count, failOn.rawValue)
        line("<section aria-labelledby=\"impact-\(next.rawValue)\">")
        line("<h3 id=\"impact-\(next.rawValue)\">\(escape(heading))</h3>")
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
