import Foundation
import Testing
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
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/audit")

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
        let report = Auditor().audit(.demo)
        #expect(report.violationCount == 0)
        #expect(report.incompleteCount == 0)
        #expect(!report.fails(at: .minor))
        #expect(report.passCount == AuditRules.all.count * 3 - 2)   // figure-matches-value applies to the roll only
    }

    @Test func suppressionsKeepTheFindingWithItsReason() throws {
        var scene = try Self.scene("name-no-role-words")
        scene.suppressions = [Suppression(rule: "name-no-role-words", control: "fail-slider", reason: "brand name")]
        let outcome = try #require(Auditor().audit(scene, rules: [NameHasNoRoleWords()]).rules.first)
        #expect(outcome.violations.map(\.control) == ["fail-swipe"])
        #expect(outcome.suppressed.map(\.node.control) == ["fail-slider"])
        #expect(outcome.suppressed.first?.reason == "brand name")
    }

    @Test func theFailureThresholdFollowsImpact() throws {
        let report = Auditor().audit(try Self.scene("settings-valid"), rules: [SettingsNeedNoRepair()])
        #expect(report.fails(at: .moderate))
        #expect(!report.fails(at: .serious))
    }

    @Test func budgetsAreConfigurable() throws {
        var options = AuditOptions()
        options.maximumFocusWords = 5
        let report = Auditor(options: options).audit(.demo, rules: [AnnouncementFitsBudget()])
        #expect(report.rules.first?.violations.map(\.control) == ["weight", "rating"])
    }

    @Test func speakabilityCatchesWhatSpeechEnginesMangle() {
        #expect(SpokenTextIsSpeakable.problem(in: "7/10") != nil)
        #expect(SpokenTextIsSpeakable.problem(in: "$12,480") != nil)
        #expect(SpokenTextIsSpeakable.problem(in: "€-5") != nil)
        #expect(SpokenTextIsSpeakable.problem(in: "62.5 kg") != nil)
        #expect(SpokenTextIsSpeakable.problem(in: "62.5kg") != nil)
        #expect(SpokenTextIsSpeakable.problem(in: "★★★") != nil)
        #expect(SpokenTextIsSpeakable.problem(in: "0.30000000000000004") != nil)
        #expect(SpokenTextIsSpeakable.problem(in: "62.5 kilograms") == nil)
        #expect(SpokenTextIsSpeakable.problem(in: "7 out of 10") == nil)
        #expect(SpokenTextIsSpeakable.problem(in: "12,480 dollars") == nil)
        #expect(SpokenTextIsSpeakable.problem(in: "-3.25 degrees") == nil)
    }

    @Test func reportsComeInTextJSONAndJUnit() throws {
        let scene = try Self.scene("range-valid")
        let report = Auditor().audit(scene)
        let text = report.text(source: "range.json")
        #expect(text.contains("- serious: range-valid on fail-inverted"))
        #expect(!text.contains("│") && !text.contains("┌"))
        let json = report.json(source: "range.json", version: "test")
        guard case .object(let members) = try JSONParser.parse(Array(json.utf8)).get().value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["testEngine", "url", "controlCount", "violations", "passes", "incomplete", "inapplicable", "suppressed"])
        let junit = report.junit(source: "range.json")
        #expect(junit.contains("<testcase classname=\"range-valid\" name=\"fail-inverted\"><failure type=\"serious\""))
        #expect(junit.hasPrefix("<?xml"))
    }

    @Test func anAuditGrowsWithTheSceneNotWithTheRange() {
        // 10,000 rulers of 20,000 ticks each must be audited by sampling, not by walking.
        #expect(AuditContext.stepsToCheck(TickScale(lowerBound: 0, upperBound: 19_999, step: 1)).count == 64)
        #expect(AuditContext.stepsToCheck(TickScale(lowerBound: 0, upperBound: 999_999_999, step: 1, maximumTickCount: TickScale.unboundedTickCap)).count == 64)
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
}
