import SaylineText
import SaylineControls
import SaylineScene

/// One audit's rules run on one control at a time: each result filed under its rule as a
/// report's node, timed by the front's clock, and a violation the scene accepts filed as
/// suppressed, with the scene's reason.
struct ControlChecks {
    /// The scene audited.
    let scene: Scene
    /// The scene's name in the report.
    let file: String
    /// The rules that run, in order: the outcomes are theirs, index for index.
    let rules: [any AuditRule]
    /// The scene's context, made once.
    let context: AuditContext
    /// The language the controls are heard in, when not in the scene's own words: "de".
    let language: String?
    /// Nanoseconds from any fixed start; without one, times are zero.
    let clock: (@Sendable () -> UInt64)?

    /// Runs every rule on the control at `position`, adding each result to its rule's outcome.
    /// - Complexity: O(rules × samples), samples bounded (`AuditContext.stepsToCheck`).
    func check(_ position: Int, into outcomes: inout [AuditReport.RuleOutcome]) {
        let element = scene.elements[position]
        let source = position < scene.sources.count ? scene.sources[position] : nil
        // The control as its file has it, or as the scene format writes it: once a control.
        let html = source?.text ?? SceneEncoder.encode(element)
        let quotedHTML = Self.quoted(html)
        // The shared walk is charged to the control's first check.
        var lap = clock?() ?? 0
        let probe = ElementProbe(element)
        for (index, rule) in rules.enumerated() {
            let result = rule.check(probe, in: context)
            let now = clock?() ?? 0
            let nanoseconds = now &- lap
            lap = now
            let node = { (finding: FindingMessage?) in
                AuditReport.Node(file: file, control: element.identity.id, label: element.identity.label, finding: finding,
                                 line: source?.line, column: source?.column,
                                 html: html, nanoseconds: nanoseconds, quotedHTML: quotedHTML, language: language)
            }
            record(result, of: rule, on: element.identity.id, node, into: &outcomes[index])
        }
    }

    /// A rule's result on the control `id`, filed under the rule's outcome.
    private func record(_ result: RuleResult, of rule: any AuditRule, on id: String, _ node: (FindingMessage?) -> AuditReport.Node,
                        into outcome: inout AuditReport.RuleOutcome) {
        switch result {
        case .pass:
            outcome.passes.append(node(nil))
        case .inapplicable:
            break
        case .incomplete(let reason):
            outcome.incomplete.append(node(reason))
        case .violation(let message):
            if let suppression = scene.suppressions.first(where: { $0.rule == rule.id && ($0.control == nil || $0.control?.lowercased() == id.lowercased()) }) {
                outcome.suppressed.append(AuditReport.SuppressedNode(node: node(message), reason: suppression.reason))
            } else {
                outcome.violations.append(node(message))
            }
        }
    }

    /// `html` as a JSON string, quoted once for every node of its control, and made to its
    /// size: grown while written, its room was up to twice its bytes, ten thousand times over.
    private static func quoted(_ html: String) -> [UInt8] {
        var quoting: [UInt8] = []
        JSONWriter.appendString(html, to: &quoting)
        return [UInt8](unsafeUninitializedCapacity: quoting.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: quoting)
        }
    }
}
