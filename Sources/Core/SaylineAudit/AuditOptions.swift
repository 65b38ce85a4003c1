import SaylineText
/// Settings of an audit.
public struct AuditOptions: Sendable, Equatable {
    /// Most words a change announcement may take.
    public var maximumChangeWords = 8
    /// Most words a focus announcement may take.
    public var maximumFocusWords = 15
    /// Rules switched off or given another impact, by rule id.
    public var ruleSettings: [String: RuleSetting] = [:]
    /// Where each rule setting came from, in words ("--rule", ".sayline-audit:3"), for the
    /// report's tool options.
    public var ruleSettingSources: [String: String] = [:]
    /// The language the scene is heard in, when it is not its own: only the rules about words
    /// run (`AuditRule.perLanguage`), and each finding names the language. The front runs one
    /// audit a language a scene claims and joins them (`AuditReport.adding`).
    public var language: Phrasebook? = nil
    /// Whether every scene is heard in `language`, claimed or not (`audit --language`).
    public var everyScene = false

    /// The default limits.
    public init() {}

    /// The rules to run: every rule not switched off, each with the impact it was given.
    public func rules(from all: [any AuditRule]) -> [any AuditRule] {
        all.compactMap { rule in
            switch ruleSettings[rule.id] {
            case .off: nil
            case .impact(let impact): ReimpactedRule(rule, impact: impact)
            case nil: rule
            }
        }
    }
}

/// A rule's setting for a project: off, or counted at another impact (as pa11y's ignore list
/// and severity settings, and axe-core's `rules` option, let a team choose).
public enum RuleSetting: Sendable, Equatable {
    case off
    case impact(Impact)

    /// "off", or an impact's name.
    public init?(_ word: String) {
        if word == "off" { self = .off } else if let impact = Impact(rawValue: word) { self = .impact(impact) } else { return nil }
    }

    /// The setting as it is written.
    public var word: String {
        switch self {
        case .off: "off"
        case .impact(let impact): impact.rawValue
        }
    }

    /// What a setting may be, in words, for messages.
    public static let choices = "off, " + Impact.allCases.map(\.rawValue).joined(separator: ", ")
}

/// A rule that checks what another does, reported at the impact a project gave it.
struct ReimpactedRule: AuditRule {
    let base: any AuditRule
    let info: AuditRuleInfo

    init(_ base: any AuditRule, impact: Impact) {
        self.base = base
        let original = base.info
        info = AuditRuleInfo(id: original.id, impact: impact, description: original.description, help: original.help,
                             source: original.source, criteria: original.criteria)
    }

    func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        base.check(probe, in: context)
    }
}
