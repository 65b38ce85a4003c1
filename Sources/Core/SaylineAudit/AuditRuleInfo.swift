import SaylineText

/// What a rule is, as every report names it: its id, impact, sentences and criteria.
///
/// The sentences are kept in English, each given as `translatable("…")` where a rule defines
/// them, so the catalogs carry them: `description`, `help`, `source` and `criteriaWords` are
/// the English (the audit-rules reference and its man page are made of them); the
/// `translated…` forms are the same words in the language of this thread's phrasebook, which
/// is what reports write. A reference in another language is the English one's code run
/// under that language's phrasebook (`Phrasebook.using`) with the translated forms.
public struct AuditRuleInfo: Sendable, Equatable {
    /// Stable id for reports and suppressions: `name-present`. Never translated.
    public let id: String
    /// How much a violation stands in a person's way.
    public let impact: Impact
    /// What the rule checks, in one sentence (axe-core's `description`), in English.
    public let description: String
    /// What to do about a violation, in a few words (axe-core's `help`), in English.
    public let help: String
    /// Where the rule comes from, in English.
    public let source: String
    /// The WCAG 2.2 success criteria it checks; none for a rule of best practice.
    public let criteria: [WCAGCriterion]

    /// A rule's description.
    public init(id: String, impact: Impact, description: String, help: String, source: String, criteria: [WCAGCriterion]) {
        self.id = id
        self.impact = impact
        self.description = description
        self.help = help
        self.source = source
        self.criteria = criteria
    }

    /// axe-core's tags: the level and criterion of each WCAG criterion, or "best-practice".
    public var tags: [String] {
        guard !criteria.isEmpty else { return ["best-practice"] }
        var tags: [String] = []
        for tag in criteria.flatMap({ [$0.levelTag, $0.criterionTag] }) where !tags.contains(tag) { tags.append(tag) }
        return tags
    }

    /// The rule's section of the audit-rules reference.
    public var helpURL: String { AuditRules.documentation + "#" + id }

    /// "WCAG 2.2 SC 4.1.2 Name, Role, Value (A)", or "best practice", in English.
    public var criteriaWords: String {
        criteria.isEmpty ? Self.bestPractice : criteria.map(\.title).joined(separator: "; ")
    }

    /// `description` in the language of this thread's phrasebook.
    public var translatedDescription: String { translatedWords(description) }
    /// `help` in the language of this thread's phrasebook.
    public var translatedHelp: String { translatedWords(help) }
    /// `source` in the language of this thread's phrasebook.
    public var translatedSource: String { translatedWords(source) }

    /// `criteriaWords` in the language of this thread's phrasebook.
    public var translatedCriteria: String {
        guard !criteria.isEmpty else { return translatedWords(Self.bestPractice) }
        return FindingMessage.joined(criteria.map { FindingMessage(verbatim: $0.translatedTitle) })?.text ?? ""
    }

    /// What a rule of best practice says in place of criteria.
    // Translators: said of an audit rule that checks no WCAG success criterion.
    static let bestPractice = translatable("best practice, not a WCAG criterion")

    /// English words of this rule's, in the language of this thread's phrasebook.
    private func translatedWords(_ english: String) -> String {
        Phrasebook.speaksEnglish ? english : Phrasebook.current.text(english)
    }
}
