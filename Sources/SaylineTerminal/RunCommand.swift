import SaylineSession
import SaylineScene
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs

/// `sayline run SCRIPT|-`: drives a scene from a script of REPL commands and expectations.
package enum RunCommand: Subcommand {
    static let keepGoing = OptionSpec("--keep-going", short: "k", help: "run past failed expectations and report all of them")
    static let transcript = OptionSpec("--transcript", argument: "FILE", completion: .files,
                                       help: "write each command and what it announced, whole (never through a link, into a device or FIFO, or over the script); - is standard output")
    static let checkTranscript = OptionSpec("--check-transcript", argument: "FILE", completion: .files,
                                            help: "compare what is heard with a saved transcript")

    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "run", operands: "SCRIPT|-", operandCompletion: .files,
            summary: "run a script of commands and expectations against a scene",
            description: """
            Runs REPL commands from SCRIPT (or standard input for -) against a scene, announcing every
            change on standard output exactly as a person would hear it. Lines may also be expectations:

              expect "62.5 kilograms"     the last announcement, exactly
              expect value weight 62.5    a control's value
              expect focus rating         which control has focus
              expect frames 0             intermediate frames of the last transition
              expect silent               the last command announced nothing

            Blank lines and lines starting with # are ignored. A failed expectation prints
            FILE:LINE: expected …, heard … on standard error. Every line is checked before anything
            the script does is written or saved, so a malformed line changes nothing; a script file
            is read twice, a piece at a time (on a long one the check goes on beside the run), and
            may be of any length (lines up to 1 MiB), standard input up to 16 MiB.
            """,
            options: [SharedOptions.scene] + SettingTable.options(["motion", "verbosity"], preferences: false)
                + [keepGoing, transcript, checkTranscript, SharedOptions.help, SharedOptions.version])
    }

    /// Transcripts are read whole (scripts are streamed, `ScriptLines`); past 16 MiB a
    /// transcript is refused.
    static let fileLimit = 16 << 20

    /// One step of a run whose words are said by `speaker`: a save, or a failure said on
    /// standard error, waits until what came before it is written.
    /// - Returns: whether the run goes on.
    private static func run(_ step: ScriptStep, handingOverTo speaker: ScriptSpeaker, batch: inout [ScriptSpeaker.Line],
                            runner: inout ScriptRunner, keeper: SceneKeeper, scriptName: String, keepGoing: Bool, failures: inout Int) -> Bool {
        let result = runner.run(step)
        let focused = runner.session.focusIndex
        // Each event read where it lies: `for event in` copied it out, and its control's
        // reference was counted up and down on every step.
        for index in result.events.indices { batch.append(.event(ScriptSpeaker.Said(result.events[index], focused: focused), result.verbosity)) }
        if !result.saves.isEmpty {
            speaker.send(batch)
            batch.removeAll(keepingCapacity: true)
            speaker.drain()
            for said in save(result.saves, runner: &runner, keeper: keeper) { batch.append(.added(said)) }
        }
        if let failure = result.failure {
            failures += 1
            speaker.send(batch)
            batch.removeAll(keepingCapacity: true)
            speaker.drain()
            Diagnostics.write("\(scriptName):\(step.line): \(failure)\n")
            if !keepGoing { return false }
        }
        if batch.count >= ScriptSpeaker.batchLength {
            speaker.send(batch)
            batch.removeAll(keepingCapacity: true)
            if speaker.failed { return false }
        }
        return !result.quit
    }

    /// Writes the scene for each save a step asked for; what each said is heard by the runner
    /// (an expectation checks it) and returned to be written.
    private static func save(_ requests: [SaveRequest], runner: inout ScriptRunner, keeper: SceneKeeper) -> [Announcement] {
        requests.map { request in
            let said = keeper.save(runner.session.elements, request).outcome.announcement
            runner.heard(said)
            return said
        }
    }

    /// Scripts this long (bytes) are checked beside the run, on a second thread; a shorter one
    /// is checked first, in less time than a thread takes to start and join.
    static let checkBesideFrom = 256 << 10
    /// What a run may say while its script is still being checked; past this it waits for the
    /// check, so memory stays the same whatever the script's length. The check reads a line
    /// about eight times faster than the run runs it.
    static let heldOutputLimit = 1 << 20

    /// The first walk: every line read, and every control an expectation names looked up.
    /// - Returns: what to say on standard error when the script is refused, or nil.
    static func refusal(of lines: ScriptLines, ids: Set<String>, scriptName: String) -> String? {
        var parser = ScriptParser()
        var problems: [ScriptProblem] = []
        var unknown: [ScriptProblem] = []
        let checked = lines.forEach { line, number in
            switch parser.parse(utf8: line, number: number) {
            case .failure(let problem): problems.append(problem)
            case .success(let step?): if let missing = ScriptRunner.unknownControl(in: step, ids: ids) { unknown.append(missing) }
            case .success(nil): break
            }
            return true
        }
        if let stopped = stopMessage(checked, scriptName) { return stopped }
        guard problems.isEmpty, unknown.isEmpty else {
            return (problems.isEmpty ? unknown : problems).map { "\(scriptName):\($0.line): \($0.message)\n" }.joined()
        }
        return nil
    }

    /// Why a walk of the script's lines stopped, as a message; nil when it did not.
    static func stopMessage(_ walk: Result<Void, ScriptLines.Stop>, _ scriptName: String) -> String? {
        guard case .failure(let stop) = walk else { return nil }
        switch stop {
        case .notText(let line): return "\(scriptName):\(line): the script is not UTF-8 text\n"
        case .tooLong(let line): return "\(scriptName):\(line): a line of more than \(ScriptLines.lineLimit) bytes; no command is that long\n"
        case .unreadable(let reason): return "\(scriptName): \(reason)\n"
        }
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        guard let scriptPath = arguments.operands.first else { throw UsageError("run needs a script file, or - for standard input") }
        if let extra = arguments.extraOperand(allowed: 1) { throw extra }
        // The environment and these flags only: a script is heard the same on every machine,
        // whatever a person's preferences file says.
        let resolved: ReplSettings
        switch SettingTable.apply(arguments, environment: environment, to: ReplSettings()) {
        case .failure(let error): throw error
        case .success(let settings): resolved = settings
        }
        let scenePath = arguments.value(SharedOptions.scene.name)
        let keepGoing = arguments.has(keepGoing.name)
        let transcriptPath = arguments.value(transcript.name)
        let checkTranscriptPath = arguments.value(checkTranscript.name)
        let scriptName = scriptPath == "-" ? "stdin" : FileAccess.shown(scriptPath)
        let document: SceneDocument
        switch SceneFile.document(scenePath) {
        case .failure(let failure): return failure.report()
        case .success(let loaded): document = loaded
        }
        let scene = document.scene
        // What the run reads is never written over: not by the transcript, nor by a `save`.
        let inputs = [scriptPath] + [scenePath, checkTranscriptPath].compactMap { $0 }
        if let path = transcriptPath, case .failure(let failure) = FileDoor.check(path, inputs: inputs) {
            // Refused before the script runs, so nothing it would have saved is written.
            Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
            return ExitStatus.ioError.rawValue
        }
        // `save` in a script writes the scene's file, as it does in the REPL.
        let keeper = SceneKeeper(document, home: environment["HOME"], inputs: [scriptPath] + [checkTranscriptPath].compactMap { $0 })
        let lines: ScriptLines
        switch ScriptLines.open(scriptPath) {
        case .failure(let failure):
            Diagnostics.write("\(scriptName): \(failure.message)\n")
            return ExitStatus.malformed.rawValue
        case .success(let opened): lines = opened
        }
        defer { lines.close() }
        var runner = ScriptRunner(session: Session(elements: scene.elements, motion: resolved.motion, verbosity: resolved.verbosity))
        // Every line is checked before anything leaves the process: a script with a malformed
        // line, or an expectation about a control the scene lacks, is refused whole, so nothing
        // it would have changed is written. On a long script the check walks the file on a
        // thread of its own while the run goes on: until it has passed, what the run says is
        // held (up to `heldOutputLimit`), nothing is saved and nothing said on standard error.
        let ids = runner.controlIDs
        var output = BufferedOutput()
        var pendingCheck: Background<String?>?
        if lines.byteCount >= Self.checkBesideFrom {
            pendingCheck = Background.start { Self.refusal(of: lines, ids: ids, scriptName: scriptName) }
            output.holding = true
        } else if let refusal = Self.refusal(of: lines, ids: ids, scriptName: scriptName) {
            Diagnostics.write(refusal)
            return ExitStatus.malformed.rawValue
        }
        var refusal: String?
        // Waits for the check, if it is still going; false when it refused the script.
        func passedCheck() -> Bool {
            if let check = pendingCheck {
                pendingCheck = nil
                refusal = check.wait()
                output.holding = false
                if refusal == nil { output.flush() } else { output.discard() }
            }
            return refusal == nil
        }
        var expectedTranscript: [String]?
        if let path = checkTranscriptPath {
            switch FileAccess.read(path, limit: Self.fileLimit) {
            case .failure(let failure):
                Diagnostics.write(passedCheck() ? "\(FileAccess.shown(path)): \(failure.message)\n" : refusal ?? "")
                return ExitStatus.malformed.rawValue
            case .success(let bytes):
                expectedTranscript = Script.lines(of: String(decoding: bytes, as: UTF8.self))
                if expectedTranscript?.last == "" { expectedTranscript?.removeLast() }
            }
        }
        let recording = transcriptPath != nil || expectedTranscript != nil
        var transcript: [String] = []
        var failures = 0
        // What the closing line counts: the expectations reached and the commands run.
        var expectations = 0, commands = 0
        var transcriptDiffers = false
        // The run's own parser: the check's is on its thread.
        var parser = ScriptParser()
        // A line that reads otherwise now than when it was checked (the file changed meanwhile)
        // stops the run there, said with its line; it is never skipped.
        var changed: ScriptProblem?
        // Once a long script has passed its check, its steps are put into words and written on
        // a second thread while the run goes on (not while a transcript is kept: that needs
        // each step's words here).
        var speaker: ScriptSpeaker?
        var batch: [ScriptSpeaker.Line] = []
        batch.reserveCapacity(ScriptSpeaker.batchLength)
        let mayHandOver = lines.byteCount >= Self.checkBesideFrom && !recording
        // The words are written straight into the output from each step's events (a transcript
        // needs them as strings, so it keeps the session saying them).
        runner.defersAnnouncements = !recording
        let ran = lines.forEach { line, number in
            let parsed: ScriptStep?
            switch parser.parse(utf8: line, number: number) {
            case .failure(let problem):
                changed = problem
                return false
            case .success(let step): parsed = step
            }
            guard let step = parsed else { return true }
            if case .expect = step.action { expectations += 1 } else { commands += 1 }
            if let speaker {
                return Self.run(step, handingOverTo: speaker, batch: &batch, runner: &runner, keeper: keeper,
                                scriptName: scriptName, keepGoing: keepGoing, failures: &failures)
            }
            if mayHandOver, number % 1024 == 0, pendingCheck?.isDone ?? true {
                // A refused script stops here, with nothing written.
                guard passedCheck() else { return false }
                let started = ScriptSpeaker(controls: runner.session.elements, output: output)
                speaker = started
                output = BufferedOutput()
                return Self.run(step, handingOverTo: started, batch: &batch, runner: &runner, keeper: keeper,
                                scriptName: scriptName, keepGoing: keepGoing, failures: &failures)
            }
            var result = runner.run(step)
            // A save, or a failure said on standard error, waits for the whole script to pass.
            if pendingCheck != nil, !result.saves.isEmpty || result.failure != nil, !passedCheck() { return false }
            if !result.saves.isEmpty { result.announcements += Self.save(result.saves, runner: &runner, keeper: keeper) }
            if runner.defersAnnouncements {
                let announcer = Announcer(verbosity: result.verbosity)
                for event in result.events { output.write { announcer.writeAnnouncements(for: event, into: &$0) } }
            }
            // What the front added (a save), or, with a transcript, all the step said.
            for announcement in result.announcements {
                output.writeLine(announcement.text)
            }
            if pendingCheck != nil, output.count >= Self.heldOutputLimit, !passedCheck() { return false }
            if recording, case .command = step.action {
                transcript += Transcript.lines(command: step.text, announcements: result.announcements)
            }
            if let failure = result.failure {
                failures += 1
                output.flush()
                Diagnostics.write("\(scriptName):\(step.line): \(failure)\n")
                if !keepGoing { return false }
            }
            return !(result.quit || output.failed)
        }
        if let speaker {
            speaker.send(batch)
            output = speaker.finish()
        }
        guard passedCheck() else {
            Diagnostics.write(refusal ?? "")
            return ExitStatus.malformed.rawValue
        }
        // The file changed between the two walks: a line that is no longer text, or no longer reads.
        if let stopped = Self.stopMessage(ran, scriptName) ?? changed.map({ "\(scriptName):\($0.line): \($0.message) (the script changed while it ran)\n" }) {
            output.flush()
            Diagnostics.write(stopped)
            return ExitStatus.malformed.rawValue
        }
        // What was heard is lost when stdout cannot be written: that is not a pass.
        if let failed = output.finish("sayline run") { return failed.rawValue }
        if let path = transcriptPath {
            if case .failure(let failure) = FileDoor.write(transcript.map { $0 + "\n" }.joined(), to: path, inputs: inputs) {
                Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
        }
        if let expected = expectedTranscript, let path = checkTranscriptPath,
           let difference = Transcript.firstDifference(expected: expected, heard: transcript) {
            let want = difference.expected.map { "\"\($0)\"" } ?? "the end"
            let got = difference.heard.map { "\"\($0)\"" } ?? "the end"
            Diagnostics.write("\(FileAccess.shown(path)):\(difference.line): expected \(want), heard \(got)\n")
            transcriptDiffers = true
        }
        // A save the script asked for that did not reach the file (and no later one did) is a
        // failure of the run, as at the keyboard, whatever was expected of it.
        var status = (failures == 0 && !transcriptDiffers ? ExitStatus.ok : .failed).rawValue
        if let failedSave = keeper.lastSaveFailed {
            Diagnostics.write("\(scriptName): the last save failed: \(failedSave.failureReason ?? "")\n")
            if status == 0 { status = ExitStatus.ioError.rawValue }
        }
        // One closing line, as test runners end: what was checked and how it went.
        let summary = RunSummary.line(expectations: expectations, failures: failures, commands: commands,
                                      stoppedEarly: failures > 0 && !keepGoing, transcriptDiffers: transcriptDiffers)
        Diagnostics.write("sayline run: \(summary)\n")
        return status
    }
}
