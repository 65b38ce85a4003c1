import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
/// Announcements stay short: a change within the change budget, focus within the focus budget
/// (in words; `--max-change-words`, `--max-focus-words`).
///
/// Flags: a focus announcement or a change announcement, anywhere on the scale, over its budget.
public struct AnnouncementFitsBudget: AuditRule {
    public let id = "announcement-length"
    public let impact = Impact.moderate
    public let help = "Announcements are short"
    public let source = "Sayline speech style, Docs/speech.md (value first, one short line); speech-dispatcher message priorities"

    public init() {}

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

    static func words(in text: String) -> Int {
        text.split(whereSeparator: { $0 == " " }).count
    }
}
