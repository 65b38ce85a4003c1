import SaylineText

/// Speech as an output: each reply's words on stdout and to the engine, before anything is
/// drawn, so a listener on a pipe never waits for the drawing; a key stops what is being said;
/// at the end, the last words, and a listener that left is said.
extension SpeechChannel: ReplyOutput {
    package func receive(_ reply: inout OutgoingReply) {
        // What is heard only (the start's hint) and the reply's words are one utterance: given
        // to an engine apart, the hint was cut off by the focus line a moment after it began.
        if wordsShownElsewhere {
            speakOnly(reply.spoken)
        } else {
            say(reply.heardOnly + reply.spoken)
        }
    }

    /// Any key stops what is being said, as Orca and Fenrir do.
    package func keyPressed(on source: KeySource) { interrupt() }

    package func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void) {
        if wordsShownElsewhere { speakOnly(ending.said) } else { self.say(ending.said) }
        if listenerGone { ending.problems.append(Self.listenerLeft) }
    }

    /// At exit: the last utterance is spoken to its end, not cut off.
    package func close() { speaker?.finish() }

    /// Why the session stopped early.
    static var listenerLeft: String { translated("the speech listener closed standard output; stopping") }
}
