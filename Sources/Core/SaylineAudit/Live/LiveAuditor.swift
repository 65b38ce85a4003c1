import SaylineText
import SaylineControls
import SaylineSession

/// Runs every rule that applies to a running application's controls on what a keyboard
/// user's walk over them found: the same rules, report and formats as a scene's audit, each
/// control named by its path (application › window › … › control).
public struct LiveAuditor: Sendable {
    public let options: AuditOptions

    /// The rules that judge what keys did.
    static let rulesOfKeys: Set<String> = ["keyboard-reachable", "no-silent-steps"]

    public init(options: AuditOptions = AuditOptions()) {
        self.options = options
    }

    /// The report of `observations`, the application's controls in its tree's order.
    /// - Parameters:
    ///   - application: the application's name: the report's "file".
    ///   - clock: nanoseconds from any fixed start, for each check's time.
    ///   - keysPressed: whether the walk pressed keys; without them (`--no-keys`) the rules
    ///     about keys and steps are not run at all, so a baseline's findings of theirs are
    ///     neither fixed nor dropped.
    public func audit(_ observations: [LiveObservation], application: String, rules all: [any AuditRule] = AuditRules.all,
                      keysPressed: Bool = true, clock: (@Sendable () -> UInt64)? = nil) -> AuditReport {
        let rules = options.rules(from: all).filter { keysPressed || !Self.rulesOfKeys.contains($0.id) }
        let probes = observations.map(ElementProbe.init(observed:))
        let context = AuditContext(elements: probes.map(\.element), options: options)
        var outcomes = rules.map { AuditReport.RuleOutcome(rule: $0.info) }
        for (probe, observation) in zip(probes, observations) {
            let html = LiveDescription.json(application: application, processID: nil, sliders: [observation.slider])
            var lap = clock?() ?? 0
            for (index, rule) in rules.enumerated() {
                let result = rule.check(probe, in: context)
                let now = clock?() ?? 0
                let node = { (finding: FindingMessage?) in
                    AuditReport.Node(file: application, control: observation.slider.path.text, label: observation.slider.name, finding: finding,
                                     line: nil, column: nil, html: html, nanoseconds: now &- lap)
                }
                lap = now
                switch result {
                case .pass: outcomes[index].passes.append(node(nil))
                case .violation(let finding): outcomes[index].violations.append(node(finding))
                case .incomplete(let finding): outcomes[index].incomplete.append(node(finding))
                case .inapplicable: break
                }
            }
        }
        var report = AuditReport(controlCount: observations.count, files: [application])
        report.rules = outcomes
        report.filesAreApplications = true
        return report
    }
}
