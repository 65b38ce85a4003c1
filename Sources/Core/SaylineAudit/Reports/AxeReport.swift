import SaylineText

extension AuditReport {
    /// axe-core's AxeResults (axe.d.ts): testEngine, testRunner, testEnvironment, timestamp,
    /// url, toolOptions, then violations, passes, incomplete and inapplicable, each a Result
    /// with its nodes and their checks. Sayline adds `suppressed`, `controlCount` and `verdict`;
    /// axe's consumers ignore keys they do not know.
    public func axeJSON(_ settings: ReportSettings) -> String {
        var out: [UInt8] = []
        writeAxeJSON(settings) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `axeJSON`, handed to `sink` a piece at a time: each node is made as it is written, so
    /// the report is never held whole (a report of 10,000 controls is tens of megabytes).
    /// - Parameter parallel: threads the front lends for writing the nodes (the core has none).
    public func writeAxeJSON(_ settings: ReportSettings, parallel: JSONParallelRender? = nil, to sink: (ArraySlice<UInt8>) -> Void) {
        let several = files.count > 1
        // One node, written with the writer's one-line objects and arrays rather than made as a
        // tree: there are a dozen for each control, and making a tree for each cost more than
        // the audit. The same bytes as the tree `{html, target, impact, any: [check], all, none,
        // failureSummary?, baselineState?}` would give.
        @Sendable func noItems(_ key: StaticString, in object: inout JSONInlineObject, into out: inout [UInt8]) {
            object.key(key, in: &out)
            JSONInlineArray(in: &out).close(in: &out)
        }
        // A node after its target: what the rule found and how it is graded. Every node of a
        // rule that says nothing of its own has the same bytes, so those are made once a rule.
        @Sendable func rest(of rule: RuleInfo, message: String?, failing: Bool, state: String?, into out: inout [UInt8]) {
            func impact(_ object: inout JSONInlineObject) {
                if failing { object.member("impact", string: rule.impact.rawValue, in: &out) } else { object.member("impact", .null, in: &out) }
            }
            var node = JSONInlineObject.continued()
            impact(&node)
            node.key("any", in: &out)
            var any = JSONInlineArray(in: &out)
            any.nextItem(in: &out)
            var check = JSONInlineObject(in: &out)
            check.member("id", string: rule.id, in: &out)
            check.member("data", .null, in: &out)
            noItems("relatedNodes", in: &check, into: &out)
            impact(&check)
            check.member("message", string: message ?? rule.description, in: &out)
            check.close(in: &out)
            any.close(in: &out)
            noItems("all", in: &node, into: &out)
            noItems("none", in: &node, into: &out)
            if failing { node.member("failureSummary", string: "Fix any of the following:\n  " + (message ?? rule.help), in: &out) }
            if let state { node.member("baselineState", string: state, in: &out) }
            node.close(in: &out)
        }
        // A node read field by field where it lies: a copy of it took and gave back a reference
        // to each of its six strings and arrays, for every one of a report's nodes (3.6 % of a
        // json audit's samples in `perf`, in `swift_retain` alone).
        @Sendable func node(_ index: Int, of nodes: UnsafeBufferPointer<Node>, rule: RuleInfo, sharedRest: [UInt8], failing: Bool, state: String?,
                            into out: inout [UInt8]) {
            var node = JSONInlineObject(in: &out)
            node.key("html", in: &out)
            // Quoted once a control, when the audit read it.
            if nodes[index].quotedHTML.isEmpty { JSONWriter.appendString(nodes[index].html, to: &out) } else { out.append(contentsOf: nodes[index].quotedHTML) }
            // Like axe's path into an iframe: the scene file first when there are several.
            node.key("target", in: &out)
            var target = JSONInlineArray(in: &out)
            if several {
                target.nextItem(in: &out)
                JSONWriter.appendString(nodes[index].file, to: &out)
            }
            target.nextItem(in: &out)
            JSONWriter.appendString(nodes[index].shownControl, to: &out)
            target.close(in: &out)
            if nodes[index].message == nil {
                out.append(contentsOf: sharedRest)
            } else {
                rest(of: rule, message: nodes[index].message, failing: failing, state: state, into: &out)
            }
        }
        func result(_ rule: RuleInfo, _ nodes: [Node], failing: Bool, state: String? = nil) -> JSONTree {
            var restBytes: [UInt8] = []
            rest(of: rule, message: nil, failing: failing, state: state, into: &restBytes)
            let sharedRest = restBytes
            return .object([
                JSONMember("id", .string(rule.id)),
                JSONMember("impact", failing ? .string(rule.impact.rawValue) : .null),
                JSONMember("tags", .array(rule.tags.map(JSONTree.string))),
                JSONMember("description", .string(rule.description)),
                JSONMember("help", .string(rule.help)),
                JSONMember("helpUrl", .string(rule.helpURL)),
                JSONMember("nodes", .items(JSONItems(nodes.count) { index, out in
                    nodes.withUnsafeBufferPointer { node(index, of: $0, rule: rule, sharedRest: sharedRest, failing: failing, state: state, into: &out) }
                })),
            ])
        }
        let failures = failingCount(at: settings.failOn)
        // The document's members in order; only the nodes are streamed.
        var parts = [
            JSONMember("testEngine", .object([JSONMember("name", "sayline"), JSONMember("version", .string(settings.version))])),
            JSONMember("testRunner", .object([JSONMember("name", "sayline audit")])),
            JSONMember("testEnvironment", .object([JSONMember("userAgent", .string("sayline/\(settings.version) (terminal; no browser)"))])),
        ]
        if !settings.timestamp.isEmpty { parts.append(JSONMember("timestamp", .string(settings.timestamp))) }
        parts += [
            JSONMember("url", .string(files.map { $0.isEmpty ? "sayline:demo-scene" : $0 }.joined(separator: ", "))),
            JSONMember("toolOptions", .object([
                JSONMember("reporter", "v2"),
                JSONMember("failOn", .string(settings.failOn.rawValue)),
                JSONMember("maxChangeWords", .number(Double(settings.options.maximumChangeWords))),
                JSONMember("maxFocusWords", .number(Double(settings.options.maximumFocusWords))),
                JSONMember("rules", ruleSettingsJSON(settings)),
                JSONMember("baseline", .bool(baselineApplied)),
            ])),
        ]
        parts += [
            JSONMember("violations", .array(rules.filter { !$0.violations.isEmpty }.map { result($0.rule, $0.violations, failing: true, state: baselineApplied ? "new" : nil) })),
            JSONMember("passes", .array(rules.filter { !$0.passes.isEmpty }.map { result($0.rule, $0.passes, failing: false) })),
            JSONMember("incomplete", .array(rules.filter { !$0.incomplete.isEmpty }.map { result($0.rule, $0.incomplete, failing: true) })),
            JSONMember("inapplicable", .array(rules.filter(\.isInapplicable).map { result($0.rule, [], failing: false) })),
        ]
        parts += [
            JSONMember("suppressed", .array(rules.filter { !$0.suppressed.isEmpty }.map { outcome in
                .object([
                    JSONMember("id", .string(outcome.rule.id)), JSONMember("impact", .string(outcome.rule.impact.rawValue)),
                    JSONMember("tags", .array(outcome.rule.tags.map(JSONTree.string))),
                    JSONMember("nodes", .array(outcome.suppressed.map { entry in
                        var fields = [JSONMember("target", .array((several ? [entry.node.file] : []).map(JSONTree.string) + [.string(entry.node.shownControl)]))]
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
            parts.append(JSONMember("known", .array(rules.filter { !$0.known.isEmpty }.map { result($0.rule, $0.known, failing: true, state: "unchanged") })))
            parts.append(JSONMember("fixed", .array(fixed.map { entry in
                .object([JSONMember("file", .string(entry.file)), JSONMember("control", .string(entry.control)), JSONMember("rule", .string(entry.rule)),
                         JSONMember("baselineState", "absent")])
            })))
        }
        parts += [
            JSONMember("controlCount", .number(Double(controlCount))),
            JSONMember("verdict", .object([
                JSONMember("failOn", .string(settings.failOn.rawValue)), JSONMember("passed", .bool(failures == 0)),
                JSONMember("failures", .number(Double(failures))), JSONMember("summary", .string(verdict(settings))),
            ])),
        ]
        JSONWriter.stream(.object(parts), inlineFrom: 4, parallel: parallel, to: sink)
    }
}
