/// The HTML page's fixed pieces: its head and style, one finding as a list item, the table of
/// passes. What they say is escaped here; where they go is `HTMLFormat`'s.
enum HTMLPage {
    /// Everything before the body's content: the title, and the style that keeps every colour
    /// at a contrast of at least 7:1.
    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(AuditReport.escape(title))</title>
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

        """
    }

    /// One finding: the rule and the control, then what was found, how to fix it, and WCAG.
    static func finding(_ rule: AuditRuleInfo, _ node: AuditReport.Node, reason: String? = nil) -> String {
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

    /// The passes: a row a rule, with how many controls kept it.
    static func passes(_ run: ReportRun) -> String {
        var lines = [
            "<section aria-labelledby=\"passes\">",
            "<h2 id=\"passes\">Passes (\(run.count(.pass)))</h2>",
            "<table>",
            "<caption>Controls that kept each rule</caption>",
            "<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">What it checks</th><th scope=\"col\">Controls</th></tr></thead>",
            "<tbody>",
        ]
        for (rule, passes) in zip(run.rules, run.passesByRule) {
            lines.append("<tr><th scope=\"row\">\(escape(rule.id))</th><td>\(escape(rule.description))</td><td>\(passes)</td></tr>")
        }
        lines += ["</tbody>", "</table>", "</section>"]
        return lines.map { $0 + "\n" }.joined()
    }

    private static func escape(_ text: String) -> String { AuditReport.escape(text) }
}
