import SaylineText

extension AuditReport {
    /// JUnit XML as Jenkins' junit-10.xsd has it: one testsuite a scene, one testcase a rule
    /// and control. A violation at or above the threshold is a failure, with its details in the
    /// element's text (GitLab shows the text, Jenkins the message); one below is a passing
    /// testcase whose system-out says what was found, so the file's verdict is the exit
    /// status's. Incomplete and suppressed findings are skipped, with the reason.
    public func junit(_ settings: ReportSettings) -> String {
        var out: [UInt8] = []
        writeJUnit(settings) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `junit`, handed to `sink` a piece at a time: the counts are taken first, then each
    /// testcase is made as it is written, so the report is never held whole.
    /// - Parameter parallel: threads the front lends for writing the testcases (the core has
    ///   none); they are written a round of batches at a time, in order.
    public func writeJUnit(_ settings: ReportSettings, parallel: JSONParallelRender? = nil, to sink: (ArraySlice<UInt8>) -> Void) {
        // What each testcase is, by rule and node index: one pass over the findings sorts them
        // by scene (walking every finding once per scene would cost scenes × findings).
        enum Case {
            case violation(Int, Int), incomplete(Int, Int), suppressed(Int, Int), known(Int, Int), pass(Int, Int), fixed(Int, AuditBaseline.Entry)
        }
        struct Suite {
            var cases: [Case] = []
            var failures = 0, skipped = 0, milliseconds = 0
        }
        var byFile: [String: Suite] = [:]
        // One scene (the common case): its testcases' room made once, not doubled as they come
        // (a hundred thousand of them; the doubling's spare room was megabytes at the peak).
        if files.count == 1, let only = files.first {
            var suite = Suite()
            suite.cases.reserveCapacity(rules.reduce(fixed.count) { $0 + $1.violations.count + $1.incomplete.count + $1.suppressed.count + $1.known.count + $1.passes.count })
            byFile[only] = suite
        }
        func add(_ file: String, _ testcase: Case, _ node: Node?, failing: Bool = false, skipped: Bool = false) {
            byFile[file, default: Suite()].cases.append(testcase)
            byFile[file, default: Suite()].milliseconds += Self.milliseconds(node?.nanoseconds ?? 0)
            if failing { byFile[file, default: Suite()].failures += 1 }
            if skipped { byFile[file, default: Suite()].skipped += 1 }
        }
        for (ruleIndex, outcome) in rules.enumerated() {
            for (index, node) in outcome.violations.enumerated() {
                add(node.file, .violation(ruleIndex, index), node, failing: outcome.rule.impact >= settings.failOn)
            }
            for (index, node) in outcome.incomplete.enumerated() { add(node.file, .incomplete(ruleIndex, index), node, skipped: true) }
            for (index, entry) in outcome.suppressed.enumerated() { add(entry.node.file, .suppressed(ruleIndex, index), entry.node, skipped: true) }
            for (index, node) in outcome.known.enumerated() { add(node.file, .known(ruleIndex, index), node, skipped: true) }
            for (index, node) in outcome.passes.enumerated() { add(node.file, .pass(ruleIndex, index), node) }
        }
        // Fixed since the baseline: skipped, so a person sees the entry can go.
        for entry in fixed {
            guard let ruleIndex = rules.firstIndex(where: { $0.rule.id == entry.rule }) else { continue }
            add(entry.file, .fixed(ruleIndex, entry), nil, skipped: true)
        }
        @Sendable func testcase(_ rule: RuleInfo, _ node: Node, body: String) -> String {
            let open = "    <testcase classname=\(Self.attribute(rule.id)) name=\(Self.attribute(node.shownControl)) time=\"\(Self.seconds(Self.milliseconds(node.nanoseconds)))\""
            return body.isEmpty ? open + "/>" : open + ">\n" + body + "\n    </testcase>"
        }
        @Sendable func render(_ item: Case) -> String {
            switch item {
            case .violation(let r, let i):
                let rule = rules[r].rule, node = rules[r].violations[i]
                let details = Self.text(Self.details(rule, node, extra: nil))
                if rule.impact >= settings.failOn {
                    return testcase(rule, node, body: "      <failure type=\(Self.attribute(rule.impact.rawValue)) message=\(Self.attribute(node.message ?? rule.help))>\(details)</failure>")
                }
                return testcase(rule, node, body: "      <system-out>\(Self.text("A \(rule.impact.rawValue) violation, below --fail-on \(settings.failOn.rawValue): reported, not failed.\n"))\(details)</system-out>")
            case .incomplete(let r, let i):
                let rule = rules[r].rule, node = rules[r].incomplete[i]
                return testcase(rule, node, body: "      <skipped message=\(Self.attribute("incomplete: " + (node.message ?? rule.description)))>\(Self.text(Self.details(rule, node, extra: "A person should check this.")))</skipped>")
            case .suppressed(let r, let i):
                let rule = rules[r].rule, entry = rules[r].suppressed[i]
                return testcase(rule, entry.node, body: "      <skipped message=\(Self.attribute("suppressed: " + entry.reason))>\(Self.text(Self.details(rule, entry.node, extra: "Suppressed by the scene: \(entry.reason)")))</skipped>")
            case .known(let r, let i):
                let rule = rules[r].rule, node = rules[r].known[i]
                return testcase(rule, node, body: "      <skipped message=\(Self.attribute("known: in the baseline"))>\(Self.text(Self.details(rule, node, extra: "Known: the baseline holds it, so it does not fail the audit.")))</skipped>")
            case .pass(let r, let i):
                return testcase(rules[r].rule, rules[r].passes[i], body: "")
            case .fixed(let r, let entry):
                let gone = Node(file: entry.file, control: entry.control, label: "", message: nil, line: nil, column: nil, html: "", nanoseconds: 0)
                return testcase(rules[r].rule, gone, body: "      <skipped message=\(Self.attribute("fixed: no longer found; remove it from the baseline"))/>")
            }
        }
        var totalTests = 0, totalFailures = 0, totalMilliseconds = 0
        for file in files {
            let parts = byFile[file] ?? Suite()
            totalTests += parts.cases.count
            totalFailures += parts.failures
            totalMilliseconds += parts.milliseconds
        }
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        func emit(_ text: String) {
            out.append(contentsOf: text.utf8)
            if out.count >= 1 << 16 {
                sink(out[...])
                out.removeAll(keepingCapacity: true)
            }
        }
        emit("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"sayline audit\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\" time=\"\(Self.seconds(totalMilliseconds))\">\n")
        for file in files {
            let parts = byFile[file] ?? Suite()
            var suite = "  <testsuite name=\(Self.attribute(file.isEmpty ? "the demo scene" : file)) tests=\"\(parts.cases.count)\" failures=\"\(parts.failures)\" errors=\"0\" skipped=\"\(parts.skipped)\" time=\"\(Self.seconds(parts.milliseconds))\""
            if !settings.timestamp.isEmpty { suite += " timestamp=\(Self.attribute(settings.timestamp))" }
            if !file.isEmpty { suite += " file=\(Self.attribute(file))" }
            suite += ">\n    <properties>\n"
            suite += "      <property name=\"fail-on\" value=\(Self.attribute(settings.failOn.rawValue))/>\n"
            suite += "      <property name=\"verdict\" value=\(Self.attribute(parts.failures == 0 ? "passed" : "failed"))/>\n"
            suite += "      <property name=\"sayline-version\" value=\(Self.attribute(settings.version))/>\n"
            for words in ruleSettingWords(settings) { suite += "      <property name=\"rule-setting\" value=\(Self.attribute(words))/>\n" }
            suite += "    </properties>\n"
            emit(suite)
            let cases = parts.cases
            if let parallel, cases.count > Self.batchLength {
                // Sixteen batches a round keep two cores busy and what is held to a few hundred KB.
                let batches = (cases.count + Self.batchLength - 1) / Self.batchLength
                for round in stride(from: 0, to: batches, by: 16) {
                    let written = parallel(min(16, batches - round)) { batch in
                        var bytes: [UInt8] = []
                        let start = (round + batch) * Self.batchLength
                        for item in cases[start..<min(start + Self.batchLength, cases.count)] {
                            // A pass, nearly every testcase, is written straight in.
                            if case .pass(let r, let i) = item {
                                Self.appendPass(rules[r].rule, rules[r].passes[i], to: &bytes)
                            } else {
                                bytes.append(contentsOf: render(item).utf8)
                                bytes.append(UInt8(ascii: "\n"))
                            }
                        }
                        return bytes
                    }
                    for bytes in written { JSONWriter.sink(bytes, after: &out, sink) }
                }
            } else {
                for item in cases {
                    emit(render(item))
                    emit("\n")
                }
            }
            emit("  </testsuite>\n")
        }
        emit("</testsuites>\n")
        sink(out[...])
    }

    /// Testcases written together by one thread.
    static let batchLength = 512

    /// A passing testcase and its line end, as `testcase(rule, node, body: "")` writes it, with no
    /// string made: a report of 10,000 controls has 120,000 of them.
    private static func appendPass(_ rule: RuleInfo, _ node: Node, to bytes: inout [UInt8]) {
        func append(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func appendAttribute(_ text: String) {
            if isPlain(text) {
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: text.utf8)
                bytes.append(UInt8(ascii: "\""))
            } else {
                bytes.append(contentsOf: attribute(text).utf8)
            }
        }
        append("    <testcase classname=")
        appendAttribute(rule.id)
        append(" name=")
        appendAttribute(node.shownControl)
        append(" time=\"")
        let milliseconds = milliseconds(node.nanoseconds)
        bytes.append(contentsOf: String(milliseconds / 1000).utf8)
        bytes.append(UInt8(ascii: "."))
        let fraction = milliseconds % 1000
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
        append("\"/>\n")
    }

    /// What a failure's text says: the finding, the control and where it is, the rule, what
    /// to do, the WCAG criteria.
    private static func details(_ rule: RuleInfo, _ node: Node, extra: String?) -> String {
        var lines = [node.message ?? rule.description]
        if let extra { lines.append(extra) }
        let label = node.label.isEmpty ? "no name" : "\"\(node.label)\""
        lines.append("Control: \(node.shownControl) (\(label))" + (node.place.isEmpty ? "" : " at \(node.place)"))
        lines.append("Rule: \(rule.id), \(rule.impact.rawValue) impact. \(rule.description).")
        lines.append("Fix: \(rule.help). \(rule.helpURL)")
        lines.append("WCAG: \(rule.criteriaWords)")
        return lines.joined(separator: "\n")
    }

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

    /// An attribute value, quoted and escaped; line breaks and tabs kept as character references.
    static func attribute(_ text: String) -> String {
        "\"" + escaped(text, inAttribute: true) + "\""
    }

    /// Element text, escaped.
    static func text(_ text: String) -> String { escaped(text, inAttribute: false) }

    /// Printable ASCII with nothing XML escapes, in text or in an attribute: a control's id, a
    /// rule's words.
    private static func isPlain(_ text: String) -> Bool { MarkupText.isPlain(text, quotes: true) }

    /// Escaped scalar by scalar (MarkupText): XML 1.0 has no form for most control
    /// characters, which become U+FFFD.
    private static func escaped(_ text: String, inAttribute: Bool) -> String { MarkupText.xml(text, inAttribute: inAttribute) }
}
