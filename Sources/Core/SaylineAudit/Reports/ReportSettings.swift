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
    /// The language the report's words are in: its phrasebook, whatever language each finding
    /// was heard in; nil for the phrasebook of the thread that writes it. Ids, keys and the
    /// structure every format's readers expect stay as they are in every language.
    public var language: Phrasebook?

    /// Settings for a report.
    public init(version: String, timestamp: String = "", failOn: Impact = .serious, options: AuditOptions = AuditOptions(),
                sourceRoot: String? = nil, locations: [String: String] = [:], language: Phrasebook? = nil) {
        self.sourceRoot = sourceRoot
        self.locations = locations
        self.language = language
        self.version = version
        self.timestamp = timestamp
        self.failOn = failOn
        self.options = options
    }
}

extension AuditReport {
    /// The scenes in words: "scene.json", "3 scenes (…)", "the demo scene".
    var subject: String {
        let named = files.map { $0.isEmpty ? translated("the demo scene") : $0 }
        guard named.count != 1 else { return named[0] }
        // Translators: %1$s counts the scenes audited, %2$s lists their files.
        return translatedCount("%1$s scene (%2$s)", "%1$s scenes (%2$s)", count: named.count, NumberText.plain(Double(named.count)), named.joined(separator: ", "))
    }

    /// The verdict in a sentence, as every format says it.
    func verdict(_ settings: ReportSettings) -> String {
        let failing = failingCount(at: settings.failOn)
        let below = violationCount - failing
        let threshold = FindingMessage.Argument.text(settings.failOn.translatedName)
        // Translators: the verdict of an audit. %1$s counts violations, %2$s is an impact
        // ("serious"): the least that fails the audit.
        var words = failing > 0
            ? (baselineApplied
                ? FindingMessage(counting: translatableCount("Failed: %1$s new violation at or above %2$s impact", "Failed: %1$s new violations at or above %2$s impact"),
                                 count: failing, .number(Double(failing)), threshold)
                : FindingMessage(counting: translatableCount("Failed: %1$s violation at or above %2$s impact", "Failed: %1$s violations at or above %2$s impact"),
                                 count: failing, .number(Double(failing)), threshold))
            // Translators: the verdict of an audit; %s is an impact ("serious").
            : (baselineApplied
                ? FindingMessage(translatable("Passed: no new violation at or above %s impact"), threshold)
                : FindingMessage(translatable("Passed: no violation at or above %s impact"), threshold))
        if below > 0 {
            // Translators: follows the verdict ("Failed: 2 violations at or above serious impact;
            // 1 below it, reported only"): %s counts violations of a lower impact.
            words = .joined(words, FindingMessage(counting: translatableCount("%s below it, reported only", "%s below it, reported only"), count: below, .number(Double(below))))
        }
        if baselineApplied && knownCount > 0 {
            // Translators: follows the verdict: %s counts violations the baseline file holds.
            words = .joined(words, FindingMessage(counting: translatableCount("%s known, in the baseline", "%s known, in the baseline"), count: knownCount, .number(Double(knownCount))))
        }
        return words.text + "."
    }
}

extension AuditReport {
    /// The language of this thread's phrasebook as BCP 47 writes it, for HTML's `lang` and
    /// SARIF's `language`: "en", "de", "de-AT".
    static var languageTag: String {
        Phrasebook.reading { book in (book.regional ?? book.code).replacing("_", with: "-") }
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
