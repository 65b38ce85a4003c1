import Glibc
import SaylineText
import SaylineSession
import SaylineScene
import SaylineCommandLine

/// The outputs of one session, made once from the options, the same for the REPL, the line
/// reader and `pick`: the scene's keeper, the braille display, the speech pacer (at the
/// keyboard), change commands, the event stream and the speech channel. The front adds its
/// display and gets the pipeline, the only way out of the session.
package final class SessionOutputs {
    package let keeper: SceneKeeper
    package let events: EventStream?
    package let changeCommands: ChangeCommands?
    package let speech: SpeechChannel
    /// The braille display, at a terminal where BRLTTY answers (see `BrailleOutput.open`).
    package let braille: BrailleOutput?
    /// At the keyboard, a run of value changes is spoken as the value it settles on.
    private let paced: PacedSpeech?
    /// At the keyboard, with `--sound tones`: a tone at every step, ahead of the words.
    private let tones: ToneOutput?
    /// Write the scene's values back at exit.
    package let autosave: Bool

    /// - Parameters:
    ///   - interactive: keys are pressed as it runs (a terminal), rather than lines read from
    ///     a pipe: a change command then waits for its value to settle, speech is paced, and a
    ///     command speech engine is cut off by the next utterance.
    ///   - picking: `sayline pick`, whose stdout is kept for the answer.
    ///   - speech: a channel made by the caller (one that speaks to nobody, in process), in
    ///     place of the one the settings ask for.
    package init(document: SceneDocument, settings: ReplSettings, environment: [String: String], events: EventStream?,
                 interactive: Bool, picking: Bool = false, autosave: Bool, speech: SpeechChannel? = nil) {
        keeper = SceneKeeper(document, home: environment["HOME"])
        self.events = events
        // Lines from a script settle at once: each change is a settled value, and its command
        // has run before the next line's starts.
        changeCommands = interactive ? ChangeCommands(command: settings.onChange, settle: settings.settle)
                                     : ChangeCommands(command: settings.onChange, settle: 0, inOrder: true)
        // The words go on the terminal or on stderr, not stdout, when stdout is for something
        // else (a pick's answer, the event stream) or is the terminal itself.
        let shownElsewhere = picking || events?.onStandardOutput == true || (interactive && Self.standardOutputIsTheTerminal())
        self.speech = speech ?? SpeechChannel(speaker: SpeakerFactory.make(settings, environment: environment, interactive: interactive),
                                              wordsShownElsewhere: shownElsewhere)
        paced = interactive ? PacedSpeech(settleInterval: settings.settle) : nil
        self.autosave = autosave
        // A braille display is read by a person at this terminal: piped input has none.
        braille = BrailleOutput.open(settings, atTerminal: interactive, host: environment["BRLAPI_HOST"])
        // Tones are for a person at the keys, as braille is: piped input and scripts have none.
        tones = interactive ? ToneOutput(settings: settings, environment: environment) : nil
    }

    /// The session has begun: the event stream's `start`.
    package func begin(_ session: Session) {
        events?.emit(.start, session.focused, extra: [JSONMember("controls", .number(Double(session.elements.count)))])
    }

    /// The whole way out, in order: tones first (nothing is done with a reply before its tone
    /// is on its way), saving (what it says is part of the reply), then braille, which shows
    /// each value at once and never waits for it to settle, the pacer, change commands and
    /// events (which end after the last value is said), then speech, so a listener never waits
    /// for the drawing, and last the display.
    package func pipeline(display: any ReplyOutput) -> ReplyPipeline {
        var outputs: [any ReplyOutput] = tones.map { [$0, keeper] } ?? [keeper]
        if let braille { outputs.append(braille) }
        if let paced { outputs.append(paced) }
        if let changeCommands { outputs.append(changeCommands) }
        if let events { outputs.append(events) }
        return ReplyPipeline(outputs + [speech, display])
    }

    /// stdout and stderr are the same terminal: announcements are then written with the drawing.
    private static func standardOutputIsTheTerminal() -> Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        var out = stat(), display = stat()
        guard fstat(STDOUT_FILENO, &out) == 0, fstat(STDERR_FILENO, &display) == 0 else { return true }
        return out.st_rdev == display.st_rdev
    }
}
