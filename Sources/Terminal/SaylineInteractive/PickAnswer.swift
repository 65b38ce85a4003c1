import SaylineText
import SaylineControls
import SaylineSession
import SaylineSystem

/// How a `sayline pick` is being answered, the same at the keyboard and from a pipe (the words
/// are the core's `PickRules`): Enter on an empty line accepts, Escape, Ctrl-C, Ctrl-D or
/// `quit` cancel (which bytes at a terminal are that Escape or Ctrl-C is `PickRules.keyboard`'s
/// to say: the line editor only reports the keys), and an entry that was refused or moved into
/// the range leaves the answer in doubt: at the keyboard the next Enter says so instead of
/// accepting, from a pipe nothing is accepted.
package struct PickAnswer {
    /// Piped input: only an empty line accepts, never the end of input (`--require-confirm`).
    let requireConfirm: Bool
    /// How the pick ended: true accepted, false cancelled, nil still choosing.
    package private(set) var accepted: Bool?
    /// The last entry was refused or moved into the range.
    private var inDoubt = false

    package init(requireConfirm: Bool = false) {
        self.requireConfirm = requireConfirm
    }

    /// Whether a line is an answer (empty, or nothing but spaces and tabs) rather than an entry.
    func isAnswer(_ bytes: [UInt8]?) -> Bool {
        bytes.map(PickRules.accepts(line:)) ?? false
    }

    /// Enter on an empty line at the keyboard: accepted, unless the last entry left the answer
    /// in doubt; then the words that say so, and the next Enter accepts.
    mutating func confirm(_ focused: AdjustableElement) -> Announcement? {
        if inDoubt {
            inDoubt = false
            return Announcement(PickRules.confirmAfterDoubt(focused), kind: .info)
        }
        accepted = true
        return nil
    }

    /// An empty line from a pipe: accepted (an answer in doubt fails at the end).
    mutating func acceptPiped() { accepted = true }

    /// An entry was made; `reply` is nil when the line was not text.
    mutating func entered(_ reply: Reply?) {
        inDoubt = reply.map(PickRules.leavesAnswerInDoubt) ?? true
    }

    /// Escape, Ctrl-C, Ctrl-D, `quit`: nothing is chosen.
    mutating func cancel() { accepted = false }

    /// The end of piped input, or a signal: the end of input accepts what was chosen unless
    /// the script asked for a confirmation; a signal is no choice. With no line read there was
    /// no terminal to ask on and nothing piped: no answer at all, which is an error of its
    /// own (fzf's 2), not the starting value. An answer in doubt is no answer either.
    /// - Returns: the status and message of a pick that failed this way, or nil.
    mutating func pipedInputEnded(bySignal signalled: Bool, linesRead: Int) -> (status: Int32, message: String)? {
        if accepted == nil { accepted = !signalled && !requireConfirm }
        guard !signalled else { return nil }
        if linesRead == 0 {
            accepted = false
            return (ExitStatus.malformed.rawValue, PickRules.noTerminal)
        }
        if accepted == true, inDoubt {
            accepted = false
            return (ExitStatus.dataError.rawValue, PickRules.pipedDoubt)
        }
        return nil
    }

    /// The `quit` event's word on how the pick ended.
    var quitExtra: [JSONMember] { [JSONMember("accepted", .bool(accepted == true))] }
}
