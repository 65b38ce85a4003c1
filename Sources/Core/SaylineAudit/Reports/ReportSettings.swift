import SaylineText

/// What every report format says besides the findings: the tool, when it ran, the threshold
/// that decides the verdict, and the options.
public struct ReportSettings: Sendable, Equatable {
    /// Sayline's version, as reports name the tool.
    public var version: String
    /// When the audit ran, ISO 8601 in UTC, from the front's clock; empty leaves it out.
    public var timestamp: String
    /// The least impact that fails the audit.
    public var failOn: Impact
    /// The audit's limits, as the report's tool options show them.
    public var options: AuditOptions
    /// Where SARIF's relative locations start: the project's root as a `file://` URI ending
    /// in "/" (SARIF's `originalUriBaseIds`, as `SRCROOT`); nil writes each file as named.
    public var sourceRoot: String?
    /// Each scene's location for SARIF, by the name the report shows: a URI reference from
    /// `sourceRoot`, or an absolute `file://` URI for a file outside it.
    public var locations: [String: String] = [:]

    /// Settings for a report.
    public init(version: String, timestamp: String = "", failOn: Impact = .serious, options: AuditOptions = AuditOptions(),
                sourceRoot: String? = nil, locations: [String: String] = [:]) {
        self.sourceRoot = sourceRoot
        self.locations = locations
        self.version = version
        self.timestamp = timestamp
        self.failOn = failOn
        self.options = options
    }
}

extension AuditReport {
    /// The scenes in words: "scene.json", "3 scenes", "the demo scene".
    var subject: String {
        let named = files.map { $0.isEmpty ? "the demo scene" : $0 }
        return named.count == 1 ? named[0] : "\(named.count) scenes (\(named.joined(separator: ", ")))"
    }

    /// The verdict in a sentence, as every format says it.
    func verdict(_ settings: ReportSettings) -> String {
        let failing = failingCount(at: settings.failOn)
        let below = violationCount - failing
        let new = baselineApplied ? "new " : ""
        var words = failing > 0
            ? "Failed: \(failing) \(new)\(failing == 1 ? "violation" : "violations") at or above \(settings.failOn.rawValue) impact"
            : "Passed: no \(new)violation at or above \(settings.failOn.rawValue) impact"
        if below > 0 { words += "; \(below) below it, reported only" }
        if baselineApplied && knownCount > 0 { words += "; \(knownCount) known, in the baseline" }
        return words + "."
    }
}

extension ReportSettings {
    /// The project's rule settings in words, with where each came from: "name-unique off
    /// (.sayline-audit:2)"; empty when there are none.
    var ruleSettingWords: [String] {
        options.ruleSettings.keys.sorted().compactMap { id in
            guard let setting = options.ruleSettings[id] else { return nil }
            return "\(id) \(setting.word)" + (options.ruleSettingSources[id].map { " (\($0))" } ?? "")
        }
    }

    /// The rule settings as the JSON formats' tool options hold them.
    var ruleSettingsJSON: JSONTree {
        .object(options.ruleSettings.keys.sorted().compactMap { id in
            guard let setting = options.ruleSettings[id] else { return nil }
            return JSONMember(id, .object([JSONMember("setting", .string(setting.word)),
                                           JSONMember("source", .string(options.ruleSettingSources[id] ?? ""))]))
        })
    }
}
