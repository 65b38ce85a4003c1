import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
/// The report as text for people (and screen readers), as JSON in axe-core's shape, and as JUnit XML.
extension AuditReport {
    /// Plain sentences, one finding a line; no tables or box drawing, so a screen reader reads it well.
    public func text(source: String) -> String {
        var lines = ["Audit of \(source): \(controlCount) \(controlCount == 1 ? "control" : "controls"), \(rules.count) rules."]
        lines.append("\(violationCount) \(violationCount == 1 ? "violation" : "violations"), \(incompleteCount) incomplete, \(passCount) passes, \(inapplicableRules.count) inapplicable rules, \(suppressedCount) suppressed.")
        func section(_ title: String, _ entries: [String]) {
            guard !entries.isEmpty else { return }
            lines += ["", title] + entries
        }
        let failing = rules.filter { !$0.violations.isEmpty }.sorted { $0.rule.impact > $1.rule.impact }
        section("Violations:", failing.flatMap { outcome in
            outcome.violations.map { "- \(outcome.rule.impact.rawValue): \(outcome.rule.id) on \($0.control) (\(Self.named($0))). \($0.message ?? outcome.rule.help)." }
        })
        section("Incomplete, needs a person to check:", rules.flatMap { outcome in
            outcome.incomplete.map { "- \(outcome.rule.id) on \($0.control): \($0.message ?? outcome.rule.help)." }
        })
        section("Suppressed:", rules.flatMap { outcome in
            outcome.suppressed.map { "- \(outcome.rule.id) on \($0.node.control): \($0.node.message ?? ""). Reason: \($0.reason)." }
        })
        if violationCount == 0 && incompleteCount == 0 {
            lines.append("")
            lines.append("No problems found.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// axe-core's result shape: testEngine, violations, passes, incomplete, inapplicable (plus suppressed).
    public func json(source: String, version: String) -> String {
        func nodes(_ list: [Node], impact: Impact?) -> JSONTree {
            .array(list.map { node in
                var fields = [JSONMember("target", [.string(node.control)]), JSONMember("label", .string(node.label))]
                if let impact { fields.append(JSONMember("impact", .string(impact.rawValue))) }
                if let message = node.message { fields.append(JSONMember("failureSummary", .string(message))) }
                return .object(fields)
            })
        }
        func rule(_ outcome: RuleOutcome, _ list: [Node], impact: Bool) -> JSONTree {
            let info = outcome.rule
            return .object([JSONMember("id", .string(info.id)),
                            JSONMember("impact", impact ? .string(info.impact.rawValue) : .null),
                            JSONMember("description", .string(info.help)),
                            JSONMember("help", .string(info.help)),
                            JSONMember("tags", [.string(info.source)]),
                            JSONMember("nodes", nodes(list, impact: impact ? info.impact : nil))])
        }
        let suppressed = rules.filter { !$0.suppressed.isEmpty }.map { outcome -> JSONTree in
            .object([JSONMember("id", .string(outcome.rule.id)), JSONMember("impact", .string(outcome.rule.impact.rawValue)),
                     JSONMember("nodes", .array(outcome.suppressed.map {
                         .object([JSONMember("target", [.string($0.node.control)]), JSONMember("failureSummary", .string($0.node.message ?? "")),
                                  JSONMember("reason", .string($0.reason))])
                     }))])
        }
        return JSONWriter.write(.object([
            JSONMember("testEngine", .object([JSONMember("name", "sayline"), JSONMember("version", .string(version))])),
            JSONMember("url", .string(source)),
            JSONMember("controlCount", .number(Double(controlCount))),
            JSONMember("violations", .array(rules.filter { !$0.violations.isEmpty }.map { rule($0, $0.violations, impact: true) })),
            JSONMember("passes", .array(rules.filter { !$0.passes.isEmpty }.map { rule($0, $0.passes, impact: false) })),
            JSONMember("incomplete", .array(rules.filter { !$0.incomplete.isEmpty }.map { rule($0, $0.incomplete, impact: true) })),
            JSONMember("inapplicable", .array(rules.filter(\.isInapplicable).map { rule($0, [], impact: false) })),
            JSONMember("suppressed", .array(suppressed)),
        ]), inlineFrom: 2)
    }

    /// One test case per rule and control; violations are failures, incomplete and suppressed are skipped.
    public func junit(source: String) -> String {
        var cases: [String] = []
        var failures = 0, skipped = 0
        for outcome in rules {
            let rule = outcome.rule
            for node in outcome.violations {
                failures += 1
                cases.append("    <testcase classname=\(Self.xml(rule.id)) name=\(Self.xml(node.control))><failure type=\(Self.xml(rule.impact.rawValue)) message=\(Self.xml(node.message ?? rule.help))/></testcase>")
            }
            for node in outcome.incomplete {
                skipped += 1
                cases.append("    <testcase classname=\(Self.xml(rule.id)) name=\(Self.xml(node.control))><skipped message=\(Self.xml("incomplete: " + (node.message ?? rule.help)))/></testcase>")
            }
            for entry in outcome.suppressed {
                skipped += 1
                cases.append("    <testcase classname=\(Self.xml(rule.id)) name=\(Self.xml(entry.node.control))><skipped message=\(Self.xml("suppressed: " + entry.reason))/></testcase>")
            }
            for node in outcome.passes {
                cases.append("    <testcase classname=\(Self.xml(rule.id)) name=\(Self.xml(node.control))/>")
            }
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="sayline audit" tests="\(cases.count)" failures="\(failures)" skipped="\(skipped)">
          <testsuite name=\(Self.xml(source)) tests="\(cases.count)" failures="\(failures)" skipped="\(skipped)">
        \(cases.joined(separator: "\n"))
          </testsuite>
        </testsuites>

        """
    }

    private static func named(_ node: Node) -> String {
        node.label.isEmpty ? "no name" : "\"\(node.label)\""
    }

    /// An XML attribute value, quoted and escaped.
    static func xml(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                // XML 1.0 has no form for most control characters at all.
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
