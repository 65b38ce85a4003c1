import SaylineText
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

    /// A script is a program's file: its language is the one named here, never the machine's.
    static let language = OptionSpec("--language", argument: "LANG", completion: .none, defaultWords: "English, whatever the environment or preferences say",
                                     help: "the language of the script's numbers (a decimal comma in de, fr, es and pl) and of every line it says and expects: en, de, fr, es, pl, or any with a catalog; a script means the same on every machine, so LANGUAGE, LANG and the preferences file are not read")

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
                + [keepGoing, transcript, checkTranscript, language, SharedOptions.help, SharedOptions.version])
    }

    /// Transcripts are read whole (scripts are streamed, `ScriptLines`); past 16 MiB a
    /// transcript is refused.
    static let fileLimit = 16 << 20

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
        case .notText(let line): return "\(scriptName):\(line): " + translated("the script is not UTF-8 text") + "\n"
        case .tooLong(let line):
            return "\(scriptName):\(line): " + translatedCount("a line of more than %s byte; no command is that long", "a line of more than %s bytes; no command is that long",
                                                                count: ScriptLines.lineLimit, String(ScriptLines.lineLimit)) + "\n"
        case .unreadable(let reason): return "\(scriptName): \(reason)\n"
        }
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        guard let scriptPath = arguments.operands.first else { throw UsageError(translated("run needs a script file, or - for standard input")) }
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
        let run = ScriptRun(document: document, settings: resolved, keeper: keeper, lines: lines, scriptName: scriptName,
                            keepGoing: keepGoing, recording: transcriptPath != nil || checkTranscriptPath != nil)
        // Every line is checked before anything leaves the process: a script with a malformed
        // line, or an expectation about a control the scene lacks, is refused whole, so nothing
        // it would have changed is written. On a long script the check walks the file on a
        // thread of its own while the run goes on.
        if let refusal = run.startCheck() {
            Diagnostics.write(refusal)
            return ExitStatus.malformed.rawValue
        }
        var expectedTranscript: [String]?
        if let path = checkTranscriptPath {
            switch FileAccess.read(path, limit: Self.fileLimit) {
            case .failure(let failure):
                Diagnostics.write(run.passedCheck() ? "\(FileAccess.shown(path)): \(failure.message)\n" : run.refusal ?? "")
                return ExitStatus.malformed.rawValue
            case .success(let bytes):
                expectedTranscript = Script.lines(of: String(decoding: bytes, as: UTF8.self))
                if expectedTranscript?.last == "" { expectedTranscript?.removeLast() }
            }
        }
        let walked = run.walk()
        guard run.passedCheck() else {
            Diagnostics.write(run.refusal ?? "")
            return ExitStatus.malformed.rawValue
        }
        // The file changed between the two walks: a line that is no longer text, or no longer reads.
        if let stopped = Self.stopMessage(walked, scriptName) ?? run.changed.map({ "\(scriptName):\($0.line): " + translated("%s (the script changed while it ran)", $0.message) + "\n" }) {
            run.words.output.flush()
            Diagnostics.write(stopped)
            return ExitStatus.malformed.rawValue
        }
        // What was heard is lost when stdout cannot be written: that is not a pass.
        if let failed = run.words.output.finish("sayline run") { return failed.rawValue }
        if let path = transcriptPath {
            if case .failure(let failure) = FileDoor.write(run.transcript.map { $0 + "\n" }.joined(), to: path, inputs: inputs) {
                Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
        }
        var transcriptDiffers = false
        if let expected = expectedTranscript, let path = checkTranscriptPath,
           let difference = Transcript.firstDifference(expected: expected, heard: run.transcript) {
            // Translators: where a transcript, or what was heard, ran out of lines.
            let end = translatedIn("transcript", "the end")
            let want = difference.expected.map { "\"\($0)\"" } ?? end
            let got = difference.heard.map { "\"\($0)\"" } ?? end
            Diagnostics.write("\(FileAccess.shown(path)):\(difference.line): " + translated("expected %s, heard %s", want, got) + "\n")
            transcriptDiffers = true
        }
        let failures = run.failures
        // A save the script asked for that did not reach the file (and no later one did) is a
        // failure of the run, as at the keyboard, whatever was expected of it.
        var status = (failures == 0 && !transcriptDiffers ? ExitStatus.ok : .failed).rawValue
        if let failedSave = keeper.lastSaveFailed {
            Diagnostics.write("\(scriptName): " + translated("the last save failed: %s", failedSave.failureReason ?? "") + "\n")
            if status == 0 { status = ExitStatus.ioError.rawValue }
        }
        // One closing line, as test runners end: what was checked and how it went.
        let summary = RunSummary.line(expectations: run.expectations, failures: failures, commands: run.commands,
                                      stoppedEarly: failures > 0 && !keepGoing, transcriptDiffers: transcriptDiffers)
        Diagnostics.write("sayline run: \(summary)\n")
        return status
    }
}
