import SaylineText

/// One SARIF result: a control's finding under a rule, located in its scene file when it has
/// one; and, for the rules table, a rule as SARIF describes it.
struct SARIFResult {
    /// The rule.
    let rule: AuditRuleInfo
    /// Where the rule stands in the rules table.
    let ruleIndex: Int
    /// The control.
    let node: AuditReport.Node

    /// The result as SARIF writes it: `kind` "fail", "review" or "pass", `message` its text,
    /// `suppression` the scene's reason, `state` its baselineState.
    func tree(kind: String, message: String, suppression: String? = nil, state: String? = nil, _ settings: ReportSettings,
              fileIndex: [String: Int]) -> JSONTree {
        var members = [
            JSONMember("ruleId", .string(rule.id)), JSONMember("ruleIndex", .number(Double(ruleIndex))),
            JSONMember("kind", .string(kind)),
            // SARIF: a result that is not a failure has no level of its own.
            JSONMember("level", .string(kind == "fail" ? AuditReport.level(rule.impact) : "none")),
            JSONMember("message", .object([JSONMember("text", .string(message))])),
            JSONMember("locations", [.object(locations(settings, fileIndex: fileIndex))]),
        ]
        if let state { members.append(JSONMember("baselineState", .string(state))) }
        if let suppression {
            members.append(JSONMember("suppressions", [.object([
                JSONMember("kind", "inSource"), JSONMember("status", "accepted"), JSONMember("justification", .string(suppression)),
            ])]))
        }
        let label = node.label.isEmpty ? translated("no name") : node.label
        members.append(JSONMember("properties", .object([
            JSONMember("impact", .string(rule.impact.rawValue)), JSONMember("label", .string(label)),
            JSONMember("failsAudit", .bool(kind == "fail" && suppression == nil && state != "unchanged" && rule.impact >= settings.failOn)),
        ])))
        return .object(members)
    }

    /// The control by name, and in its file at its line and column when the log lists the file.
    private func locations(_ settings: ReportSettings, fileIndex: [String: Int]) -> [JSONMember] {
        var location = [JSONMember("logicalLocations", [.object([JSONMember("name", .string(node.shownControl)), JSONMember("kind", "object")])])]
        if let index = fileIndex[node.file] {
            var region = [JSONMember]()
            if let line = node.line { region.append(JSONMember("startLine", .number(Double(line)))) }
            if let column = node.column { region.append(JSONMember("startColumn", .number(Double(column)))) }
            var physical = [JSONMember("artifactLocation", .object(Self.location(node.file, settings) + [JSONMember("index", .number(Double(index)))]))]
            if !region.isEmpty { physical.append(JSONMember("region", .object(region))) }
            location.insert(JSONMember("physicalLocation", .object(physical)), at: 0)
        }
        return location
    }

    /// A rule as the rules table describes it.
    static func driverRule(_ rule: AuditRuleInfo) -> JSONTree {
        let level = AuditReport.level(rule.impact)
        return .object([
            JSONMember("id", .string(rule.id)),
            JSONMember("name", .string(AuditReport.pascalCase(rule.id))),
            JSONMember("shortDescription", .object([JSONMember("text", .string(rule.translatedHelp))])),
            JSONMember("fullDescription", .object([JSONMember("text", .string(rule.translatedDescription))])),
            JSONMember("helpUri", .string(rule.helpURL)),
            // Translators: a rule's help in a SARIF log: %1$s what to do, %2$s the WCAG success
            // criteria it checks, %3$s where the rule comes from.
            JSONMember("help", .object([JSONMember("text", .string(translated("%1$s. %2$s. Source: %3$s.", rule.translatedHelp, rule.translatedCriteria, rule.translatedSource)))])),
            JSONMember("defaultConfiguration", .object([JSONMember("level", .string(level))])),
            JSONMember("properties", .object([
                JSONMember("tags", .array((["accessibility"] + rule.tags).map(JSONTree.string))),
                JSONMember("impact", .string(rule.impact.rawValue)),
                JSONMember("wcag", .array(rule.criteria.map { .string($0.number) })),
                JSONMember("problem.severity", .string(level == "note" ? "recommendation" : level)),
            ])),
        ])
    }

    /// An artifact location's members: relative to the root, absolute, or as named.
    static func location(_ file: String, _ settings: ReportSettings) -> [JSONMember] {
        guard let uri = settings.locations[file] else { return [JSONMember("uri", .string(AuditReport.uri(file)))] }
        return uri.hasPrefix("file://") ? [JSONMember("uri", .string(uri))] : [JSONMember("uri", .string(uri)), JSONMember("uriBaseId", .string(AuditReport.rootName))]
    }
}
