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
        let fileIndex = Dictionary(files.filter { !$0.isEmpty }.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var results: [JSONTree] = []
        for (ruleIndex, outcome) in rules.enumerated() {
            let rule = outcome.rule
            func result(_ node: Node, kind: String, message: String, suppression: String?, state: String? = nil) -> JSONTree {
                var location = [JSONMember("logicalLocations", [.object([JSONMember("name", .string(node.shownControl)), JSONMember("kind", "object")])])]
                if let index = fileIndex[node.file] {
                    var region = [JSONMember]()
                    if let line = node.line { region.append(JSONMember("startLine", .number(Double(line)))) }
                    if let column = node.column { region.append(JSONMember("startColumn", .number(Double(column)))) }
                    var physical = [JSONMember("artifactLocation", .object(Self.location(node.file, settings) + [JSONMember("index", .number(Double(index)))]))]
                    if !region.isEmpty { physical.append(JSONMember("region", .object(region))) }
                    location.insert(JSONMember("physicalLocation", .object(physical)), at: 0)
                }
                var members = [
                    JSONMember("ruleId", .string(rule.id)), JSONMember("ruleIndex", .number(Double(ruleIndex))),
                    JSONMember("kind", .string(kind)),
                    // SARIF: a result that is not a failure has no level of its own.
                    JSONMember("level", .string(kind == "fail" ? Self.level(rule.impact) : "none")),
                    JSONMember("message", .object([JSONMember("text", .string(message))])),
                    JSONMember("locations", [.object(location)]),
                ]
                if let state { members.append(JSONMember("baselineState", .string(state))) }
                if let suppression {
                    members.append(JSONMember("suppressions", [.object([
                        JSONMember("kind", "inSource"), JSONMember("status", "accepted"), JSONMember("justification", .string(suppression)),
                    ])]))
                }
                let label = node.label.isEmpty ? "no name" : node.label
                members.append(JSONMember("properties", .object([
                    JSONMember("impact", .string(rule.impact.rawValue)), JSONMember("label", .string(label)),
                    JSONMember("failsAudit", .bool(kind == "fail" && suppression == nil && state != "unchanged" && rule.impact >= settings.failOn)),
                ])))
                return .object(members)
            }
            for node in outcome.violations {
                results.append(result(node, kind: "fail", message: "\(node.message ?? rule.description). \(rule.help).", suppression: nil,
                                      state: baselineApplied ? "new" : nil))
            }
            for node in outcome.known {
                results.append(result(node, kind: "fail", message: "\(node.message ?? rule.description). \(rule.help). Known: in the baseline.",
                                      suppression: nil, state: "unchanged"))
            }
            // What the baseline holds and this audit no longer finds: SARIF's absent results.
            for entry in fixed where entry.rule == rule.id {
                let gone = Node(file: entry.file, control: entry.control, label: "", message: nil, line: nil, column: nil, html: "", nanoseconds: 0)
                results.append(result(gone, kind: "pass", message: "Fixed: \(rule.id) no longer finds \(entry.control); remove it from the baseline.",
                                      suppression: nil, state: "absent"))
            }
            for node in outcome.incomplete {
                results.append(result(node, kind: "review", message: "\(node.message ?? rule.description). A person should check this.", suppression: nil))
            }
            for entry in outcome.suppressed {
                results.append(result(entry.node, kind: "fail", message: "\(entry.node.message ?? rule.description). \(rule.help).", suppression: entry.reason))
            }
        }
        let driverRules: [JSONTree] = rules.map { outcome in
            let rule = outcome.rule
            return .object([
                JSONMember("id", .string(rule.id)),
                JSONMember("name", .string(Self.pascalCase(rule.id))),
                JSONMember("shortDescription", .object([JSONMember("text", .string(rule.help))])),
                JSONMember("fullDescription", .object([JSONMember("text", .string(rule.description))])),
                JSONMember("helpUri", .string(rule.helpURL)),
                JSONMember("help", .object([JSONMember("text", .string("\(rule.help). \(rule.criteriaWords). Source: \(rule.source)."))])),
                JSONMember("defaultConfiguration", .object([JSONMember("level", .string(Self.level(rule.impact)))])),
                JSONMember("properties", .object([
                    JSONMember("tags", .array((["accessibility"] + rule.tags).map(JSONTree.string))),
                    JSONMember("impact", .string(rule.impact.rawValue)),
                    JSONMember("wcag", .array(rule.criteria.map { .string($0.number) })),
                    JSONMember("problem.severity", .string(Self.level(rule.impact) == "note" ? "recommendation" : Self.level(rule.impact))),
                ])),
            ])
        }
        let failures = failingCount(at: settings.failOn)
        var invocation = [JSONMember("executionSuccessful", true)]
        if !settings.timestamp.isEmpty { invocation.append(JSONMember("endTimeUtc", .string(settings.timestamp))) }
        invocation.append(JSONMember("properties", .object([
            JSONMember("failOn", .string(settings.failOn.rawValue)), JSONMember("passed", .bool(failures == 0)),
            JSONMember("failures", .number(Double(failures))), JSONMember("verdict", .string(verdict(settings))),
            JSONMember("ruleSettings", ruleSettingsJSON(settings)), JSONMember("baseline", .bool(baselineApplied)),
        ])))
        var runMembers = [
            JSONMember("tool", .object([JSONMember("driver", .object([
                JSONMember("name", "sayline"), JSONMember("version", .string(settings.version)),
                JSONMember("semanticVersion", .string(settings.version)), JSONMember("informationUri", .string(AuditRules.documentation)),
                JSONMember("rules", .array(driverRules)),
            ]))])),
            JSONMember("invocations", [.object(invocation)]),
            JSONMember("artifacts", .array(files.filter { !$0.isEmpty }.map { file in
                .object([JSONMember("location", .object(Self.location(file, settings))), JSONMember("mimeType", "application/json")])
            })),
            JSONMember("columnKind", "unicodeCodePoints"),
            JSONMember("results", .array(results)),
        ]
        if let root = settings.sourceRoot {
            runMembers.insert(JSONMember("originalUriBaseIds", .object([JSONMember(Self.rootName, .object([
                JSONMember("uri", .string(root)),
                JSONMember("description", .object([JSONMember("text", "The project's root: the repository's, or the folder the audit ran in outside one.")])),
            ]))])), at: 3)
        }
        let run = JSONTree.object(runMembers)
        return JSONWriter.write(.object([
            JSONMember("$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"),
            JSONMember("version", "2.1.0"),
            JSONMember("runs", [run]),
        ]), inlineFrom: 6)
    }

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

    /// An artifact location's members: relative to the root, absolute, or as named.
    static func location(_ file: String, _ settings: ReportSettings) -> [JSONMember] {
        guard let uri = settings.locations[file] else { return [JSONMember("uri", .string(Self.uri(file)))] }
        return uri.hasPrefix("file://") ? [JSONMember("uri", .string(uri))] : [JSONMember("uri", .string(uri)), JSONMember("uriBaseId", .string(rootName))]
    }

    /// A path as a URI reference: unreserved characters and "/" kept, every other byte
    /// percent-encoded (a space, "%", "#", non-ASCII).
    static func uri(_ path: String) -> String { FileName.uriReference(path.utf8) }
}
