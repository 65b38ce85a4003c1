import SaylineSession
import SaylineScene
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs
import SaylineInteractive

/// One run of a script against a scene (`sayline run`): the check of every line, then the
/// walk that runs them, each step's reply through the run's pipeline (saving, then the words,
/// `ScriptWords`), the expectations counted and failures said.
///
/// Until the check has passed, what the run says is held (up to `RunCommand.heldOutputLimit`),
/// nothing is saved and nothing said on standard error. Once a long script has passed, its
/// words are said on a thread of their own while the run goes on (not while a transcript is
/// kept: that needs each step's words here).
final class ScriptRun {
    @exclusivity(unchecked) private var runner: ScriptRunner
    /// The running application whose controls the script adjusts (`run --app`), or nil.
    private let live: LiveSession?
    private let keeper: SceneKeeper
    /// Saving first (what it says is heard, and written), then the words.
    private let pipeline: ReplyPipeline
    /// The reply each step's events and words go out in, kept from step to step.
    @exclusivity(unchecked) private var outgoing: OutgoingReply
    /// The run's own parser: the check's is on its thread.
    @exclusivity(unchecked) private var parser = ScriptParser()
    let words: ScriptWords
    private let lines: ScriptLines
    private let scriptName: String
    private let keepGoing: Bool
    /// A transcript is written or compared: each command's words are kept as strings.
    private let recording: Bool
    /// The check, when it walks a long script beside the run.
    @exclusivity(unchecked) private var pendingCheck: Background<String?>?
    /// Why the script was refused, once the check has said.
    @exclusivity(unchecked) private(set) var refusal: String?

    /// Each command and what it announced, when recording.
    @exclusivity(unchecked) private(set) var transcript: [String] = []
    @exclusivity(unchecked) private(set) var failures = 0
    /// What the closing line counts: the expectations reached and the commands run.
    @exclusivity(unchecked) private(set) var expectations = 0, commands = 0
    /// A line that reads otherwise now than when it was checked (the file changed meanwhile)
    /// stops the run there, said with its line; it is never skipped.
    @exclusivity(unchecked) private(set) var changed: ScriptProblem?

    init(document: SceneDocument, settings: ReplSettings, keeper: SceneKeeper, lines: ScriptLines, scriptName: String,
         keepGoing: Bool, recording: Bool, live: LiveSession? = nil) {
        self.live = live
        runner = ScriptRunner(session: Session(elements: document.scene.elements, motion: settings.motion, verbosity: settings.verbosity))
        self.keeper = keeper
        self.lines = lines
        self.scriptName = scriptName
        self.keepGoing = keepGoing
        self.recording = recording
        // The words are written straight into the output from each step's events (a
        // transcript needs them as strings, so it keeps the session saying them).
        runner.defersAnnouncements = !recording
        words = ScriptWords(wordsFromEvents: !recording)
        pipeline = ReplyPipeline([keeper, words])
        outgoing = OutgoingReply(steps: settings.verbosity)
    }

    /// Checks the script first, or starts checking it beside the run when it is long.
    /// - Returns: the refusal to say, when a short script was refused.
    func startCheck() -> String? {
        let ids = runner.controlIDs
        let (lines, scriptName) = (lines, scriptName)
        // A running application is changed by each step as it runs, and a script refused later
        // would have changed it already: its script is checked whole first, however long.
        guard live == nil, lines.byteCount >= RunCommand.checkBesideFrom else {
            return RunCommand.refusal(of: lines, ids: ids, scriptName: scriptName)
        }
        pendingCheck = Background.start { RunCommand.refusal(of: lines, ids: ids, scriptName: scriptName) }
        words.output.holding = true
        return nil
    }

    /// Waits for the check, if it is still going; false when it refused the script.
    func passedCheck() -> Bool {
        if let check = pendingCheck {
            pendingCheck = nil
            refusal = check.wait()
            words.output.holding = false
            if refusal == nil { words.output.flush() } else { words.output.discard() }
        }
        return refusal == nil
    }

    /// Runs every line, in order, until the end, a quit, or a failure that stops the run.
    func walk() -> Result<Void, ScriptLines.Stop> {
        let mayHandOver = lines.byteCount >= RunCommand.checkBesideFrom && !recording
        let walked = lines.forEach { line, number in
            let parsed: ScriptStep?
            switch parser.parse(utf8: line, number: number) {
            case .failure(let problem):
                changed = problem
                return false
            case .success(let step): parsed = step
            }
            guard let step = parsed else { return true }
            if case .expect = step.action { expectations += 1 } else { commands += 1 }
            if mayHandOver, !words.handedOver, number % 1024 == 0, pendingCheck?.isDone ?? true {
                // A refused script stops here, with nothing written.
                guard passedCheck() else { return false }
                words.handOver(controls: runner.session.elements)
            }
            return run(step)
        }
        words.close()
        return walked
    }

    /// One step: run, its reply through the pipeline, its failure said.
    /// - Returns: whether the run goes on.
    private func run(_ step: ScriptStep) -> Bool {
        let result = live.map { live in runner.run(step) { session, command in Self.perform(command, on: live, in: &session) } } ?? runner.run(step)
        if !result.saves.isEmpty || result.failure != nil {
            // A save, or a failure said on standard error, waits for the whole script to pass,
            // and for what came before it to be written.
            if pendingCheck != nil, !passedCheck() { return false }
            if words.handedOver { words.writeOut() }
        }
        // A save is asked of the keeper by its event: with the words said by the session, the
        // step carries none, and the save requests stand in for them.
        let saving = !result.saves.isEmpty
        outgoing.events = !saving || !result.events.isEmpty ? result.events : result.saves.map { .saveRequested($0) }
        outgoing.spoken = result.announcements
        outgoing.verbosity = result.verbosity
        outgoing.focusIndex = runner.session.focusIndex
        outgoing.asksToSave = saving
        if saving {
            outgoing.elements = runner.session.elements
            outgoing.saves.removeAll()
        }
        pipeline.deliver(&outgoing)
        // How a save went is heard by the runner, so that an expectation can check it.
        for save in outgoing.saves where saving { runner.heard(save.outcome.announcement) }
        if pendingCheck != nil, words.output.count >= RunCommand.heldOutputLimit, !passedCheck() { return false }
        if recording, case .command = step.action {
            transcript += Transcript.lines(command: step.text, announcements: outgoing.spoken)
        }
        // Let go of the step's events, words and controls: the session refills the same arrays
        // on the next step, and a second holder would make it copy them (an allocation a step).
        outgoing.events = []
        outgoing.spoken = []
        if saving { outgoing.elements = [] }
        if let failure = result.failure {
            failures += 1
            words.writeOut()
            Diagnostics.write("\(scriptName):\(step.line): \(failure)\n")
            if !keepGoing { return false }
        }
        return !(result.quit || words.failed)
    }

    /// A script's command on a running application's controls: the adjustments the
    /// application makes (and undo and save, which it cannot), the rest the session's.
    private static func perform(_ command: Command, on live: LiveSession, in session: inout Session) -> Reply? {
        switch command {
        case .undo, .redo, .save: return session.perform(command, on: live)
        default: return session.adjustment(for: command) == nil ? nil : session.perform(command, on: live)
        }
    }
}
