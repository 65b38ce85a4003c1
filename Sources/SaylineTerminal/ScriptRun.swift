import SaylineCore
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs

/// One run of a script against a scene (`sayline run`): the check of every line, then the
/// walk that runs them, each step's reply through the run's pipeline (saving, then the words,
/// `ScriptWords`), the expectations counted and failures said.
///
/// Until the check has passed, what the run says is held (up to `RunCommand.heldOutputLimit`),
/// nothing is saved and nothing said on standard error. Once a long script has passed, its
/// words are said on a thread of their own while the run goes on (not while a transcript is
/// kept: that needs each step's words here).
struct ScriptRun {
    private var runner: ScriptRunner
    private let keeper: SceneKeeper
    /// Saving first (what it says is heard, and written), then the words.
    private let pipeline: ReplyPipeline
    let words: ScriptWords
    private let lines: ScriptLines
    private let scriptName: String
    private let keepGoing: Bool
    /// A transcript is written or compared: each command's words are kept as strings.
    private let recording: Bool
    /// The check, when it walks a long script beside the run.
    private var pendingCheck: Background<String?>?
    /// Why the script was refused, once the check has said.
    private(set) var refusal: String?

    /// Each command and what it announced, when recording.
    private(set) var transcript: [String] = []
    private(set) var failures = 0
    /// What the closing line counts: the expectations reached and the commands run.
    private(set) var expectations = 0, commands = 0
    /// A line that reads otherwise now than when it was checked (the file changed meanwhile)
    /// stops the run there, said with its line; it is never skipped.
    private(set) var changed: ScriptProblem?

    init(document: SceneDocument, settings: ReplSettings, keeper: SceneKeeper, lines: ScriptLines, scriptName: String,
         keepGoing: Bool, recording: Bool) {
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
    }

    /// Checks the script first, or starts checking it beside the run when it is long.
    /// - Returns: the refusal to say, when a short script was refused.
    mutating func startCheck() -> String? {
        let ids = runner.controlIDs
        let (lines, scriptName) = (lines, scriptName)
        guard lines.byteCount >= RunCommand.checkBesideFrom else {
            return RunCommand.refusal(of: lines, ids: ids, scriptName: scriptName)
        }
        pendingCheck = Background.start { RunCommand.refusal(of: lines, ids: ids, scriptName: scriptName) }
        words.output.holding = true
        return nil
    }

    /// Waits for the check, if it is still going; false when it refused the script.
    mutating func passedCheck() -> Bool {
        if let check = pendingCheck {
            pendingCheck = nil
            refusal = check.wait()
            words.output.holding = false
            if refusal == nil { words.output.flush() } else { words.output.discard() }
        }
        return refusal == nil
    }

    /// Runs every line, in order, until the end, a quit, or a failure that stops the run.
    mutating func walk() -> Result<Void, ScriptLines.Stop> {
        // The run's own parser: the check's is on its thread.
        var parser = ScriptParser()
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
    private mutating func run(_ step: ScriptStep) -> Bool {
        let result = runner.run(step)
        if !result.saves.isEmpty || result.failure != nil {
            // A save, or a failure said on standard error, waits for the whole script to pass,
            // and for what came before it to be written.
            if pendingCheck != nil, !passedCheck() { return false }
            if words.handedOver { words.writeOut() }
        }
        // A save is asked of the keeper by its event: with the words said by the session, the
        // step carries none, and the save requests stand in for them.
        let events = result.saves.isEmpty || !result.events.isEmpty ? result.events : result.saves.map { .saveRequested($0) }
        let delivered = pipeline.deliver(OutgoingReply(step: events, spoken: result.announcements, verbosity: result.verbosity,
                                                       elements: runner.session.elements, focusIndex: runner.session.focusIndex))
        // How a save went is heard by the runner, so that an expectation can check it.
        for save in delivered.saves { runner.heard(save.outcome.announcement) }
        if pendingCheck != nil, words.output.count >= RunCommand.heldOutputLimit, !passedCheck() { return false }
        if recording, case .command = step.action {
            transcript += Transcript.lines(command: step.text, announcements: delivered.spoken)
        }
        if let failure = result.failure {
            failures += 1
            words.writeOut()
            Diagnostics.write("\(scriptName):\(step.line): \(failure)\n")
            if !keepGoing { return false }
        }
        return !(result.quit || words.failed)
    }
}
