/// The findings sorted by scene in one pass, for a layout that goes scene by scene: each
/// scene's positions in every rule's lists, its fixed entries and its counts. Looking for a
/// scene's findings scene by scene would cost scenes × findings.
struct SceneSplit {
    /// One scene's share.
    struct Scene {
        /// What the scene's share adds up to.
        var tally: SceneTally
        /// Positions of the scene's findings, by rule index, then by `FindingKind.rawValue`.
        var positions: [[[Int]]]
        /// The scene's baseline entries no longer found, whose rule ran, in the baseline's order.
        var fixed: [(entry: AuditBaseline.Entry, rule: (info: AuditRuleInfo, index: Int)?)] = []

        /// A scene with no findings yet, over `rules` rules.
        init(file: String, rules: Int) {
            tally = SceneTally(file: file)
            positions = Array(repeating: Array(repeating: [], count: FindingKind.allCases.count), count: rules)
        }
    }

    /// Each scene's share, by the name its findings carry.
    private(set) var scenes: [String: Scene] = [:]
    /// How many rules ran: a scene with no findings still has a list for each.
    let ruleCount: Int

    /// `report` split by scene, violations at or above `failOn` counted as failures, and with
    /// `fixedLast` the fixed entries too.
    /// - Complexity: O(findings + fixed × rules).
    init(_ report: AuditReport, failOn: Impact, fixedLast: Bool) {
        ruleCount = report.rules.count
        for (ruleIndex, outcome) in report.rules.enumerated() {
            for kind in FindingKind.allCases {
                let group = FindingGroup(outcome: outcome, ruleIndex: ruleIndex, kind: kind, positions: nil)
                let failing = kind == .violation && outcome.rule.impact >= failOn
                for position in 0..<group.count {
                    let node = group[position]
                    scenes[node.file, default: Scene(file: node.file, rules: ruleCount)].positions[ruleIndex][kind.rawValue].append(position)
                    scenes[node.file, default: Scene(file: node.file, rules: ruleCount)].tally.count(kind, nanoseconds: node.nanoseconds, failing: failing)
                }
            }
        }
        guard fixedLast else { return }
        for entry in report.fixed {
            // Only a rule that ran can name the testcase.
            guard let index = report.rules.firstIndex(where: { $0.rule.id == entry.rule }) else { continue }
            scenes[entry.file, default: Scene(file: entry.file, rules: ruleCount)].fixed.append((entry, (report.rules[index].rule, index)))
            scenes[entry.file, default: Scene(file: entry.file, rules: ruleCount)].tally.count(nil, nanoseconds: 0, failing: false)
        }
    }

    /// The share of the scene named `file`: empty when it has no findings.
    func scene(_ file: String) -> Scene { scenes[file] ?? Scene(file: file, rules: ruleCount) }
}
