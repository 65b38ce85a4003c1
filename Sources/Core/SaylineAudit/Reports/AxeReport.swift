import SaylineText

extension AuditReport {
    /// axe-core's AxeResults (axe.d.ts): testEngine, testRunner, testEnvironment, timestamp,
    /// url, toolOptions, then violations, passes, incomplete and inapplicable, each a Result
    /// with its nodes and their checks. Sayline adds `suppressed`, `controlCount` and `verdict`;
    /// axe's consumers ignore keys they do not know.
    public func axeJSON(_ settings: ReportSettings) -> String {
        written(settings) { AxeFormat(out: $0) }
    }

    /// `axeJSON`, handed to `sink` a piece at a time: each node is made as it is written, so
    /// the report is never held whole (a report of 10,000 controls is tens of megabytes).
    /// - Parameter parallel: threads the front lends for writing the nodes (the core has none).
    public func writeAxeJSON(_ settings: ReportSettings, parallel: JSONParallelRender? = nil, to sink: (ArraySlice<UInt8>) -> Void) {
        write(settings, parallel: parallel, to: sink) { AxeFormat(out: $0) }
    }
}

/// axe-core's results as a tree of the document's members, kind by kind, whose nodes are
/// streamed: each is made as the writer reaches it (on lent threads, for a long list), so
/// only the tree's outline, a member a rule, is ever held.
struct AxeFormat: ReportFormat {
    static let layout = ReportLayout(.byKind, [.findings(.violation), .findings(.pass), .findings(.incomplete), .inapplicable,
                                               .findings(.suppressed), .findings(.known), .fixed])
    /// Where the document goes.
    var out: ReportOutput
    /// The document's members so far.
    private var members: [JSONMember] = []
    /// The results of the part being written.
    private var results: [JSONTree] = []
    /// Targets name the scene file first when there are several.
    private var several = false
    private var baselineApplied = false

    /// The format, writing to `out`.
    init(out: ReportOutput) { self.out = out }

    mutating func begin(_ run: ReportRun) {
        let settings = run.settings
        several = run.files.count > 1
        baselineApplied = run.baselineApplied
        members = [
            JSONMember("testEngine", .object([JSONMember("name", "sayline"), JSONMember("version", .string(settings.version))])),
            JSONMember("testRunner", .object([JSONMember("name", "sayline audit")])),
            JSONMember("testEnvironment", .object([JSONMember("userAgent", .string("sayline/\(settings.version) (terminal; no browser)"))])),
        ]
        if !settings.timestamp.isEmpty { members.append(JSONMember("timestamp", .string(settings.timestamp))) }
        members.append(JSONMember("url", .string(run.files.map { $0.isEmpty ? "sayline:demo-scene" : $0 }.joined(separator: ", "))))
        members.append(JSONMember("toolOptions", .object([
            JSONMember("reporter", "v2"),
            JSONMember("failOn", .string(settings.failOn.rawValue)),
            JSONMember("maxChangeWords", .number(Double(settings.options.maximumChangeWords))),
            JSONMember("maxFocusWords", .number(Double(settings.options.maximumFocusWords))),
            JSONMember("rules", settings.ruleSettingsJSON),
            JSONMember("baseline", .bool(run.baselineApplied)),
        ])))
    }

    mutating func beginPart(_ part: ReportPart) { results = [] }

    mutating func findings(_ group: FindingGroup) {
        switch group.kind {
        case .violation: results.append(AxeNodes.result(group.rule, group.list, failing: true, state: baselineApplied ? "new" : nil, several: several))
        case .pass: results.append(AxeNodes.result(group.rule, group.list, failing: false, state: nil, several: several))
        case .incomplete: results.append(AxeNodes.result(group.rule, group.list, failing: true, state: nil, several: several))
        case .known: results.append(AxeNodes.result(group.rule, group.list, failing: true, state: "unchanged", several: several))
        case .suppressed: results.append(suppressed(group))
        }
    }

    mutating func inapplicable(_ rule: AuditRuleInfo) {
        results.append(AxeNodes.result(rule, [], failing: false, state: nil, several: several))
    }

    mutating func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?) {
        results.append(.object([JSONMember("file", .string(entry.file)), JSONMember("control", .string(entry.control)),
                                JSONMember("rule", .string(entry.rule)), JSONMember("baselineState", "absent")]))
    }

    mutating func endPart(_ part: ReportPart) {
        // Sayline's own, with a baseline: findings it holds, and what it holds that is gone.
        guard baselineApplied || (part != .findings(.known) && part != .fixed) else { return }
        members.append(JSONMember(Self.key(part), .array(results)))
    }

    mutating func end(_ run: ReportRun) {
        members.append(JSONMember("controlCount", .number(Double(run.controlCount))))
        members.append(JSONMember("verdict", .object([
            JSONMember("failOn", .string(run.settings.failOn.rawValue)), JSONMember("passed", .bool(run.failures == 0)),
            JSONMember("failures", .number(Double(run.failures))), JSONMember("summary", .string(run.verdict)),
        ])))
        out.stream(.object(members), inlineFrom: 4)
    }

    /// A rule's suppressed findings, each with the scene's reason: few, so made whole.
    private func suppressed(_ group: FindingGroup) -> JSONTree {
        .object([
            JSONMember("id", .string(group.rule.id)), JSONMember("impact", .string(group.rule.impact.rawValue)),
            JSONMember("tags", .array(group.rule.tags.map(JSONTree.string))),
            JSONMember("nodes", .array((0..<group.count).map { position in
                let node = group[position]
                return .object([
                    JSONMember("target", .array((several ? [node.file] : []).map(JSONTree.string) + [.string(node.shownControl)])),
                    JSONMember("html", .string(node.html)),
                    JSONMember("failureSummary", .string(node.message ?? "")),
                    JSONMember("reason", .string(group.reason(position) ?? "")),
                ])
            })),
        ])
    }

    /// The document's key for a part.
    private static func key(_ part: ReportPart) -> String {
        switch part {
        case .findings(.violation, _): "violations"
        case .findings(.pass, _): "passes"
        case .findings(.incomplete, _): "incomplete"
        case .findings(.suppressed, _): "suppressed"
        case .findings(.known, _): "known"
        case .inapplicable: "inapplicable"
        case .fixed: "fixed"
        }
    }
}
