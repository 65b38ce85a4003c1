import SaylineText

extension AuditReport {
    /// SARIF 2.1.0, as GitHub code scanning and other analysers read it: every rule in
    /// `tool.driver.rules` (descriptions, help URI, WCAG tags, a default level from its
    /// impact), a result for each violation (`fail`), incomplete check (`review`) and
    /// suppressed finding (with its reason), located at the control's line and column in its
    /// scene file. Passes are left out, as analysers expect. Files are located relative to the
    /// project's root (`%SRCROOT%`, in `originalUriBaseIds`) when the settings give one, so the
    /// same audit run from another folder or with paths spelled otherwise locates the same.
    public func sarif(_ settings: ReportSettings) -> String {
        written(settings) { SARIFFormat(out: $0) }
    }
}

/// A SARIF log, rule by rule: its rules table is the run's, known before the walk; its
/// results are gathered as the walk goes, and the log's tree written out at the end.
struct SARIFFormat: ReportFormat {
    static let layout = ReportLayout(.byRule, [.findings(.violation), .findings(.known), .fixed, .findings(.incomplete), .findings(.suppressed)])
    /// Where the log goes.
    var out: ReportOutput
    private var settings = ReportSettings(version: "")
    private var baselineApplied = false
    /// Each named scene's index among the artifacts.
    private var fileIndex: [String: Int] = [:]
    private var results: [JSONTree] = []

    /// The format, writing to `out`.
    init(out: ReportOutput) { self.out = out }

    mutating func begin(_ run: ReportRun) {
        settings = run.settings
        baselineApplied = run.baselineApplied
        // A running application is no artifact: its findings are located by their path alone.
        fileIndex = run.filesAreApplications ? [:] : Dictionary(run.files.filter { !$0.isEmpty }.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func finding(_ position: Int, of group: FindingGroup) {
        let rule = group.rule, node = group[position], found = node.message ?? rule.translatedDescription
        let result = SARIFResult(rule: rule, ruleIndex: group.ruleIndex, node: node)
        // What was found and what to do, two sentences.
        let fix = found + ". " + rule.translatedHelp + "."
        switch group.kind {
        case .violation: results.append(result.tree(kind: "fail", message: fix, state: baselineApplied ? "new" : nil, settings, fileIndex: fileIndex))
        case .known: results.append(result.tree(kind: "fail", message: fix + " " + translated("Known: in the baseline."), state: "unchanged", settings, fileIndex: fileIndex))
        case .incomplete: results.append(result.tree(kind: "review", message: found + ". " + translated("A person should check this."), settings, fileIndex: fileIndex))
        case .suppressed: results.append(result.tree(kind: "fail", message: fix, suppression: group.reason(position), settings, fileIndex: fileIndex))
        case .pass: break
        }
    }

    /// What the baseline holds and this audit no longer finds: SARIF's absent results.
    mutating func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?) {
        guard let rule else { return }
        let gone = AuditReport.Node(file: entry.file, control: entry.control, label: "", message: nil, line: nil, column: nil, html: "", nanoseconds: 0)
        // Translators: %1$s is a rule's id, %2$s a control's id, both as they are.
        let message = translated("Fixed: %1$s no longer finds %2$s; remove it from the baseline.", rule.info.id, AuditReport.Node.controlWords(ofKey: entry.control))
        results.append(SARIFResult(rule: rule.info, ruleIndex: rule.index, node: gone).tree(kind: "pass", message: message, state: "absent", settings, fileIndex: fileIndex))
    }

    mutating func end(_ run: ReportRun) {
        var runMembers = [
            JSONMember("tool", .object([JSONMember("driver", .object([
                JSONMember("name", "sayline"), JSONMember("version", .string(settings.version)),
                JSONMember("semanticVersion", .string(settings.version)), JSONMember("informationUri", .string(AuditRules.documentation)),
                JSONMember("rules", .array(run.rules.map(SARIFResult.driverRule))),
            ]))])),
            JSONMember("invocations", [.object(invocation(run))]),
            JSONMember("artifacts", .array(run.files.filter { !$0.isEmpty && !run.filesAreApplications }.map { file in
                .object([JSONMember("location", .object(SARIFResult.location(file, settings))), JSONMember("mimeType", "application/json")])
            })),
            JSONMember("columnKind", "unicodeCodePoints"),
            JSONMember("results", .array(results)),
        ]
        // SARIF's language of the log's messages, "en-US" when it is not given.
        if !Phrasebook.speaksEnglish { runMembers.insert(JSONMember("language", .string(AuditReport.languageTag)), at: runMembers.count - 2) }
        if let root = settings.sourceRoot {
            runMembers.insert(JSONMember("originalUriBaseIds", .object([JSONMember(AuditReport.rootName, .object([
                JSONMember("uri", .string(root)),
                JSONMember("description", .object([JSONMember("text", .string(translated("The project's root: the repository's, or the folder the audit ran in outside one.")))])),
            ]))])), at: 3)
        }
        out.stream(.object([
            JSONMember("$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"),
            JSONMember("version", "2.1.0"),
            JSONMember("runs", [.object(runMembers)]),
        ]), inlineFrom: 6)
    }

    /// The invocation: when it ended, and the verdict with what decided it.
    private func invocation(_ run: ReportRun) -> [JSONMember] {
        var invocation = [JSONMember("executionSuccessful", true)]
        if !settings.timestamp.isEmpty { invocation.append(JSONMember("endTimeUtc", .string(settings.timestamp))) }
        invocation.append(JSONMember("properties", .object([
            JSONMember("failOn", .string(settings.failOn.rawValue)), JSONMember("passed", .bool(run.failures == 0)),
            JSONMember("failures", .number(Double(run.failures))), JSONMember("verdict", .string(run.verdict)),
            JSONMember("ruleSettings", settings.ruleSettingsJSON), JSONMember("baseline", .bool(baselineApplied)),
        ])))
        return invocation
    }
}

extension AuditReport {
    /// SARIF's levels: critical and serious are errors, moderate a warning, minor a note.
    static func level(_ impact: Impact) -> String {
        switch impact {
        case .critical, .serious: "error"
        case .moderate: "warning"
        case .minor: "note"
        }
    }

    /// "name-present" as "NamePresent".
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The name `originalUriBaseIds` gives the project's root.
    static let rootName = "SRCROOT"

    /// A path as a URI reference: unreserved characters and "/" kept, every other byte
    /// percent-encoded (a space, "%", "#", non-ASCII).
    static func uri(_ path: String) -> String { FileName.uriReference(path.utf8) }
}
