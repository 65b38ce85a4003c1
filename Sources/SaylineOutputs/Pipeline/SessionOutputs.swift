import SaylineScene
import SaylineCommandLine

/// The outputs of one session, made once from the options, the same for the REPL, the line
/// reader and `pick`: the scene's keeper, the event stream, change commands, the braille
/// display and the speech channel. The loop adds its display (and, at the keyboard, the pacer) and gets the pipeline.
package final class SessionOutputs {
    package let keeper: SceneKeeper
    package let events: EventStream?
    package let hooks: ChangeHooks?
    package let speech: SpeechChannel
    /// The braille display, at a terminal where BRLTTY answers (see `BrailleOutput.open`).
    package let braille: BrailleOutput?
    /// Write the scene's values back at exit.
    package let autosave: Bool

    /// - Parameter interactive: keys are pressed as it runs (a terminal), rather than lines
    ///   read from a pipe: a change command then waits for its value to settle, and a command
    ///   speech engine is cut off by the next utterance.
    package init(document: SceneDocument, settings: ReplSettings, environment: [String: String], events: EventStream?,
                 interactive: Bool, autosave: Bool) {
        keeper = SceneKeeper(document, home: environment["HOME"])
        self.events = events
        // Lines from a script settle at once: each change is a settled value, and its command
        // has run before the next line's starts.
        hooks = interactive ? ChangeHooks(command: settings.onChange, settle: settings.settle)
                            : ChangeHooks(command: settings.onChange, settle: 0, inOrder: true)
        speech = SpeechChannel(speaker: SpeakerFactory.make(settings, environment: environment, interactive: interactive))
        self.autosave = autosave
        // A braille display is read by a person at this terminal: piped input has none.
        braille = BrailleOutput.open(settings, atTerminal: interactive, host: environment["BRLAPI_HOST"])
    }

    /// A session's own outputs, then `after` (the pacer, the display), in that order. Braille
    /// comes before the pacer: a display shows each value at once, it never waits to settle.
    package func pipeline(then after: [any ReplyOutput]) -> ReplyPipeline {
        var outputs: [any ReplyOutput] = [keeper]
        if let events { outputs.append(events) }
        if let hooks { outputs.append(hooks) }
        if let braille { outputs.append(braille) }
        return ReplyPipeline(outputs + after)
    }
}
