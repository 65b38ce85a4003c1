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
        let failures = failingCount(at: settings.failOn)
        let title = "\(failures > 0 ? "Failed" : "Passed"): accessibility audit of \(subject)"
        var body: [String] = []
        body.append("<header>")
        body.append("<h1>Accessibility audit of \(Self.escape(subject))</h1>")
        body.append("<p class=\"verdict \(failures > 0 ? "failed" : "passed")\"><strong>\(Self.escape(verdict(settings)))</strong></p>")
        var counts = "\(controlCount) \(controlCount == 1 ? "control" : "controls"), \(rules.count) rules: \(violationCount) \(baselineApplied ? "new " : "")\(violationCount == 1 ? "violation" : "violations"), \(incompleteCount) incomplete, \(passCount) passes, \(suppressedCount) suppressed"
        if baselineApplied { counts += ", \(knownCount) known, \(fixed.count) fixed" }
        body.append("<p>\(Self.escape(counts)).</p>")
        let settingWords = ruleSettingWords(settings)
        if !settingWords.isEmpty { body.append("<p>Rule settings: \(Self.escape(settingWords.joined(separator: "; "))).</p>") }
        body.append("</header>")
        body.append("<main>")

        body.append("<section aria-labelledby=\"violations\">")
        body.append("<h2 id=\"violations\">\(baselineApplied ? "New violations" : "Violations") (\(violationCount))</h2>")
        if violationCount == 0 { body.append("<p>None.</p>") }
        for impact in Impact.allCases.reversed() {
            let found = violationsByImpact.filter { $0.rule.impact == impact }
            guard !found.isEmpty else { continue }
            let fails = impact >= settings.failOn ? "fails the audit" : "below --fail-on \(settings.failOn.rawValue), reported only"
            body.append("<section aria-labelledby=\"impact-\(impact.rawValue)\">")
            body.append("<h3 id=\"impact-\(impact.rawValue)\">\(impact.rawValue.prefix(1).uppercased() + impact.rawValue.dropFirst()) (\(found.count)), \(fails)</h3>")
            body.append("<ul class=\"findings\">")
            for (rule, node) in found { body.append(Self.finding(rule, node)) }
            body.append("</ul>")
            body.append("</section>")
        }
        body.append("</section>")

        if baselineApplied {
            body.append("<section aria-labelledby=\"known\">")
            body.append("<h2 id=\"known\">Known, in the baseline (\(knownCount))</h2>")
            body.append(knownCount == 0 ? "<p>None.</p>" : "<ul class=\"findings\">" + knownByImpact.map { Self.finding($0.rule, $0.node) }.joined() + "</ul>")
            body.append("</section>")
            body.append("<section aria-labelledby=\"fixed\">")
            body.append("<h2 id=\"fixed\">Fixed since the baseline (\(fixed.count))</h2>")
            body.append(fixed.isEmpty ? "<p>None.</p>" : "<p>No longer found: <code>--update-baseline</code> removes them.</p><ul>"
                        + fixed.map { "<li>\(Self.escape($0.rule)) on \(Self.escape($0.control))\($0.file.isEmpty ? "" : ", " + Self.escape($0.file))</li>" }.joined() + "</ul>")
            body.append("</section>")
        }

        let incomplete = rules.flatMap { outcome in outcome.incomplete.map { (outcome.rule, $0) } }
        if !incomplete.isEmpty {
            body.append("<section aria-labelledby=\"incomplete\">")
            body.append("<h2 id=\"incomplete\">Incomplete: a person should check (\(incomplete.count))</h2>")
            body.append("<ul class=\"findings\">" + incomplete.map { Self.finding($0.0, $0.1) }.joined() + "</ul>")
            body.append("</section>")
        }
        let suppressed = rules.flatMap { outcome in outcome.suppressed.map { (outcome.rule, $0) } }
        if !suppressed.isEmpty {
            body.append("<section aria-labelledby=\"suppressed\">")
            body.append("<h2 id=\"suppressed\">Suppressed by their scenes (\(suppressed.count))</h2>")
            body.append("<ul class=\"findings\">" + suppressed.map { Self.finding($0.0, $0.1.node, reason: $0.1.reason) }.joined() + "</ul>")
            body.append("</section>")
        }

        body.append("<section aria-labelledby=\"passes\">")
        body.append("<h2 id=\"passes\">Passes (\(passCount))</h2>")
        body.append("<table>")
        body.append("<caption>Controls that kept each rule</caption>")
        body.append("<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">What it checks</th><th scope=\"col\">Controls</th></tr></thead>")
        body.append("<tbody>")
        for outcome in rules {
            body.append("<tr><th scope=\"row\">\(Self.escape(outcome.rule.id))</th><td>\(Self.escape(outcome.rule.description))</td><td>\(outcome.passes.count)</td></tr>")
        }
        body.append("</tbody>")
        body.append("</table>")
        body.append("</section>")
        body.append("</main>")
        var footer = "Sayline \(settings.version)"
        if !settings.timestamp.isEmpty { footer += ", \(settings.timestamp)" }
        body.append("<footer><p>\(Self.escape(footer)). The rules: <a href=\"\(Self.escape(AuditRules.documentation))\">audit rules</a>.</p></footer>")

        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Self.escape(title))</title>
        <style>
        body { font-family: system-ui, sans-serif; line-height: 1.5; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #111; background: #fff; }
        .verdict { font-size: 1.25rem; padding: 0.5rem 0.75rem; border-left: 0.4rem solid; }
        .failed { border-color: #8b0000; background: #fdecec; }
        .passed { border-color: #0b5d1e; background: #e8f5ec; }
        .findings > li { margin-bottom: 1rem; }
        .findings p { margin: 0.2rem 0; }
        table { border-collapse: collapse; }
        th, td { border: 1px solid #555; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
        code { font-size: 0.95em; }
        a { color: #0645ad; }
        </style>
        </head>
        <body>
        \(body.joined(separator: "\n"))
        </body>
        </html>

        """
    }

    /// One finding: the rule and the control, then what was found, how to fix it, and WCAG.
    private static func finding(_ rule: RuleInfo, _ node: Node, reason: String? = nil) -> String {
        let label = node.label.isEmpty ? "no name" : "“\(node.label)”"
        var out = "<li><p><strong>\(escape(rule.id))</strong> on <code>\(escape(node.shownControl))</code> (\(escape(label)))"
        if !node.place.isEmpty { out += " at <code>\(escape(node.place))</code>" }
        out += ", \(escape(rule.impact.rawValue)) impact.</p>"
        out += "<p>Found: \(escape(node.message ?? rule.description)).</p>"
        if let reason { out += "<p>Suppressed because: \(escape(reason)).</p>" }
        out += "<p>How to fix: \(escape(rule.help)). <a href=\"\(escape(rule.helpURL))\">The rule \(escape(rule.id))</a>.</p>"
        out += "<p>Criteria: \(escape(rule.criteriaWords)).</p></li>"
        return out
    }

    /// Text made safe in HTML content and attribute values, scalar by scalar (MarkupText).
    static func escape(_ text: String) -> String { MarkupText.html(text) }
}
