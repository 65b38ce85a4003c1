import SaylineText

/// The HTML page's fixed pieces: its head and style, one finding as a list item, the table of
/// passes. What they say is escaped here; where they go is `HTMLFormat`'s.
enum HTMLPage {
    /// Everything before the body's content: the page's language (a BCP 47 tag, "de"), the
    /// title, and the style that keeps every colour at a contrast of at least 7:1.
    static func head(title: String, language: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(AuditReport.escape(language))">
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
        // Translators: a control's name in curly quotes on an audit's HTML page: use your
        // language's quotation marks around %s („%s“, « %s », «%s», „%s”).
        let label = node.label.isEmpty ? translated("no name") : translatedIn("quoted on a page", "“%s”", node.label)
        let id = "<strong>\(escape(rule.id))</strong>", control = "<code>\(escape(node.controlWords))</code>", impact = escape(rule.impact.translatedName)
        // Translators: a finding on an audit's HTML page: %1$s is the rule's id, %2$s the
        // control's id (both as they are), %3$s the control's name in quotes or "no name", %4$s
        // where it is in its file ("scene.json:4:5"), %5$s the rule's impact ("serious").
        var out = "<li><p>" + (node.place.isEmpty ? filled(translated("%1$s on %2$s (%3$s), %4$s impact."), [id, control, escape(label), impact])
                                                  : filled(translated("%1$s on %2$s (%3$s) at %4$s, %5$s impact."), [id, control, escape(label), "<code>\(escape(node.place))</code>", impact]))
        out += "</p>"
        // Translators: %s is what an audit rule found on a control.
        out += "<p>" + escape(translated("Found: %s.", node.message ?? rule.translatedDescription)) + "</p>"
        // Translators: %s is the scene's reason for accepting a finding, as its author wrote it.
        if let reason { out += "<p>" + escape(translated("Suppressed because: %s.", reason)) + "</p>" }
        // Translators: a link to an audit rule's documentation: %s is the rule's id, as it is.
        let link = "<a href=\"\(escape(rule.helpURL))\">" + filled(translated("The rule %s"), ["\(escape(rule.id))"]) + "</a>"
        // Translators: %1$s is what to do about a finding, %2$s a link to the rule's documentation.
        out += "<p>" + filled(translated("How to fix: %1$s. %2$s."), [escape(rule.translatedHelp), link]) + "</p>"
        // Translators: %s lists the WCAG success criteria an audit rule checks.
        out += "<p>" + escape(translated("Criteria: %s.", rule.translatedCriteria)) + "</p></li>"
        return out
    }

    /// A message's words escaped, its `%s` filled with markup made safe already.
    static func filled(_ words: String, _ markup: [String]) -> String {
        Phrasebook.fill(escape(words), markup)
    }

    /// The passes: a row a rule, with how many controls kept it.
    static func passes(_ run: ReportRun) -> String {
        // Translators: the heading over the passes: %s counts them.
        let heading = escape(translated("Passes (%s)", NumberText.plain(Double(run.count(.pass)))))
        let caption = escape(translated("Controls that kept each rule"))
        // Translators: the headers of the table of passes: a rule's id, what it checks, how many controls kept it.
        let headers = [translatedIn("table of passes", "Rule"), translatedIn("table of passes", "What it checks"), translatedIn("table of passes", "Controls")]
        var lines = [
            "<section aria-labelledby=\"passes\">",
            "<h2 id=\"passes\">" + heading + "</h2>",
            "<table>",
            "<caption>" + caption + "</caption>",
            "<thead><tr>" + headers.map { "<th scope=\"col\">" + escape($0) + "</th>" }.joined() + "</tr></thead>",
            "<tbody>",
        ]
        for (rule, passes) in zip(run.rules, run.passesByRule) {
            lines.append("<tr><th scope=\"row\">\(escape(rule.id))</th><td>\(escape(rule.translatedDescription))</td><td>\(NumberText.plain(Double(passes)))</td></tr>")
        }
        lines += ["</tbody>", "</table>", "</section>"]
        return lines.map { $0 + "\n" }.joined()
    }

    private static func escape(_ text: String) -> String { AuditReport.escape(text) }
}
