import SaylineText

extension AuditReport {
    /// Plain sentences, one finding a line, most important first; no tables or box drawing,
    /// so a screen reader reads it well.
    public func text(_ settings: ReportSettings) -> String {
        written(settings) { TextFormat(out: $0) }
    }
}

/// The plain report: a heading line for each kind that has findings, a sentence a finding,
/// every word in the report's language.
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
        // Translators: the first line of an audit report: %1$s is what was audited ("the demo
        // scene", a file, "2 scenes (…)"), %2$s counts its controls ("3 controls"), %3$s the
        // rules that ran ("13 rules").
        line(translated("Audit of %1$s: %2$s, %3$s.", run.subject, Self.controls(run.controlCount), Self.rules(run.rules.count)))
        line(run.countsSentence(inapplicable: true) + ".")
        // Translators: %s lists the project's rule settings ("name-unique off (.sayline-audit:2)").
        if !run.ruleSettingWords.isEmpty { line(translated("Rule settings: %s.", run.ruleSettingWords.joined(separator: "; "))) }
    }

    mutating func beginPart(_ part: ReportPart) {
        switch part {
        case .findings(.violation, _) where run.count(.violation) > 0: title(translated("Violations, most important first:"))
        case .findings(.known, _) where run.count(.known) > 0: title(translated("Known, in the baseline (reported, not failing):"))
        // Translators: keep --update-baseline as it is: it is the option that removes them.
        case .fixed where run.fixedCount > 0: title(translated("Fixed since the baseline (--update-baseline removes them):"))
        case .findings(.incomplete, _) where run.count(.incomplete) > 0: title(translated("Incomplete, needs a person to check:"))
        case .findings(.suppressed, _) where run.count(.suppressed) > 0: title(translated("Suppressed:"))
        default: break
        }
    }

    mutating func finding(_ position: Int, of group: FindingGroup) {
        let rule = group.rule, node = group[position], found = node.message ?? rule.translatedDescription
        switch group.kind {
        case .violation:
            let failOn = run.settings.failOn
            // Translators: a violation's impact when it does not fail the audit: %1$s is its
            // impact ("moderate"), %2$s the least impact that fails ("serious").
            let impact = rule.impact < failOn ? translated("%1$s (below %2$s, reported only)", rule.impact.translatedName, failOn.translatedName) : rule.impact.translatedName
            line("- " + Self.head(impact, rule, node) + Self.at(node) + ". " + found + ". " + rule.translatedHelp + ". " + rule.translatedCriteria + ".")
        case .known: line("- " + Self.head(rule.impact.translatedName, rule, node) + Self.at(node) + ". " + found + ".")
        case .incomplete: line("- " + Self.on(rule, node) + Self.at(node) + ": " + found + ".")
        case .suppressed:
            // Translators: a finding the scene accepts: %1$s what was found, %2$s the scene's
            // reason, as its author wrote it.
            line("- " + Self.on(rule, node) + Self.at(node) + ": " + translated("%1$s. Reason: %2$s.", node.message ?? "", group.reason(position) ?? ""))
        case .pass: break
        }
    }

    mutating func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?) {
        line("- " + Self.on(entry.rule, AuditReport.Node.controlWords(ofKey: entry.control)) + (entry.file.isEmpty ? "" : ", \(entry.file)") + ".")
    }

    mutating func end(_ run: ReportRun) {
        line("")
        if run.count(.violation) == 0 && run.count(.incomplete) == 0 {
            line(run.count(.known) > 0 ? translated("No new problems found.") : translated("No problems found."))
        }
        line(run.verdict)
        out.flush()
    }

    private mutating func line(_ text: String) { out.write(text + "\n") }

    /// A part's heading, after a blank line.
    private mutating func title(_ text: String) { out.write("\n" + text + "\n") }

    /// "critical: name-present on weight ("Weight")".
    private static func head(_ impact: String, _ rule: AuditRuleInfo, _ node: AuditReport.Node) -> String {
        // Translators: a finding of an audit: %1$s its impact ("critical"), %2$s the rule's id
        // and %3$s the control's id (both as they are), %4$s the control's name in quotes, or
        // "no name".
        translated("%1$s: %2$s on %3$s (%4$s)", impact, rule.id, node.controlWords, named(node))
    }

    /// "name-present on weight".
    private static func on(_ rule: AuditRuleInfo, _ node: AuditReport.Node) -> String { on(rule.id, node.controlWords) }

    /// A rule's id and the control it found something on.
    static func on(_ rule: String, _ control: String) -> String {
        // Translators: a rule's id and a control it found something on, both kept as they are
        // ("name-present on weight").
        translated("%1$s on %2$s", rule, control)
    }

    /// The control's name in quotes, or "no name".
    static func named(_ node: AuditReport.Node) -> String {
        // Translators: said in place of a control's name when it has none.
        node.label.isEmpty ? translated("no name") : FindingMessage.quoted(node.label).text
    }

    /// ", scene.json:4:5" for a control read from a file.
    private static func at(_ node: AuditReport.Node) -> String {
        node.place.isEmpty ? "" : ", \(node.place)"
    }

    /// "3 controls".
    static func controls(_ count: Int) -> String {
        translatedCount("%s control", "%s controls", count: count, NumberText.plain(Double(count)))
    }

    /// "13 rules".
    static func rules(_ count: Int) -> String {
        // Translators: the audit rules that ran.
        translatedCount("%s rule", "%s rules", count: count, NumberText.plain(Double(count)))
    }
}

extension ReportRun {
    /// "0 violations, 0 incomplete, 55 passes, 0 inapplicable rules, 0 suppressed", with a
    /// baseline's "new" and its known and fixed counts; the inapplicable rules only when asked.
    func countsSentence(inapplicable: Bool) -> String {
        func number(_ count: Int) -> String { NumberText.plain(Double(count)) }
        let violations = count(.violation)
        // Translators: the counts of an audit's findings follow, joined with commas: "2
        // violations, 0 incomplete, 55 passes, 0 inapplicable rules, 0 suppressed".
        var parts = [baselineApplied
            ? translatedCount("%s new violation", "%s new violations", count: violations, number(violations))
            : translatedCount("%s violation", "%s violations", count: violations, number(violations))]
        // Translators: findings a person should check, where the rule could not tell.
        parts.append(translatedCount("%s incomplete", "%s incomplete", count: count(.incomplete), number(count(.incomplete))))
        // Translators: controls that kept a rule.
        parts.append(translatedCount("%s pass", "%s passes", count: count(.pass), number(count(.pass))))
        // Translators: rules that applied to no control.
        if inapplicable { parts.append(translatedCount("%s inapplicable rule", "%s inapplicable rules", count: inapplicableCount, number(inapplicableCount))) }
        // Translators: violations the scene accepts, with a reason.
        parts.append(translatedCount("%s suppressed", "%s suppressed", count: count(.suppressed), number(count(.suppressed))))
        if baselineApplied {
            // Translators: violations the baseline file holds.
            parts.append(translatedCount("%s known", "%s known", count: count(.known), number(count(.known))))
            // Translators: entries of the baseline file this audit no longer finds.
            parts.append(translatedCount("%s fixed", "%s fixed", count: fixedCount, number(fixedCount)))
        }
        return parts.joined(separator: ", ")
    }
}
