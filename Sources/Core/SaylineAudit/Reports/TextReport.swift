extension AuditReport {
    /// Plain sentences, one finding a line, most important first; no tables or box drawing,
    /// so a screen reader reads it well.
    public func text(_ settings: ReportSettings) -> String {
        var lines = ["Audit of \(subject): \(controlCount) \(controlCount == 1 ? "control" : "controls"), \(rules.count) rules."]
        let baseline = baselineApplied ? ", \(knownCount) known, \(fixed.count) fixed" : ""
        lines.append("\(violationCount) \(baselineApplied ? "new " : "")\(violationCount == 1 ? "violation" : "violations"), \(incompleteCount) incomplete, \(passCount) passes, \(inapplicableRules.count) inapplicable \(inapplicableRules.count == 1 ? "rule" : "rules"), \(suppressedCount) suppressed\(baseline).")
        let settingWords = ruleSettingWords(settings)
        if !settingWords.isEmpty { lines.append("Rule settings: \(settingWords.joined(separator: "; ")).") }
        func section(_ title: String, _ entries: [String]) {
            guard !entries.isEmpty else { return }
            lines += ["", title] + entries
        }
        section("Violations, most important first:", violationsByImpact.map { rule, node in
            let below = rule.impact < settings.failOn ? " (below \(settings.failOn.rawValue), reported only)" : ""
            return "- \(rule.impact.rawValue)\(below): \(rule.id) on \(node.shownControl) (\(Self.named(node)))\(Self.at(node)). \(node.message ?? rule.description). \(rule.help). \(rule.criteriaWords)."
        })
        section("Known, in the baseline (reported, not failing):", knownByImpact.map { rule, node in
            "- \(rule.impact.rawValue): \(rule.id) on \(node.shownControl) (\(Self.named(node)))\(Self.at(node)). \(node.message ?? rule.description)."
        })
        section("Fixed since the baseline (--update-baseline removes them):", fixed.map { entry in
            "- \(entry.rule) on \(entry.control)\(entry.file.isEmpty ? "" : ", \(entry.file)")."
        })
        section("Incomplete, needs a person to check:", rules.flatMap { outcome in
            outcome.incomplete.map { "- \(outcome.rule.id) on \($0.shownControl)\(Self.at($0)): \($0.message ?? outcome.rule.description)." }
        })
        section("Suppressed:", rules.flatMap { outcome in
            outcome.suppressed.map { "- \(outcome.rule.id) on \($0.node.shownControl)\(Self.at($0.node)): \($0.node.message ?? ""). Reason: \($0.reason)." }
        })
        lines.append("")
        if violationCount == 0 && incompleteCount == 0 { lines.append(knownCount > 0 ? "No new problems found." : "No problems found.") }
        lines.append(verdict(settings))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func named(_ node: Node) -> String {
        node.label.isEmpty ? "no name" : "\"\(node.label)\""
    }

    /// ", scene.json:4:5" for a control read from a file.
    private static func at(_ node: Node) -> String {
        node.place.isEmpty ? "" : ", \(node.place)"
    }
}
