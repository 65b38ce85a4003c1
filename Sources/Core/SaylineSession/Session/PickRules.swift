import SaylineText
import SaylineControls

/// How `sayline pick` is answered, the same at the keyboard and from a pipe: a prompt for one
/// value, not a REPL. What makes no sense for one value (moving between controls, the tour,
/// saving) is refused; Enter accepts, Escape cancels.
public enum PickRules {
    /// What a pick says at start, after the control itself.
    public static var startLine: String {
        translated("Enter on an empty line accepts. Escape, Control C or Control D cancels. Press %s to describe the control.", KeyTable.spokenName(of: KeyTable.describeKey))
    }

    /// `help` in a pick: the keys and what Enter and Escape do, in words.
    public static var helpText: [String] {
        [
            KeyTable.groupSentences(KeyTable.groups[..<3]),
            translated("Type a value, such as 70, then Enter, to set it. Question mark describes the control."),
            translated("Enter on an empty line accepts the value. Escape, Control C or Control D cancels."),
        ]
    }

    /// A pick accepts on an empty line, or one of nothing but spaces and tabs: what a person
    /// means by pressing Enter without typing.
    public static func accepts(line bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Why a command has no place in a pick, or nil when it has one.
    public static func refusal(of command: Command) -> Rejection? {
        let name: String
        switch command {
        case .list: name = "list"
        case .focus: name = "focus"
        case .tour: name = "tour"
        case .save(let request): name = request.overwrite ? "overwrite" : "save"
        default: return nil
        }
        return Rejection(.notAllowed(translated("%s is not part of a pick, which asks for one value. Enter accepts it, Escape cancels", name)), input: name)
    }

    /// Whether a reply leaves the value other than what was asked for: an entry refused, or
    /// moved into the range. Enter right after one does not accept at the keyboard (the person
    /// hears why and presses Enter again), and from a pipe the pick fails: a script's answer
    /// is never a value it did not ask for.
    public static func leavesAnswerInDoubt(_ reply: Reply) -> Bool {
        reply.events.contains { event in
            switch event {
            case .rejected: true
            case .changed(_, let change): if case .clamped? = change.correction { true } else { false }
            case .unchanged(_, .clamped): true
            default: false
            }
        }
    }

    /// Said for Enter after an entry that was refused or moved into the range.
    public static func confirmAfterDoubt(_ element: AdjustableElement) -> String {
        translated("Not accepted yet, the last entry was not taken as typed. Enter again accepts %s", element.spokenValue)
    }

    /// Said on stderr when piped input's last entry was refused or moved into the range.
    public static var pipedDoubt: String { translated("the last entry was refused or moved into the range: nothing is accepted") }

    /// Said on stderr when there is no terminal to ask on and piped input gave no line.
    public static var noTerminal: String { translated("no terminal to ask on, and standard input gave no answer") }
}
