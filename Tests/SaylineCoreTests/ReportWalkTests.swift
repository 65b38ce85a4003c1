import Testing
@testable import SaylineScene
@testable import SaylineAudit

/// A layout for the recording format.
protocol RecordedLayout { static var layout: ReportLayout { get } }

/// A format that writes down each section the walk hands it, a line each: the walk's order,
/// seen without any format's syntax. Findings come one at a time, through the protocol's
/// default that splits a group.
struct RecordingFormat<Layout: RecordedLayout>: ReportFormat {
    static var layout: ReportLayout { Layout.layout }
    var lines: [String] = []

    mutating func begin(_ run: ReportRun) {
        let total = run.sceneTotal
        lines.append("begin \(run.files.count) scenes, \(total.findings) tests \(total.failures) failing")
    }
    mutating func beginScene(_ scene: SceneTally) {
        lines.append("scene \(scene.file): \(scene.findings) tests \(scene.failures) failing \(scene.skipped) skipped \(scene.milliseconds) ms")
    }
    mutating func beginPart(_ part: ReportPart) { lines.append("part \(part)") }
    mutating func finding(_ position: Int, of group: FindingGroup) {
        let node = group[position]
        lines.append("\(group.kind) \(group.rule.id)#\(group.ruleIndex) \(node.file):\(node.control)" + (group.reason(position).map { " (\($0))" } ?? ""))
    }
    mutating func inapplicable(_ rule: AuditRuleInfo) { lines.append("inapplicable \(rule.id)") }
    mutating func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?) {
        lines.append("fixed \(entry.file):\(entry.control) \(entry.rule)#\(rule.map { String($0.index) } ?? "none")")
    }
    mutating func endPart(_ part: ReportPart) { lines.append("end part") }
    mutating func endScene(_ scene: SceneTally) { lines.append("end scene") }
    mutating func end(_ run: ReportRun) { lines.append("end") }
}

enum KindLayout: RecordedLayout {
    static let layout = ReportLayout(.byKind, [.findings(.violation, byImpact: true), .findings(.known), .findings(.suppressed), .fixed, .inapplicable,
                                               .findings(.pass)])
}
enum RuleLayout: RecordedLayout {
    static let layout = ReportLayout(.byRule, [.findings(.violation), .findings(.known), .fixed, .findings(.incomplete), .findings(.suppressed), .inapplicable])
}
enum SceneLayout: RecordedLayout {
    static let layout = ReportLayout(.byScene, [.findings(.violation), .findings(.incomplete), .findings(.suppressed), .findings(.known), .findings(.pass), .fixed])
}

/// The walk of a small result, in each of its three nestings: every finding handed over once,
/// in the layout's order, with the counts a format needs before its findings.
@Suite struct ReportWalkTests {
    static func rule(_ id: String, _ impact: Impact) -> AuditRuleInfo {
        AuditRuleInfo(id: id, impact: impact, description: "checks \(id)", help: "fix \(id)", source: "test", criteria: [])
    }

    static func node(_ file: String, _ control: String, nanoseconds: UInt64 = 0) -> AuditReport.Node {
        AuditReport.Node(file: file, control: control, label: "", message: nil, line: 2, column: 3, html: "{}", nanoseconds: nanoseconds)
    }

    /// Two scenes, three rules: a minor one broken in both, a critical one broken in b.json and
    /// suppressed and incomplete in a.json, one that applies to nothing; a baseline holding one
    /// finding, and two entries gone (one of a rule that did not run).
    static func report() -> AuditReport {
        var report = AuditReport(controlCount: 4, files: ["a.json", "b.json"])
        var minor = AuditReport.RuleOutcome(rule: rule("r-minor", .minor))
        minor.violations = [node("a.json", "x", nanoseconds: 2_500_000), node("b.json", "y")]
        minor.passes = [node("a.json", "z")]
        minor.known = [node("a.json", "k")]
        var critical = AuditReport.RuleOutcome(rule: rule("r-critical", .critical))
        critical.violations = [node("b.json", "w")]
        critical.suppressed = [AuditReport.SuppressedNode(node: node("a.json", "x"), reason: "why")]
        critical.incomplete = [node("a.json", "q")]
        report.rules = [minor, critical, AuditReport.RuleOutcome(rule: rule("r-none", .serious))]
        report.baselineApplied = true
        report.fixed = [AuditBaseline.Entry(file: "a.json", control: "gone", rule: "r-minor"), AuditBaseline.Entry(file: "b.json", control: "old", rule: "r-elsewhere")]
        return report
    }

    static func walked<Layout: RecordedLayout>(_ layout: Layout.Type) -> [String] {
        var format = RecordingFormat<Layout>()
        var walk = ReportWalk(report(), ReportSettings(version: "0", failOn: .serious))
        walk.walk(&format)
        return format.lines
    }

    @Test func byKindEachKindInTurnTheGravestRuleFirst() {
        #expect(Self.walked(KindLayout.self) == [
            "begin 2 scenes, 0 tests 0 failing",
            "part findings(SaylineAudit.FindingKind.violation, byImpact: true)",
            "violation r-critical#1 b.json:w", "violation r-minor#0 a.json:x", "violation r-minor#0 b.json:y", "end part",
            "part findings(SaylineAudit.FindingKind.known, byImpact: false)", "known r-minor#0 a.json:k", "end part",
            "part findings(SaylineAudit.FindingKind.suppressed, byImpact: false)", "suppressed r-critical#1 a.json:x (why)", "end part",
            "part fixed", "fixed a.json:gone r-minor#0", "fixed b.json:old r-elsewhere#none", "end part",
            "part inapplicable", "inapplicable r-none", "end part",
            "part findings(SaylineAudit.FindingKind.pass, byImpact: false)", "pass r-minor#0 a.json:z", "end part",
            "end",
        ])
    }

    @Test func byRuleEachRuleWithItsOwnFixedEntries() {
        #expect(Self.walked(RuleLayout.self) == [
            "begin 2 scenes, 0 tests 0 failing",
            "violation r-minor#0 a.json:x", "violation r-minor#0 b.json:y", "known r-minor#0 a.json:k", "fixed a.json:gone r-minor#0",
            "violation r-critical#1 b.json:w", "incomplete r-critical#1 a.json:q", "suppressed r-critical#1 a.json:x (why)",
            "inapplicable r-none",
            "end",
        ])
    }

    /// JUnit's order: each scene's counts before its findings, its fixed entries last, and an
    /// entry of a rule that did not run left out.
    @Test func bySceneEachSceneCountedBeforeItsFindings() {
        #expect(Self.walked(SceneLayout.self) == [
            "begin 2 scenes, 8 tests 1 failing",
            "scene a.json: 6 tests 0 failing 4 skipped 8 ms",
            "violation r-minor#0 a.json:x", "known r-minor#0 a.json:k", "pass r-minor#0 a.json:z",
            "incomplete r-critical#1 a.json:q", "suppressed r-critical#1 a.json:x (why)",
            "fixed a.json:gone r-minor#0",
            "end scene",
            "scene b.json: 2 tests 1 failing 0 skipped 2 ms",
            "violation r-minor#0 b.json:y", "violation r-critical#1 b.json:w",
            "end scene",
            "end",
        ])
    }
}
