import SaylineText
import SaylineSession
import SaylineSystem

/// What a session with piped input says and shows: announcements on stdout (and to the speech
/// engine), or on stderr when stdout carries a pick's answer or the event stream; help and
/// what outputs report on stderr.
package final class LineOutput: ReplyOutput {
    package let speech: SpeechChannel
    private let announcementsOnStandardError: Bool

    package init(speech: SpeechChannel, announcementsOnStandardError: Bool) {
        self.speech = speech
        self.announcementsOnStandardError = announcementsOnStandardError
    }

    package func receive(_ reply: inout OutgoingReply) {
        say(reply.spoken)
        for message in reply.messages { Diagnostics.write(message + "\n") }
    }

    /// Announcements where this session's go.
    package func say(_ announcements: [Announcement]) {
        guard announcementsOnStandardError else { return speech.say(announcements) }
        Diagnostics.write(announcements.map { $0.text + "\n" }.joinedText())
        speech.speakOnly(announcements)
    }
}
