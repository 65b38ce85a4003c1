import SaylineText
import SaylineScene
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs

/// Carries out a `RunPlan`: loads the scene, checks where the transcript goes, runs the script
/// (`ScriptRun`: every line checked before anything it does leaves the process), then writes
/// or compares the transcript and ends with one closing line and the run's status.
struct RunCommandRunner {
    let plan: RunPlan

    /// The run, start to end: its exit status.
    func run() -> ExitStatus {
        if let application = plan.application {
            return ExitStatus(rawValue: LiveSource.run(application, environment: plan.environment) { controls in
                let live = LiveSession(controls, listening: false)
                return run(SceneDocument(path: nil, bytes: nil, scene: Scene(elements: live.elements)), live: live).rawValue
            }) ?? .malformed
        }
        let document: SceneDocument
        switch SceneFile.document(plan.scene) {
        case .failure(let failure):
            _ = failure.report()
            return .malformed
        case .success(let loaded): document = loaded
        }
        return run(document, live: nil)
    }

    /// The run on a scene's controls, or a running application's (`live`).
    private func run(_ document: SceneDocument, live: LiveSession?) -> ExitStatus {
        // What the run reads is never written over: not by the transcript, nor by a `save`.
        if let path = plan.transcript, case .failure(let failure) = FileDoor.check(path, inputs: plan.inputs) {
            // Refused before the script runs, so nothing it would have saved is written.
            Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
            return .ioError
        }
        // `save` in a script writes the scene's file, as it does in the REPL.
        let keeper = SceneKeeper(document, home: plan.home, inputs: plan.saveInputs)
        let lines: ScriptLines
        switch ScriptLines.open(plan.script) {
        case .failure(let failure):
            Diagnostics.write("\(plan.scriptName): \(failure.message)\n")
            return .malformed
        case .success(let opened): lines = opened
        }
        defer { lines.close() }
        let run = ScriptRun(document: document, settings: plan.settings, keeper: keeper, lines: lines, scriptName: plan.scriptName,
                            keepGoing: plan.keepGoing, recording: plan.transcript != nil || plan.checkTranscript != nil, live: live)
        // Every line is checked before anything leaves the process: a script with a malformed
        // line, or an expectation about a control the scene lacks, is refused whole, so nothing
        // it would have changed is written. On a long script the check walks the file on a
        // thread of its own while the run goes on.
        if let refusal = run.startCheck() {
            Diagnostics.write(refusal)
            return .malformed
        }
        guard case .success(let expected) = expectedTranscript(checking: run) else { return .malformed }
        if let stopped = walk(run) { return stopped }
        return ending(of: run, keeper: keeper, expected: expected)
    }

    /// The script was refused, or a file it needs cannot be read: already said on stderr.
    private struct Refused: Error {}

    /// The lines of the transcript to compare with, when there is one; refused (and said)
    /// when it cannot be read, or when the script was refused meanwhile, which is said instead.
    private func expectedTranscript(checking run: ScriptRun) -> Result<[String]?, Refused> {
        guard let path = plan.checkTranscript else { return .success(nil) }
        switch FileAccess.read(path, limit: RunCommand.fileLimit) {
        case .failure(let failure):
            Diagnostics.write(run.passedCheck() ? "\(FileAccess.shown(path)): \(failure.message)\n" : run.refusal ?? "")
            return .failure(Refused())
        case .success(let bytes):
            var expected = Script.lines(of: String(decoding: bytes, as: UTF8.self))
            if expected.last == "" { expected.removeLast() }
            return .success(expected)
        }
    }

    /// Runs every line; the status when the script was refused, stopped or what it said was
    /// lost, nil when it ran to its end.
    private func walk(_ run: ScriptRun) -> ExitStatus? {
        let walked = run.walk()
        guard run.passedCheck() else {
            Diagnostics.write(run.refusal ?? "")
            return .malformed
        }
        // The file changed between the two walks: a line that is no longer text, or no longer reads.
        if let stopped = RunCommand.stopMessage(walked, plan.scriptName)
            ?? run.changed.map({ "\(plan.scriptName):\($0.line): " + translated("%s (the script changed while it ran)", $0.message) + "\n" }) {
            run.words.output.flush()
            Diagnostics.write(stopped)
            return .malformed
        }
        // What was heard is lost when stdout cannot be written: that is not a pass.
        return run.words.output.finish("sayline run")
    }

    /// The transcript written and compared, the last save checked, the closing line said: how
    /// the run ended.
    private func ending(of run: ScriptRun, keeper: SceneKeeper, expected: [String]?) -> ExitStatus {
        if let path = plan.transcript {
            if case .failure(let failure) = FileDoor.write(run.transcript.map { $0 + "\n" }.joined(), to: path, inputs: plan.inputs) {
                Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
                return .ioError
            }
        }
        let transcriptDiffers = expected.map { differs(run.transcript, from: $0) } ?? false
        let failures = run.failures
        // A save the script asked for that did not reach the file (and no later one did) is a
        // failure of the run, as at the keyboard, whatever was expected of it.
        var status = failures == 0 && !transcriptDiffers ? ExitStatus.ok : .failed
        if let failedSave = keeper.lastSaveFailed {
            Diagnostics.write("\(plan.scriptName): " + translated("the last save failed: %s", failedSave.failureReason ?? "") + "\n")
            if status == .ok { status = .ioError }
        }
        // One closing line, as test runners end: what was checked and how it went.
        let summary = RunSummary.line(expectations: run.expectations, failures: failures, commands: run.commands,
                                      stoppedEarly: failures > 0 && !plan.keepGoing, transcriptDiffers: transcriptDiffers)
        Diagnostics.write("sayline run: \(summary)\n")
        return status
    }

    /// Whether what was heard differs from the transcript compared with: the first difference
    /// is said, with the transcript's line.
    private func differs(_ heard: [String], from expected: [String]) -> Bool {
        guard let path = plan.checkTranscript, let difference = Transcript.firstDifference(expected: expected, heard: heard) else { return false }
        let said: String
        switch (difference.expected, difference.heard) {
        case (let want?, let got?): said = translated("expected \"%s\", heard \"%s\"", want, got)
        // Translators: the transcript compared with had a line more than what was heard.
        case (let want?, nil): said = translated("expected \"%s\", heard the end", want)
        // Translators: what was heard had a line more than the transcript compared with.
        case (nil, let got?): said = translated("expected the end, heard \"%s\"", got)
        case (nil, nil): return false
        }
        Diagnostics.write("\(FileAccess.shown(path)):\(difference.line): " + said + "\n")
        return true
    }
}
