import SaylineText
import SaylineSession
import SaylineSystem

/// The display of a session with piped input: help and what outputs report on stderr, and the
/// announcements too when stdout carries a pick's answer or the event stream (the speech
/// channel then gives them to the engine alone).
package final class LineOutput: ReplyOutput {
    private let wordsOnStandardError: Bool

    package init(wordsOnStandardError: Bool) {
        self.wordsOnStandardError = wordsOnStandardError
    }

    package func receive(_ reply: inout OutgoingReply) {
        show(reply.spoken, messages: reply.messages)
    }

    package func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void) {
        show(ending.said, messages: ending.problems.map { "sayline: \($0)" })
    }

    private func show(_ spoken: [Announcement], messages: [String]) {
        if wordsOnStandardError, !spoken.isEmpty { Diagnostics.write(spoken.map { $0.text + "\n" }.joinedText()) }
        for message in messages { Diagnostics.write(message + "\n") }
    }
}
