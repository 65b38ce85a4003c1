import Testing
import SaylineCore
@testable import SaylineAudit
@testable import SaylineScene

/// Baselines and rule settings in the core: what is known, new and fixed, and which rules run.
@Suite struct AuditBaselineTests {
    static let text = #"{"controls": [{"kind": "ruler", "id": "a", "label": ""}, {"kind": "ruler", "id": "b", "label": "B slider"}, {"kind": "rating", "id": "c", "label": "C"}]}"#

    static func report(rules settings: [String: RuleSetting] = [:]) throws -> AuditReport {
        var options = AuditOptions()
        options.ruleSettings = settings
        return Auditor(options: options).audit(try SceneDecoder.decode(Array(text.utf8)).get(), file: "s.json")
    }

    @Test func aBaselineIsWrittenSortedAndReadBack() throws {
        let baseline = AuditBaseline(accepting: try Self.report())
        #expect(baseline.text == """
            {"file":"s.json","control":"a","rule":"name-present"}
            {"file":"s.json","control":"b","rule":"name-no-role-words"}

            """)
        #expect(try AuditBaseline.parse(baseline.text + "\n  \n").get() == baseline)
        #expect(AuditBaseline.parse("{\"file\": \"s.json\", \"control\": 3, \"rule\": \"x\"}") == .failure(.init(line: 1, message: "an entry needs the strings file, control and rule")))
        if case .failure(let problem) = AuditBaseline.parse("\n[1, 2]\n") { #expect(problem.line == 2) } else { Issue.record("a line that is not an object was taken") }
    }

    /// A finding heard in another language is keyed "stars in de": what a baseline writes of
    /// it, it reads back; nothing else that is not a control's id is taken.
    @Test func aBaselineReadsBackTheFindingsOfEachLanguage() throws {
        let heard = AuditBaseline([AuditBaseline.Entry(file: "s.json", control: "a in de", rule: "name-present"),
                                   AuditBaseline.Entry(file: "s.json", control: "a in de_AT", rule: "name-present")])
        #expect(try AuditBaseline.parse(heard.text).get() == heard)
        for hostile in ["a in ../de", "a in de\\u001b[31m", "a in ", "two words in de", "a in de in pl"] {
            let line = "{\"file\": \"s.json\", \"control\": \"\(hostile)\", \"rule\": \"name-present\"}"
            #expect(AuditBaseline.parse(line) == .failure(.init(line: 1, message: "control must be a control's id (one word of visible characters) or a running application's control's path")), "\(hostile)")
        }
    }

    @Test func knownFindingsDoNotFailAndGoneOnesAreFixed() throws {
        let baseline = AuditBaseline([AuditBaseline.Entry(file: "s.json", control: "a", rule: "name-present"),
                                      AuditBaseline.Entry(file: "s.json", control: "c", rule: "name-present"),
                                      AuditBaseline.Entry(file: "s.json", control: "gone", rule: "name-present"),
                                      AuditBaseline.Entry(file: "other.json", control: "a", rule: "name-present")])
        let applied = try Self.report().applying(baseline)
        #expect(applied.knownCount == 1)
        #expect(applied.violationCount == 1, "name-no-role-words on b is new")
        #expect(applied.fails(at: .moderate) && !applied.fails(at: .serious))
        // c passes now and "gone" left the file: both fixed; other.json was not audited here.
        #expect(applied.fixed.map(\.control) == ["c", "gone"])
        // A shard of the scene's controls cannot tell a control that left from one in another shard.
        #expect(try Self.report().applying(baseline, wholeFiles: false).fixed.map(\.control) == ["c"])
    }

    @Test func aRuleSwitchedOffIsNotRunAndAReGradedOneFailsByItsNewImpact() throws {
        let report = try Self.report(rules: ["name-no-role-words": .off, "name-present": .impact(.minor)])
        #expect(!report.rules.contains { $0.rule.id == "name-no-role-words" })
        #expect(report.rules.first { $0.rule.id == "name-present" }?.rule.impact == .minor)
        #expect(report.violationCount == 1 && !report.fails(at: .moderate) && report.fails(at: .minor))
        #expect(RuleSetting("off") == .off && RuleSetting("critical") == .impact(.critical) && RuleSetting("loud") == nil)
    }

    @Test func theHTMLReportEscapesWhatAScenePutsInIt() throws {
        let scene = try SceneDecoder.decode(Array(#"{"controls": [{"kind": "ruler", "id": "x", "label": "<script>alert(1)</script> slider & \"q\""}]}"#.utf8)).get()
        let html = Auditor().audit(scene, file: "a<b>.json").html(ReportSettings(version: "0"))
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;") && html.contains("a&lt;b&gt;.json"))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    }
}
