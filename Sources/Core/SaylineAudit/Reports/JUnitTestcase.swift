import SaylineText

/// One JUnit testcase, by what the rule found: a failure or a reported violation, skipped
/// with its reason when incomplete, suppressed, known or fixed, and a bare element for a pass.
enum JUnitTestcase {
    /// The testcase for a group's finding at `position`, and its line end.
    static func append(_ position: Int, of group: FindingGroup, _ settings: ReportSettings, to bytes: inout [UInt8]) {
        let rule = group.rule, node = group[position]
        // A pass, nearly every testcase, is written straight in.
        guard group.kind != .pass else { return appendPass(rule, node, to: &bytes) }
        bytes.append(contentsOf: testcase(rule, node, body: body(group.kind, rule, node, reason: group.reason(position), settings)).utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// What a testcase holds for a finding that is not a pass.
    private static func body(_ kind: FindingKind, _ rule: AuditRuleInfo, _ node: AuditReport.Node, reason: String?, _ settings: ReportSettings) -> String {
        switch kind {
        case .violation:
            let details = text(details(rule, node, extra: nil))
            if rule.impact >= settings.failOn {
                return "      <failure type=\(attribute(rule.impact.rawValue)) message=\(attribute(node.message ?? rule.translatedHelp))>\(details)</failure>"
            }
            // Translators: a violation that does not fail the audit: %1$s is its impact
            // ("moderate"); keep --fail-on and %2$s, the impact it was given, as typed ("serious").
            let below = translated("A %1$s violation, below --fail-on %2$s: reported, not failed.", rule.impact.translatedName, settings.failOn.rawValue)
            return "      <system-out>\(text(below + "\n"))\(details)</system-out>"
        case .incomplete:
            // Translators: why a testcase is skipped: %s is what the rule found. Keep the word
            // before the colon short, as a status.
            return skipped(translated("incomplete: %s", node.message ?? rule.translatedDescription), rule, node, extra: translated("A person should check this."))
        case .suppressed:
            // Translators: why a testcase is skipped: %s is the scene's reason, as its author wrote it.
            return skipped(translated("suppressed: %s", reason ?? ""), rule, node, extra: translated("Suppressed by the scene: %s", reason ?? ""))
        case .known:
            return skipped(translated("known: in the baseline"), rule, node, extra: translated("Known: the baseline holds it, so it does not fail the audit."))
        case .pass:
            return ""
        }
    }

    /// A finding skipped with `message`, its details saying `extra` too.
    private static func skipped(_ message: String, _ rule: AuditRuleInfo, _ node: AuditReport.Node, extra: String) -> String {
        "      <skipped message=\(attribute(message))>\(text(details(rule, node, extra: extra)))</skipped>"
    }

    /// A baseline entry no longer found: skipped, so a person sees the entry can go.
    static func fixed(_ entry: AuditBaseline.Entry, _ rule: AuditRuleInfo) -> String {
        let gone = AuditReport.Node(file: entry.file, control: entry.control, label: "", message: nil, line: nil, column: nil, html: "", nanoseconds: 0)
        let why = translated("fixed: no longer found; remove it from the baseline")
        return testcase(rule, gone, body: "      <skipped message=\(attribute(why))/>")
    }

    private static func testcase(_ rule: AuditRuleInfo, _ node: AuditReport.Node, body: String) -> String {
        let open = "    <testcase classname=\(attribute(rule.id)) name=\(attribute(node.shownControl)) time=\"\(AuditReport.seconds(AuditReport.milliseconds(node.nanoseconds)))\""
        return body.isEmpty ? open + "/>" : open + ">\n" + body + "\n    </testcase>"
    }

    /// A passing testcase and its line end, as `testcase(rule, node, body: "")` writes it, with no
    /// string made: a report of 10,000 controls has 120,000 of them.
    private static func appendPass(_ rule: AuditRuleInfo, _ node: AuditReport.Node, to bytes: inout [UInt8]) {
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
        let milliseconds = AuditReport.milliseconds(node.nanoseconds)
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
    private static func details(_ rule: AuditRuleInfo, _ node: AuditReport.Node, extra: String?) -> String {
        var lines = [node.message ?? rule.translatedDescription]
        if let extra { lines.append(extra) }
        let label = TextFormat.named(node)
        // Translators: a line of a JUnit testcase's details: %1$s is the control's id (as it
        // is), %2$s its name in quotes or "no name", %3$s where it is in its file ("scene.json:4:5").
        lines.append(node.place.isEmpty ? translated("Control: %1$s (%2$s)", node.controlWords, label)
                                        : translated("Control: %1$s (%2$s) at %3$s", node.controlWords, label, node.place))
        // Translators: a line of a JUnit testcase's details: %1$s is the rule's id (as it is),
        // %2$s its impact ("serious"), %3$s what it checks.
        lines.append(translated("Rule: %1$s, %2$s impact. %3$s.", rule.id, rule.impact.translatedName, rule.translatedDescription))
        // Translators: a line of a JUnit testcase's details: %1$s is what to do, %2$s the address
        // of the rule's documentation.
        lines.append(translated("Fix: %1$s. %2$s", rule.translatedHelp, rule.helpURL))
        // Translators: a line of a JUnit testcase's details: %s lists the WCAG success criteria.
        lines.append(translated("WCAG: %s", rule.translatedCriteria))
        return lines.joined(separator: "\n")
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
