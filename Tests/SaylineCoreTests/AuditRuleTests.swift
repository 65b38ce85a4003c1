import Foundation
import Testing
import PseudoTerminal
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

/// One fixture scene per rule, as axe-core's rule fixtures: control ids say what the rule must
/// find (`fail-…` violations, `pass-…` passes, `incomplete-…`, anything else inapplicable),
/// and the test asserts exactly that set: nothing missed, nothing else reported.
@Suite struct AuditRuleTests {
    static let fixtures = PackagePaths.file("Tests/SaylineCoreTests/Fixtures/audit")

    static func scene(_ name: String) throws -> Scene {
        let bytes = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name + ".json")))
        return try SceneDecoder.decode(bytes).get()
    }

    @Test(arguments: AuditRules.all.map(\.id))
    func ruleFindsExactlyItsFixturesMarks(ruleID: String) throws {
        let rule = try #require(AuditRules.rule(id: ruleID))
        let scene = try Self.scene(ruleID)
        let report = Auditor().audit(scene, rules: [rule])
        let outcome = try #require(report.rules.first)
        let ids = scene.elements.map(\.identity.id)
        #expect(Set(outcome.violations.map(\.control)) == Set(ids.filter { $0.hasPrefix("fail-") }))
        #expect(Set(outcome.passes.map(\.control)) == Set(ids.filter { $0.hasPrefix("pass-") }))
        #expect(Set(outcome.incomplete.map(\.control)) == Set(ids.filter { $0.hasPrefix("incomplete-") }))
        #expect(outcome.violations.allSatisfy { !($0.message ?? "").isEmpty })
    }

    @Test func theDemoScenePassesEveryRule() {
        // The demo claims each language whose phrasebook it is given, its labels from the
        // catalog: here one, a catalog of the test's own.
        let german = Phrasebook(code: "de", catalog: PhrasebookTests.TableCatalog(
            words: ["the demo scene's label|Weight": "Gewicht", "the demo scene's label|Rating": "Bewertung", "the demo scene's label|Balance": "Kontostand"], forms: [:]))
        let report = Auditor().audit(.demo(in: [german]))
        #expect(report.violationCount == 0)
        #expect(report.incompleteCount == 0)
        #expect(!report.fails(at: .minor))
        #expect(report.passCount == AuditRules.all.count * 3 - 2)   // figure-matches-value applies to the roll only
    }

    @Test func suppressionsKeepTheFindingWithItsReason() throws {
        var scene = try Self.scene("name-no-role-words")
        scene.suppressions = [Suppression(rule: "name-no-role-words", control: "fail-slider", reason: "brand name")]
        let outcome = try #require(Auditor().audit(scene, rules: [NameNoRoleWords()]).rules.first)
        #expect(outcome.violations.map(\.control) == ["fail-swipe"])
        #expect(outcome.suppressed.map(\.node.control) == ["fail-slider"])
        #expect(outcome.suppressed.first?.reason == "brand name")
    }

    @Test func theFailureThresholdFollowsImpact() throws {
        let report = Auditor().audit(try Self.scene("settings-valid"), rules: [SettingsValid()])
        #expect(report.fails(at: .moderate))
        #expect(!report.fails(at: .serious))
    }

    @Test func budgetsAreConfigurable() throws {
        var options = AuditOptions()
        options.maximumFocusWords = 4
        let report = Auditor(options: options).audit(.demo, rules: [AnnouncementLength()])
        #expect(report.rules.first?.violations.map(\.control) == ["rating"])
    }

    @Test func speakabilityCatchesWhatSpeechEnginesMangle() {
        #expect(SpokenTextSpeakable.problem(in: "7/10") != nil)
        #expect(SpokenTextSpeakable.problem(in: "$12,480") != nil)
        #expect(SpokenTextSpeakable.problem(in: "€-5") != nil)
        #expect(SpokenTextSpeakable.problem(in: "62.5 kg") != nil)
        #expect(SpokenTextSpeakable.problem(in: "62.5kg") != nil)
        #expect(SpokenTextSpeakable.problem(in: "★★★") != nil)
        #expect(SpokenTextSpeakable.problem(in: "0.30000000000000004") != nil)
        #expect(SpokenTextSpeakable.problem(in: "62.5 kilograms") == nil)
        #expect(SpokenTextSpeakable.problem(in: "7 out of 10") == nil)
        #expect(SpokenTextSpeakable.problem(in: "12480 dollars") == nil)
        #expect(SpokenTextSpeakable.problem(in: "-3.25 degrees") == nil)
        // What is quoted: the word as written when it is all letters, its letters in lower
        // case after digits; at the end of the text, inside it, and never a longer word or a
        // short one that abbreviates nothing.
        #expect(SpokenTextSpeakable.problem(in: "62.5 KG") == .abbreviation("KG"))
        #expect(SpokenTextSpeakable.problem(in: "62.5KG") == .abbreviation("kg"))
        #expect(SpokenTextSpeakable.problem(in: "3 secs left") == .abbreviation("secs"))
        #expect(SpokenTextSpeakable.problem(in: "12 miles, 5 mins, 3 kgs and 7 mix") == nil)
        #expect(SpokenTextSpeakable.problem(in: "5 é mi") == .abbreviation("mi"))
    }

    @Test func reportsComeInTextJSONJUnitAndSARIF() throws {
        let scene = try Self.scene("range-valid")
        let report = Auditor().audit(scene, file: "range.json")
        let settings = ReportSettings(version: "test", timestamp: "2026-11-30T12:00:00Z")
        let text = report.text(settings)
        #expect(text.contains("- serious: range-valid on fail-inverted"))
        #expect(text.contains("WCAG 2.2 SC 4.1.2 Name, Role, Value (A)"))
        #expect(!text.contains("│") && !text.contains("┌"))
        let json = report.axeJSON(settings)
        guard case .object(let members) = try JSONParser.parse(Array(json.utf8)).get().value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["testEngine", "testRunner", "testEnvironment", "timestamp", "url", "toolOptions", "violations", "passes",
                                       "incomplete", "inapplicable", "suppressed", "controlCount", "verdict"])
        let junit = report.junit(settings)
        #expect(junit.contains("<testcase classname=\"range-valid\" name=\"fail-inverted\" time=\""))
        #expect(junit.contains("<failure type=\"serious\""))
        #expect(junit.hasPrefix("<?xml"))
        let sarif = report.sarif(settings)
        #expect(sarif.contains("\"ruleId\": \"range-valid\""))
    }

    /// Every rule says what it checks apart from what to do, and carries axe's tag tokens:
    /// a WCAG level and criterion, or best practice.
    @Test func everyRuleHasADescriptionHelpAndTagTokens() {
        for rule in AuditRules.all {
            #expect(rule.description != rule.help, "\(rule.id)")
            #expect(rule.description.hasPrefix("Checks that"), "\(rule.id)")
            #expect(!rule.tags.isEmpty && rule.tags.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }, "\(rule.id): \(rule.tags)")
            #expect(rule.tags.contains("best-practice") == rule.criteria.isEmpty, "\(rule.id)")
            #expect(rule.helpURL.hasSuffix("#" + rule.id))
        }
        #expect(NamePresent().tags == ["wcag2a", "wcag412"])
        #expect(NoSilentSteps().tags == ["wcag21aa", "wcag413"])
        #expect(KeyboardReachable().tags == ["wcag2a", "wcag211", "wcag22aa", "wcag257"])
        #expect(ReduceMotionHonoured().tags == ["wcag2aaa", "wcag233", "wcag2a", "wcag222"])
    }

    /// The verdict is the exit status's in every format: findings below --fail-on are reported,
    /// never counted as failures.
    @Test func findingsBelowTheThresholdAreReportedNotFailed() throws {
        let scene = try Self.scene("settings-valid")   // moderate findings only
        let report = Auditor().audit(scene, file: "settings.json", rules: [SettingsValid()])
        #expect(report.violationCount > 0)
        let serious = ReportSettings(version: "test", failOn: .serious)
        #expect(!report.fails(at: .serious))
        #expect(report.junit(serious).contains("failures=\"0\""))
        #expect(report.junit(serious).contains("<system-out>A moderate violation, below --fail-on serious"))
        #expect(report.axeJSON(serious).contains("\"passed\": true"))
        #expect(report.text(serious).contains("Passed: no violation at or above serious impact"))
        let moderate = ReportSettings(version: "test", failOn: .moderate)
        #expect(report.junit(moderate).contains("failures=\"\(report.violationCount)\""))
        #expect(report.axeJSON(moderate).contains("\"passed\": false"))
    }

    /// XML 1.0 has no form for U+FFFE, U+FFFF or most control characters: never written.
    @Test func charactersXMLForbidsAreReplacedVisibly() throws {
        let text = #"{"controls": [{"kind": "ruler", "id": "a", "label": "Stars\uFFFE\uFFFF\u0001 slider"}]}"#
        let scene = try SceneDecoder.decode(Array(text.utf8)).get()
        let junit = Auditor().audit(scene, file: "odd.json").junit(ReportSettings(version: "test", failOn: .minor))
        #expect(!junit.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF || $0.value == 0x01 })
        #expect(junit.contains("Stars\u{FFFD}\u{FFFD}"))
    }

    @Test func anAuditGrowsWithTheSceneNotWithTheRange() {
        // 10,000 rulers of 20,000 ticks each must be audited by sampling, not by walking.
        #expect(AuditContext.stepsToCheck(TickScale(lowerBound: 0, upperBound: 19_999, step: 1)).count == 32)
        #expect(AuditContext.stepsToCheck(TickScale(lowerBound: 0, upperBound: 999_999_999, step: 1, maximumTickCount: TickScale.unboundedTickCap)).count == 32)
        #expect(AuditContext.stepsToCheck(TickScale(lowerBound: 0, upperBound: 10, step: 1)).count == 10)
    }
}

extension AuditRuleTests {
    /// Past 2^53 neighbouring ticks are the same Double: a step is heard as the same value.
    @Test func valuesThatCannotBeToldApartAreFlagged() throws {
        let json = #"{"controls": [{"kind": "ruler", "id": "big", "label": "Big", "min": 9007199254740000, "max": 9007199254741000, "step": 1}]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8)).get()
        let report = Auditor().audit(scene)
        let flagged = report.rules.filter { !$0.violations.isEmpty }.map(\.rule.id)
        #expect(flagged.contains("keyboard-reachable"), "\(flagged)")
    }

    /// A rule is known by one name: its type is its id in capitals, which is also its name in
    /// SARIF (`KeyboardReachable`, `keyboard-reachable`).
    @Test func everyRuleIsKnownByItsIDEverywhere() {
        for rule in AuditRules.all {
            #expect(String(describing: type(of: rule)) == AuditReport.pascalCase(rule.id), "\(type(of: rule)) is \(rule.id)")
        }
    }
}
