/// What every format says around its findings, counted once before the walk: the scenes, the
/// rules, how many findings of each kind, the verdict. Formats read the run, never the
/// report, so none walks the findings a second time to count them.
struct ReportRun: Sendable {
    /// The report's settings.
    let settings: ReportSettings
    /// The scenes, as the front named them ("" for the demo scene).
    let files: [String]
    /// Whether `files` names running applications rather than scene files.
    let filesAreApplications: Bool
    /// The scenes in words: "scene.json", "3 scenes (…)", "the demo scene".
    let subject: String
    /// How many controls were audited.
    let controlCount: Int
    /// Every rule that ran, in order: the table SARIF puts before its results.
    let rules: [AuditRuleInfo]
    /// How many controls kept each rule, by the rule's index.
    let passesByRule: [Int]
    /// How many findings of each kind, over every rule, by `FindingKind.rawValue`.
    let counts: [Int]
    /// How many violations each impact has.
    let violationsByImpact: [Impact: Int]
    /// Rules that applied to no control.
    let inapplicableCount: Int
    /// Baseline entries no longer found.
    let fixedCount: Int
    /// Violations at or above the threshold: each fails the audit.
    let failures: Int
    /// The verdict in a sentence, as every format says it.
    let verdict: String
    /// A baseline was applied: violations are the new ones.
    let baselineApplied: Bool
    /// The project's rule settings in words, with where each came from.
    let ruleSettingWords: [String]
    /// Each scene's counts, when the layout goes scene by scene; empty otherwise.
    var scenes: [String: SceneTally] = [:]

    /// The run of `report`, counted once.
    init(_ report: AuditReport, _ settings: ReportSettings) {
        self.settings = settings
        files = report.files
        filesAreApplications = report.filesAreApplications
        subject = report.subject
        controlCount = report.controlCount
        rules = report.rules.map(\.rule)
        passesByRule = report.rules.map(\.passes.count)
        counts = FindingKind.allCases.map { kind in report.rules.reduce(0) { $0 + FindingGroup.count(of: kind, in: $1) } }
        violationsByImpact = Dictionary(report.rules.map { ($0.rule.impact, $0.violations.count) }, uniquingKeysWith: +)
        inapplicableCount = report.inapplicableRules.count
        fixedCount = report.fixed.count
        failures = report.failingCount(at: settings.failOn)
        verdict = report.verdict(settings)
        baselineApplied = report.baselineApplied
        ruleSettingWords = settings.ruleSettingWords
    }

    /// The run of no audit: what a format holds until the walk begins.
    static var nothing: ReportRun { ReportRun(AuditReport(controlCount: 0, files: []), ReportSettings(version: "")) }

    /// How many findings of `kind` over every rule.
    func count(_ kind: FindingKind) -> Int { counts[kind.rawValue] }

    /// Every scene's counts together, in the order of `files`.
    var sceneTotal: SceneTally {
        files.reduce(into: SceneTally(file: "")) { total, file in total.add(scenes[file] ?? SceneTally(file: file)) }
    }
}

/// One scene's share of the findings, counted as the walk splits them by scene: JUnit's
/// testsuite carries its counts before its testcases.
struct SceneTally: Sendable, Equatable {
    /// The scene, as the front named it.
    let file: String
    /// Its findings, and its fixed entries whose rule ran.
    var findings = 0
    /// Its violations at or above the threshold.
    var failures = 0
    /// Its findings that neither pass nor fail: incomplete, suppressed, known, fixed.
    var skipped = 0
    /// The time of its checks, each as a report shows it (`AuditReport.milliseconds`).
    var milliseconds = 0

    /// Counts one finding of `kind`, its check taking `nanoseconds`, failing when `failing`.
    mutating func count(_ kind: FindingKind?, nanoseconds: UInt64, failing: Bool) {
        findings += 1
        milliseconds += AuditReport.milliseconds(nanoseconds)
        if failing { failures += 1 }
        if kind != .violation && kind != .pass { skipped += 1 }
    }

    /// Adds another scene's counts.
    mutating func add(_ other: SceneTally) {
        findings += other.findings
        failures += other.failures
        skipped += other.skipped
        milliseconds += other.milliseconds
    }
}
