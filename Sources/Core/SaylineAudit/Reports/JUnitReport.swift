import SaylineText

extension AuditReport {
    /// JUnit XML as Jenkins' junit-10.xsd has it: one testsuite a scene, one testcase a rule
    /// and control. A violation at or above the threshold is a failure, with its details in the
    /// element's text (GitLab shows the text, Jenkins the message); one below is a passing
    /// testcase whose system-out says what was found, so the file's verdict is the exit
    /// status's. Incomplete and suppressed findings are skipped, with the reason.
    public func junit(_ settings: ReportSettings) -> String {
        written(settings) { JUnitFormat(out: $0) }
    }

    /// `junit`, handed to `sink` a piece at a time: the counts are taken first, then each
    /// testcase is made as it is written, so the report is never held whole.
    /// - Parameter parallel: threads the front lends for writing the testcases (the core has
    ///   none); they are written a round of batches at a time, in order.
    public func writeJUnit(_ settings: ReportSettings, parallel: JSONParallelRender? = nil, to sink: (ArraySlice<UInt8>) -> Void) {
        write(settings, parallel: parallel, to: sink) { JUnitFormat(out: $0) }
    }
}

/// JUnit's testsuites, scene by scene: each suite's counts come from the walk's split by
/// scene, so they stand on the element before its testcases; the testcases themselves are
/// made as they are written, a long rule's on the lent threads.
struct JUnitFormat: ReportFormat {
    static let layout = ReportLayout(.byScene, [.findings(.violation), .findings(.incomplete), .findings(.suppressed), .findings(.known),
                                                .findings(.pass), .fixed])
    /// Where the document goes.
    var out: ReportOutput
    private var settings = ReportSettings(version: "")
    private var ruleSettingWords: [String] = []

    /// The format, writing to `out`.
    init(out: ReportOutput) { self.out = out }

    mutating func begin(_ run: ReportRun) {
        settings = run.settings
        ruleSettingWords = run.ruleSettingWords
        let total = run.sceneTotal
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"sayline audit\" tests=\"\(total.findings)\" failures=\"\(total.failures)\" errors=\"0\" time=\"\(AuditReport.seconds(total.milliseconds))\">\n")
    }

    mutating func beginScene(_ scene: SceneTally) {
        let file = scene.file
        let name = file.isEmpty ? translated("the demo scene") : file
        var suite = "  <testsuite name=\(JUnitTestcase.attribute(name)) tests=\"\(scene.findings)\" failures=\"\(scene.failures)\" errors=\"0\" skipped=\"\(scene.skipped)\" time=\"\(AuditReport.seconds(scene.milliseconds))\""
        if !settings.timestamp.isEmpty { suite += " timestamp=\(JUnitTestcase.attribute(settings.timestamp))" }
        if !file.isEmpty { suite += " file=\(JUnitTestcase.attribute(file))" }
        suite += ">\n    <properties>\n"
        suite += property("fail-on", settings.failOn.rawValue)
        suite += property("verdict", scene.failures == 0 ? "passed" : "failed")
        suite += property("sayline-version", settings.version)
        for words in ruleSettingWords { suite += property("rule-setting", words) }
        out.write(suite + "    </properties>\n")
    }

    mutating func findings(_ group: FindingGroup) {
        let settings = settings
        out.write(group.count) { position, bytes in JUnitTestcase.append(position, of: group, settings, to: &bytes) }
    }

    mutating func fixed(_ entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?) {
        guard let rule else { return }
        out.write(JUnitTestcase.fixed(entry, rule.info) + "\n")
    }

    mutating func endScene(_ scene: SceneTally) { out.write("  </testsuite>\n") }

    mutating func end(_ run: ReportRun) {
        out.write("</testsuites>\n")
        out.flush()
    }

    /// One of a suite's properties, on its line.
    private func property(_ name: String, _ value: String) -> String {
        "      <property name=\"\(name)\" value=\(JUnitTestcase.attribute(value))/>\n"
    }
}

extension AuditReport {
    /// Whole milliseconds, rounded up: junit-10.xsd allows three decimals, and a time of zero
    /// makes some report builders divide by zero. A check is never shown as taking no time.
    static func milliseconds(_ nanoseconds: UInt64) -> Int {
        let rounded = nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 == 0 ? 0 : 1)
        return Int(min(max(rounded, 1), UInt64(Int32.max)))
    }

    /// "0.012" seconds.
    static func seconds(_ milliseconds: Int) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
