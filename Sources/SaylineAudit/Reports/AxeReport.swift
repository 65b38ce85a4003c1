import SaylineText

extension AuditReport {
    /// axe-core's AxeResults (axe.d.ts): testEngine, testRunner, testEnvironment, timestamp,
    /// url, toolOptions, then violations, passes, incomplete and inapplicable, each a Result
    /// with its nodes and their checks. Sayline adds `suppressed`, `controlCount` and `verdict`;
    /// axe's consumers ignore keys they do not know.
    public func axeJSON(_ settings: ReportSettings) -> String {
        let several = files.count > 1
        func node(_ node: Node, rule: RuleInfo, failing: Bool, state: String?) -> JSONTree {
            let impact: JSONTree = failing ? .string(rule.impact.rawValue) : .null
            let check = JSONTree.object([
                JSONMember("id", .string(rule.id)), JSONMember("data", .null), JSONMember("relatedNodes", []),
                JSONMember("impact", impact), JSONMember("message", .string(node.message ?? rule.description)),
            ])
            var members = [
                JSONMember("html", .string(node.html)),
                // Like axe's path into an iframe: the scene file first when there are several.
                JSONMember("target", .array((several ? [node.file] : []).map(JSONTree.string) + [.string(node.control)])),
                JSONMember("impact", impact),
                JSONMember("any", [check]), JSONMember("all", []), JSONMember("none", []),
            ]
            if failing { members.append(JSONMember("failureSummary", .string("Fix any of the following:\n  " + (node.message ?? rule.help)))) }
            if let state { members.append(JSONMember("baselineState", .string(state))) }
            return .object(members)
        }
        func result(_ rule: RuleInfo, _ nodes: [Node], failing: Bool, state: String? = nil) -> JSONTree {
            .object([
                JSONMember("id", .string(rule.id)),
                JSONMember("impact", failing ? .string(rule.impact.rawValue) : .null),
                JSONMember("tags", .array(rule.tags.map(JSONTree.string))),
                JSONMember("description", .string(rule.description)),
                JSONMember("help", .string(rule.help)),
                JSONMember("helpUrl", .string(rule.helpURL)),
                JSONMember("nodes", .array(nodes.map { node($0, rule: rule, failing: failing, state: state) })),
            ])
        }
        let failures = failingCount(at: settings.failOn)
        var document = [
            JSONMember("testEngine", .object([JSONMember("name", "sayline"), JSONMember("version", .string(settings.version))])),
            JSONMember("testRunner", .object([JSONMember("name", "sayline audit")])),
            JSONMember("testEnvironment", .object([JSONMember("userAgent", .string("sayline/\(settings.version) (terminal; no browser)"))])),
        ]
        if !settings.timestamp.isEmpty { document.append(JSONMember("timestamp", .string(settings.timestamp))) }
        document += [
            JSONMember("url", .string(files.map { $0.isEmpty ? "sayline:demo-scene" : $0 }.joined(separator: ", "))),
            JSONMember("toolOptions", .object([
                JSONMember("reporter", "v2"),
                JSONMember("failOn", .string(settings.failOn.rawValue)),
                JSONMember("maxChangeWords", .number(Double(settings.options.maximumChangeWords))),
                JSONMember("maxFocusWords", .number(Double(settings.options.maximumFocusWords))),
                JSONMember("rules", ruleSettingsJSON(settings)),
                JSONMember("baseline", .bool(baselineApplied)),
            ])),
            JSONMember("violations", .array(rules.filter { !$0.violations.isEmpty }.map { result($0.rule, $0.violations, failing: true, state: baselineApplied ? "new" : nil) })),
            JSONMember("passes", .array(rules.filter { !$0.passes.isEmpty }.map { result($0.rule, $0.passes, failing: false) })),
            JSONMember("incomplete", .array(rules.filter { !$0.incomplete.isEmpty }.map { result($0.rule, $0.incomplete, failing: true) })),
            JSONMember("inapplicable", .array(rules.filter(\.isInapplicable).map { result($0.rule, [], failing: false) })),
            JSONMember("suppressed", .array(rules.filter { !$0.suppressed.isEmpty }.map { outcome in
                .object([
                    JSONMember("id", .string(outcome.rule.id)), JSONMember("impact", .string(outcome.rule.impact.rawValue)),
                    JSONMember("tags", .array(outcome.rule.tags.map(JSONTree.string))),
                    JSONMember("nodes", .array(outcome.suppressed.map { entry in
                        var fields = [JSONMember("target", .array((several ? [entry.node.file] : []).map(JSONTree.string) + [.string(entry.node.control)]))]
                        fields.append(JSONMember("html", .string(entry.node.html)))
                        fields.append(JSONMember("failureSummary", .string(entry.node.message ?? "")))
                        fields.append(JSONMember("reason", .string(entry.reason)))
                        return .object(fields)
                    })),
                ])
            })),
        ]
        if baselineApplied {
            // Sayline's too, with a baseline: findings it holds, and what it holds that is gone.
            document.append(JSONMember("known", .array(rules.filter { !$0.known.isEmpty }.map { result($0.rule, $0.known, failing: true, state: "unchanged") })))
            document.append(JSONMember("fixed", .array(fixed.map { entry in
                .object([JSONMember("file", .string(entry.file)), JSONMember("control", .string(entry.control)), JSONMember("rule", .string(entry.rule)),
                         JSONMember("baselineState", "absent")])
            })))
        }
        document += [
            JSONMember("controlCount", .number(Double(controlCount))),
            JSONMember("verdict", .object([
                JSONMember("failOn", .string(settings.failOn.rawValue)), JSONMember("passed", .bool(failures == 0)),
                JSONMember("failures", .number(Double(failures))), JSONMember("summary", .string(verdict(settings))),
            ])),
        ]
        return JSONWriter.write(.object(document), inlineFrom: 4)
    }
}
