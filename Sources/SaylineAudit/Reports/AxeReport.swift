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
        // One node, written as the writer lays out an object past `inlineFrom` (on one line):
        // there are a dozen for each control, and making a tree for each cost more than the
        // audit. The same bytes as the tree `{html, target, impact, any: [check], all, none,
        // failureSummary?, baselineState?}` would give.
        @Sendable func key(_ name: StaticString, first: Bool = false, into out: inout [UInt8]) {
            if !first { out.append(UInt8(ascii: ",")) }
            out.append(0x20)
            out.append(0x22)
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(0x22)
            out.append(UInt8(ascii: ":"))
            out.append(0x20)
        }
        @Sendable func literal(_ text: StaticString, into out: inout [UInt8]) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        // A node after its target: what the rule found and how it is graded. Every node of a
        // rule that says nothing of its own has the same bytes, so those are made once a rule.
        @Sendable func rest(of rule: RuleInfo, message: String?, failing: Bool, state: String?, into out: inout [UInt8]) {
            func impact() {
                if failing { JSONWriter.appendString(rule.impact.rawValue, to: &out) } else { literal("null", into: &out) }
            }
            key("impact", into: &out)
            impact()
            key("any", into: &out)
            literal("[{", into: &out)
            key("id", first: true, into: &out)
            JSONWriter.appendString(rule.id, to: &out)
            key("data", into: &out)
            literal("null", into: &out)
            key("relatedNodes", into: &out)
            literal("[]", into: &out)
            key("impact", into: &out)
            impact()
            key("message", into: &out)
            JSONWriter.appendString(message ?? rule.description, to: &out)
            literal(" }]", into: &out)
            key("all", into: &out)
            literal("[]", into: &out)
            key("none", into: &out)
            literal("[]", into: &out)
            if failing {
                key("failureSummary", into: &out)
                JSONWriter.appendString("Fix any of the following:\n  " + (message ?? rule.help), to: &out)
            }
            if let state {
                key("baselineState", into: &out)
                JSONWriter.appendString(state, to: &out)
            }
            literal(" }", into: &out)
        }
        // A node read field by field where it lies: a copy of it took and gave back a reference
        // to each of its six strings and arrays, for every one of a report's nodes (3.6 % of a
        // json audit's samples in `perf`, in `swift_retain` alone).
        @Sendable func node(_ index: Int, of nodes: UnsafeBufferPointer<Node>, rule: RuleInfo, sharedRest: [UInt8], failing: Bool, state: String?,
                            into out: inout [UInt8]) {
            out.append(UInt8(ascii: "{"))
            key("html", first: true, into: &out)
            if nodes[index].quotedHTML.isEmpty { JSONWriter.appendString(nodes[index].html, to: &out) } else { out.append(contentsOf: nodes[index].quotedHTML) }
            // Like axe's path into an iframe: the scene file first when there are several.
            key("target", into: &out)
            out.append(UInt8(ascii: "["))
            if several {
                JSONWriter.appendString(nodes[index].file, to: &out)
                literal(", ", into: &out)
            }
            JSONWriter.appendString(nodes[index].control, to: &out)
            out.append(UInt8(ascii: "]"))
            if nodes[index].message == nil {
                out.append(contentsOf: sharedRest)
            } else {
                rest(of: rule, message: nodes[index].message, failing: failing, state: state, into: &out)
            }
        }
        func result(_ rule: RuleInfo, _ nodes: [Node], failing: Bool, state: String? = nil) -> JSONPart {
            var restBytes: [UInt8] = []
            rest(of: rule, message: nil, failing: failing, state: state, into: &restBytes)
            let sharedRest = restBytes
            return .object([
                ("id", .tree(.string(rule.id))),
                ("impact", .tree(failing ? .string(rule.impact.rawValue) : .null)),
                ("tags", .tree(.array(rule.tags.map(JSONTree.string)))),
                ("description", .tree(.string(rule.description))),
                ("help", .tree(.string(rule.help))),
                ("helpUrl", .tree(.string(rule.helpURL))),
                ("nodes", .writtenItems(nodes.count) { index, out in
                    nodes.withUnsafeBufferPointer { node(index, of: $0, rule: rule, sharedRest: sharedRest, failing: failing, state: state, into: &out) }
                }),
            ])
        }
        let failures = failingCount(at: settings.failOn)
        // The document's members in order: small ones held as trees, the long arrays streamed.
        func held(_ members: [JSONMember]) -> [(key: String, value: JSONPart)] { members.map { ($0.key, .tree($0.value)) } }
        var parts = held([
            JSONMember("testEngine", .object([JSONMember("name", "sayline"), JSONMember("version", .string(settings.version))])),
            JSONMember("testRunner", .object([JSONMember("name", "sayline audit")])),
            JSONMember("testEnvironment", .object([JSONMember("userAgent", .string("sayline/\(settings.version) (terminal; no browser)"))])),
        ])
        if !settings.timestamp.isEmpty { parts += held([JSONMember("timestamp", .string(settings.timestamp))]) }
        parts += held([
            JSONMember("url", .string(files.map { $0.isEmpty ? "sayline:demo-scene" : $0 }.joined(separator: ", "))),
            JSONMember("toolOptions", .object([
                JSONMember("reporter", "v2"),
                JSONMember("failOn", .string(settings.failOn.rawValue)),
                JSONMember("maxChangeWords", .number(Double(settings.options.maximumChangeWords))),
                JSONMember("maxFocusWords", .number(Double(settings.options.maximumFocusWords))),
                JSONMember("rules", ruleSettingsJSON(settings)),
                JSONMember("baseline", .bool(baselineApplied)),
            ])),
        ])
        parts += [
            ("violations", .array(rules.filter { !$0.violations.isEmpty }.map { result($0.rule, $0.violations, failing: true, state: baselineApplied ? "new" : nil) })),
            ("passes", .array(rules.filter { !$0.passes.isEmpty }.map { result($0.rule, $0.passes, failing: false) })),
            ("incomplete", .array(rules.filter { !$0.incomplete.isEmpty }.map { result($0.rule, $0.incomplete, failing: true) })),
            ("inapplicable", .array(rules.filter(\.isInapplicable).map { result($0.rule, [], failing: false) })),
        ]
        parts += held([
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
        ])
        if baselineApplied {
            // Sayline's too, with a baseline: findings it holds, and what it holds that is gone.
            parts.append(("known", .array(rules.filter { !$0.known.isEmpty }.map { result($0.rule, $0.known, failing: true, state: "unchanged") })))
            parts.append(("fixed", .tree(.array(fixed.map { entry in
                .object([JSONMember("file", .string(entry.file)), JSONMember("control", .string(entry.control)), JSONMember("rule", .string(entry.rule)),
                         JSONMember("baselineState", "absent")])
            }))))
        }
        parts += held([
            JSONMember("controlCount", .number(Double(controlCount))),
            JSONMember("verdict", .object([
                JSONMember("failOn", .string(settings.failOn.rawValue)), JSONMember("passed", .bool(failures == 0)),
                JSONMember("failures", .number(Double(failures))), JSONMember("summary", .string(verdict(settings))),
            ])),
        ])
        JSONWriter.stream(.object(parts), inlineFrom: 4, parallel: parallel, to: sink)
    }
}
