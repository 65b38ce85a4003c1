import Testing
@testable import SaylineScene
@testable import SaylineAudit

/// What each format writes for a finding the scene accepts: its own section, with the reason.
@Suite struct ReportFormatTests {
    /// One scene, one serious rule, one suppressed finding and one pass.
    static func report() -> AuditReport {
        var report = AuditReport(controlCount: 1, files: ["s.json"])
        var outcome = AuditReport.RuleOutcome(rule: AuditRuleInfo(id: "r", impact: .serious, description: "checks r", help: "fix r", source: "test", criteria: []))
        let node = AuditReport.Node(file: "s.json", control: "c", label: "Dial", message: "found it", line: 2, column: 3, html: "{}", nanoseconds: 0)
        outcome.suppressed = [AuditReport.SuppressedNode(node: node, reason: "why <not>")]
        outcome.passes = [AuditReport.Node(file: "s.json", control: "d", label: "Dial", message: nil, line: 3, column: 3, html: "{}", nanoseconds: 0)]
        report.rules = [outcome]
        return report
    }

    static let settings = ReportSettings(version: "0")

    @Test func textListsItUnderSuppressedWithItsReason() {
        #expect(Self.report().text(Self.settings).contains("\n\nSuppressed:\n- r on c, s.json:2:3: found it. Reason: why <not>.\n\n"))
    }

    @Test func axeKeepsItInSaylinesSuppressedList() {
        #expect(Self.report().axeJSON(Self.settings).contains("""
              "nodes": [
                { "target": ["c"], "html": "{}", "failureSummary": "found it", "reason": "why <not>" }
              ]
        """))
    }

    @Test func junitSkipsItSayingWhy() {
        #expect(Self.report().junit(Self.settings).contains("""
            <testcase classname="r" name="c" time="0.001">
              <skipped message="suppressed: why &lt;not&gt;">found it
        Suppressed by the scene: why &lt;not&gt;
        Control: c ("Dial") at s.json:2:3
        """))
    }

    @Test func sarifMarksItAcceptedInSource() {
        let sarif = Self.report().sarif(Self.settings)
        #expect(sarif.contains("""
                  "suppressions": [
                    { "kind": "inSource", "status": "accepted", "justification": "why <not>" }
                  ],
                  "properties": {
                    "impact": "serious",
                    "label": "Dial",
                    "failsAudit": false
        """))
    }

    @Test func htmlGivesItASectionWithTheReason() {
        #expect(Self.report().html(Self.settings).contains("""
        <h2 id="suppressed">Suppressed by their scenes (1)</h2>
        <ul class="findings"><li><p><strong>r</strong> on <code>c</code> (“Dial”) at <code>s.json:2:3</code>, serious impact.</p><p>Found: found it.</p><p>Suppressed because: why &lt;not&gt;.</p>
        """))
    }
}
