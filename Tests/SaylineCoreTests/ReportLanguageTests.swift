import Testing
@testable import SaylineText
@testable import SaylineScene
@testable import SaylineAudit

/// A report's words are its own language's, whatever language each finding was heard in: a
/// finding is a message and its arguments until the report is written. In process, with a
/// catalog of the test's own.
@Suite struct ReportLanguageTests {
    /// A little German: the marks, two findings' sentences, an impact, the verdict.
    static let german = Phrasebook(code: "de", catalog: PhrasebookTests.TableCatalog(
        words: ["decimal mark|.": ",", "digit group mark|,": ".",
                "Stepping from %1$s to %2$s is heard as \"%3$s\" both times": "Der Schritt von %1$s zu %2$s klingt beide Male wie „%3$s“",
                "impact|serious": "schwerwiegend", "%1$s in %2$s": "%1$s (Sprache %2$s)",
                "Passed: no new violation at or above %s impact": "Bestanden: kein neuer Verstoß mit Auswirkung „%s“ oder höher"],
        forms: ["Failed: %1$s violation at or above %2$s impact": ["Nicht bestanden: %1$s Verstoß mit Auswirkung „%2$s“ oder höher",
                                                                   "Nicht bestanden: %1$s Verstöße mit Auswirkung „%2$s“ oder höher"]]))

    /// A rating whose half steps are heard alike (no-silent-steps), heard in its own words and
    /// in the German pass.
    static func report() throws -> AuditReport {
        let text = #"{"controls": [{"kind": "rating", "id": "stars", "label": "Stars", "step": 0.5, "languages": {"de": {"label": "Sterne"}}}]}"#
        let scene = try SceneDecoder.decode(Array(text.utf8)).get()
        var report = Auditor().audit(scene, file: "s.json", rules: [NoSilentSteps()])
        var heard = AuditOptions()
        heard.language = german
        report.adding(language: Auditor(options: heard).audit(scene, file: "s.json", rules: [NoSilentSteps()]))
        return report
    }

    @Test func aFindingIsSaidInTheReportsLanguageNotThePasss() throws {
        let report = try Self.report()
        let english = report.text(ReportSettings(version: "0"))
        let german = report.text(ReportSettings(version: "0", language: Self.german))
        // The English pass's finding in German, its number in German marks; the German pass's in
        // English; what was heard as it was heard.
        #expect(english.contains("no-silent-steps on stars (\"Stars\"), s.json:1:15. Stepping from 0.5 to 1 is heard as \"1 out of 10 stars\" both times."), "\(english)")
        #expect(english.contains("no-silent-steps on stars in de (\"Sterne\"), s.json:1:15. Stepping from 0.5 to 1 is heard as \"1 out of 10 stars\" both times."), "\(english)")
        #expect(german.contains("Der Schritt von 0,5 zu 1 klingt beide Male wie „1 out of 10 stars“"), "\(german)")
        #expect(german.contains("stars (Sprache de)"), "\(german)")
        #expect(german.hasSuffix("Nicht bestanden: 2 Verstöße mit Auswirkung „schwerwiegend“ oder höher.\n"), "\(german)")
        // The thread's own language is not touched by a report in another.
        #expect(Phrasebook.speaksEnglish)
        // The finding itself is the same in either: a message and its arguments.
        let finding = try #require(report.rules.first?.violations.first?.finding)
        #expect(finding.description == "Stepping from 0.5 to 1 is heard as \"1 out of 10 stars\" both times")
        #expect(Phrasebook.using(Self.german) { finding.text } == "Der Schritt von 0,5 zu 1 klingt beide Male wie „1 out of 10 stars“")
    }

    /// The page's `lang` and SARIF's `language` are the report's; ids, keys and targets the same.
    @Test func pagesAndLogsSayTheirLanguageAndKeepTheirIds() throws {
        let report = try Self.report()
        let settings = ReportSettings(version: "0", language: Self.german)
        #expect(report.html(settings).contains("<html lang=\"de\">"))
        #expect(report.html(ReportSettings(version: "0")).contains("<html lang=\"en\">"))
        let sarif = report.sarif(settings), englishSARIF = report.sarif(ReportSettings(version: "0"))
        #expect(sarif.contains("\"language\": \"de\"") && !englishSARIF.contains("\"language\""))
        #expect(sarif.contains("\"ruleId\": \"no-silent-steps\"") && sarif.contains("\"name\": \"stars in de\""))
        let axe = report.axeJSON(settings)
        #expect(axe.contains("\"target\": [\"stars in de\"]") && axe.contains("\"id\": \"no-silent-steps\""))
        #expect(report.junit(settings).contains("<testcase classname=\"no-silent-steps\" name=\"stars in de\""))
    }

    /// Baselines key a finding by its file, control and rule: the same entries whatever the
    /// report's language, and applied the same.
    @Test func aBaselineHoldsTheSameFindingsInEveryLanguage() throws {
        let report = try Self.report()
        let baseline = AuditBaseline(accepting: report)
        let german = Phrasebook.using(Self.german) { AuditBaseline(accepting: report) }
        #expect(baseline == german && baseline.text == german.text)
        #expect(baseline.entries.contains(AuditBaseline.Entry(file: "s.json", control: "stars in de", rule: "no-silent-steps")))
        let applied = report.applying(baseline)
        #expect(applied.violationCount == 0 && applied.knownCount == 2)
        // Words the catalog lacks are said in English: a catalog that is behind loses no finding.
        #expect(applied.text(ReportSettings(version: "0", language: Self.german)).hasSuffix("Bestanden: kein neuer Verstoß mit Auswirkung „schwerwiegend“ oder höher; 2 known, in the baseline.\n"))
    }
}
