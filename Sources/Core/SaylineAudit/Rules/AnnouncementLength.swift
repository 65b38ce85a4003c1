import SaylineSession
/// Announcements stay short: a change within the change budget, focus within the focus budget
/// (in words; `--max-change-words`, `--max-focus-words`).
///
/// Flags: a focus announcement or a change announcement, anywhere on the scale, over its budget.
public struct AnnouncementLength: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "announcement-length", impact: .moderate,
        description: "Checks that focus and change announcements stay within their word budgets",
        help: "Keep announcements short: the value first, in few words",
        source: "Sayline speech style, Docs/speech.md (value first, one short line); speech-dispatcher message priorities",
        criteria: [])

    /// The rule; it has nothing to configure.
    public init() {}

    /// Heard in each language the scene claims: its words are what it checks.
    public var perLanguage: Bool { true }

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        let announcer = Announcer(verbosity: .normal)
        let focus = announcer.focusLine(element)
        let focusWords = Self.words(in: focus)
        if focusWords > context.options.maximumFocusWords {
            return .violation("Focus says \(focusWords) words (\"\(focus)\"), over the budget of \(context.options.maximumFocusWords)")
        }
        for step in probe.steps {
            for line in step.announcements {
                let count = Self.words(in: line.text)
                if count > context.options.maximumChangeWords {
                    return .violation("A change says \(count) words (\"\(line.text)\"), over the budget of \(context.options.maximumChangeWords)")
                }
            }
        }
        return .pass
    }

    /// Words between spaces, counted without making them.
    static func words(in text: String) -> Int {
        var count = 0
        var inWord = false
        for byte in text.utf8 {
            if byte == 0x20 { inWord = false } else if !inWord { inWord = true; count += 1 }
        }
        return count
    }
}
