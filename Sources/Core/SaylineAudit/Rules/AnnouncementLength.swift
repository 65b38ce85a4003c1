import SaylineText
import SaylineSession
/// Announcements stay short: a change within the change budget, focus within the focus budget
/// (in words; `--max-change-words`, `--max-focus-words`).
///
/// Flags: a focus announcement or a change announcement, anywhere on the scale, over its budget.
public struct AnnouncementLength: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "announcement-length", impact: .moderate,
        description: translatable("Checks that focus and change announcements stay within their word budgets"),
        help: translatable("Keep announcements short: the value first, in few words"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("Sayline speech style, Docs/speech.md (value first, one short line); speech-dispatcher message priorities"),
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
        let focusBudget = context.options.maximumFocusWords, changeBudget = context.options.maximumChangeWords
        if focusWords > focusBudget {
            // Translators: %1$s is a number of words, %2$s the announcement as it was heard (keep
            // it in quotes), %3$s the most words it may take.
            return .violation(FindingMessage(counting: translatableCount("Focus says %1$s word (\"%2$s\"), over the budget of %3$s",
                                                                         "Focus says %1$s words (\"%2$s\"), over the budget of %3$s"),
                                             count: focusWords, .number(Double(focusWords)), .text(focus), .number(Double(focusBudget))))
        }
        for step in probe.steps {
            for line in step.announcements {
                let count = Self.words(in: line.text)
                if count > changeBudget {
                    // Translators: %1$s is a number of words, %2$s the announcement as it was heard
                    // (keep it in quotes), %3$s the most words it may take.
                    return .violation(FindingMessage(counting: translatableCount("A change says %1$s word (\"%2$s\"), over the budget of %3$s",
                                                                                 "A change says %1$s words (\"%2$s\"), over the budget of %3$s"),
                                                     count: count, .number(Double(count)), .text(line.text), .number(Double(changeBudget))))
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
