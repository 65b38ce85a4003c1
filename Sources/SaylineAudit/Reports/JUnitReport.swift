import SaylineText

extension AuditReport {
    /// JUnit XML as Jenkins' junit-10.xsd has it: one testsuite a scene, one testcase a rule
    /// and control. A violation at or above the threshold is a failure, with its details in the
    /// element's text (GitLab shows the text, Jenkins the message); one below is a passing
    /// testcase whose system-out says what was found, so the file's verdict is the exit
    /// status's. Incomplete and suppressed findings are skipped, with the reason.
    public func junit(_ settings: ReportSettings) -> String {
        // One pass over the findings, each testcase added to its scene's suite: walking every
        // finding once per scene would cost scenes × findings.
        struct Suite {
            var cases: [String] = []
            var failures = 0, skipped = 0, milliseconds = 0

            mutating func add(_ rule: RuleInfo, _ node: Node, body: String) {
                let time = AuditReport.milliseconds(node.nanoseconds)
                milliseconds += time
                let open = "    <testcase classname=\(AuditReport.attribute(rule.id)) name=\(AuditReport.attribute(node.control)) time=\"\(AuditReport.seconds(time))\""
                cases.append(body.isEmpty ? open + "/>" : open + ">\n" + body + "\n    </testcase>")
            }
        }
        var byFile: [String: Suite] = [:]
        for outcome in rules {
            let rule = outcome.rule
            for node in outcome.violations {
                let details = Self.text(Self.details(rule, node, extra: nil))
                if rule.impact >= settings.failOn {
                    byFile[node.file, default: Suite()].failures += 1
                    byFile[node.file, default: Suite()].add(rule, node, body: "      <failure type=\(Self.attribute(rule.impact.rawValue)) message=\(Self.attribute(node.message ?? rule.help))>\(details)</failure>")
                } else {
                    byFile[node.file, default: Suite()].add(rule, node, body: "      <system-out>\(Self.text("A \(rule.impact.rawValue) violation, below --fail-on \(settings.failOn.rawValue): reported, not failed.\n"))\(details)</system-out>")
                }
            }
            for node in outcome.incomplete {
                byFile[node.file, default: Suite()].skipped += 1
                byFile[node.file, default: Suite()].add(rule, node, body: "      <skipped message=\(Self.attribute("incomplete: " + (node.message ?? rule.description)))>\(Self.text(Self.details(rule, node, extra: "A person should check this.")))</skipped>")
            }
            for entry in outcome.suppressed {
                byFile[entry.node.file, default: Suite()].skipped += 1
                byFile[entry.node.file, default: Suite()].add(rule, entry.node, body: "      <skipped message=\(Self.attribute("suppressed: " + entry.reason))>\(Self.text(Self.details(rule, entry.node, extra: "Suppressed by the scene: \(entry.reason)")))</skipped>")
            }
            for node in outcome.known {
                byFile[node.file, default: Suite()].skipped += 1
                byFile[node.file, default: Suite()].add(rule, node, body: "      <skipped message=\(Self.attribute("known: in the baseline"))>\(Self.text(Self.details(rule, node, extra: "Known: the baseline holds it, so it does not fail the audit.")))</skipped>")
            }
            for node in outcome.passes {
                byFile[node.file, default: Suite()].add(rule, node, body: "")
            }
        }
        // Fixed since the baseline: skipped, so a person sees the entry can go.
        for entry in fixed {
            guard let outcome = rules.first(where: { $0.rule.id == entry.rule }) else { continue }
            let gone = Node(file: entry.file, control: entry.control, label: "", message: nil, line: nil, column: nil, html: "", nanoseconds: 0)
            byFile[entry.file, default: Suite()].skipped += 1
            byFile[entry.file, default: Suite()].add(outcome.rule, gone, body: "      <skipped message=\(Self.attribute("fixed: no longer found; remove it from the baseline"))/>")
        }
        var suites: [String] = []
        var totalTests = 0, totalFailures = 0, totalMilliseconds = 0
        for file in files {
            let parts = byFile[file] ?? Suite()
            totalTests += parts.cases.count
            totalFailures += parts.failures
            totalMilliseconds += parts.milliseconds
            var suite = "  <testsuite name=\(Self.attribute(file.isEmpty ? "the demo scene" : file)) tests=\"\(parts.cases.count)\" failures=\"\(parts.failures)\" errors=\"0\" skipped=\"\(parts.skipped)\" time=\"\(Self.seconds(parts.milliseconds))\""
            if !settings.timestamp.isEmpty { suite += " timestamp=\(Self.attribute(settings.timestamp))" }
            if !file.isEmpty { suite += " file=\(Self.attribute(file))" }
            suite += ">\n    <properties>\n"
            suite += "      <property name=\"fail-on\" value=\(Self.attribute(settings.failOn.rawValue))/>\n"
            suite += "      <property name=\"verdict\" value=\(Self.attribute(parts.failures == 0 ? "passed" : "failed"))/>\n"
            suite += "      <property name=\"sayline-version\" value=\(Self.attribute(settings.version))/>\n"
            for words in ruleSettingWords(settings) { suite += "      <property name=\"rule-setting\" value=\(Self.attribute(words))/>\n" }
            suite += "    </properties>\n"
            suites.append(suite + parts.cases.map { $0 + "\n" }.joined() + "  </testsuite>")
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="sayline audit" tests="\(totalTests)" failures="\(totalFailures)" errors="0" time="\(Self.seconds(totalMilliseconds))">
        \(suites.joined(separator: "\n"))
        </testsuites>

        """
    }

    /// What a failure's text says: the finding, the control and where it is, the rule, what
    /// to do, the WCAG criteria.
    private static func details(_ rule: RuleInfo, _ node: Node, extra: String?) -> String {
        var lines = [node.message ?? rule.description]
        if let extra { lines.append(extra) }
        let label = node.label.isEmpty ? "no name" : "\"\(node.label)\""
        lines.append("Control: \(node.control) (\(label))" + (node.place.isEmpty ? "" : " at \(node.place)"))
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

    /// XML 1.0 has no form for most control characters, nor for U+FFFE and U+FFFF: each is
    /// replaced by U+FFFD, so the reader sees that something was there and the file stays valid.
    private static func escaped(_ text: String, inAttribute: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "\n" where inAttribute: out += "&#10;"
            case "\t" where inAttribute: out += "&#9;"
            case "\r": out += "&#13;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
