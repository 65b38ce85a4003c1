import SaylineText
import SaylineSystem
import SaylineScene
import SaylineCommandLine

/// `sayline run SCRIPT|-`: drives a scene from a script of REPL commands and expectations.
package enum RunCommand: Subcommand {
    static let keepGoing = OptionSpec("--keep-going", short: "k", help: translatable("run past failed expectations and report all of them"))
    static let transcript = OptionSpec("--transcript", argument: "FILE", completion: .files,
                                       help: translatable("write each command and what it announced, whole (never through a link to a file, into a device, or over the script); a pipe, a FIFO with a reader, a terminal or /dev/stdout is written as a stream; - is standard output"))
    static let checkTranscript = OptionSpec("--check-transcript", argument: "FILE", completion: .files,
                                            help: translatable("compare what is heard with a saved transcript"))

    /// A script is a program's file: its language is the one named here, never the machine's.
    static let language = OptionSpec("--language", argument: "LANG", completion: .none, defaultWords: translatable("English, whatever the environment or preferences say"),
                                     // Translators: %s lists the languages' codes, "en, de, es, fr, pl"; keep LANGUAGE and LANG as they are typed.
                                     help: translatable("the language of the script's numbers (written with its decimal mark) and of every line it says and expects: %s, or any with a catalog; a script means the same on every machine, so LANGUAGE, LANG and the preferences file are not read"),
                                     helpArguments: { [LanguageChoice.languageList()] })

    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "run", operands: "SCRIPT|-", operandCompletion: .files,
            summary: translatable("run a script of commands and expectations against a scene"),
            description: [
                translatable("Runs REPL commands from SCRIPT (or standard input for -) against a scene, announcing every\nchange on standard output exactly as a person would hear it. Lines may also be expectations:"),
                translatable("  expect \"62.5 kilograms\"     the last announcement, exactly\n  expect value weight 62.5    a control's value\n  expect focus rating         which control has focus\n  expect frames 0             intermediate frames of the last transition\n  expect silent               the last command announced nothing"),
                translatable("Blank lines and lines starting with # are ignored. A failed expectation prints\nFILE:LINE: expected …, heard … on standard error. Every line is checked before anything\nthe script does is written or saved, so a malformed line changes nothing; a script file\nis read twice, a piece at a time (on a long one the check goes on beside the run), and\nmay be of any length (lines up to 1 MiB), standard input up to 16 MiB."),
            ],
            options: [SharedOptions.scene, SharedOptions.app] + SettingTable.options(["motion", "verbosity"], preferences: false)
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
                                                                count: ScriptLines.lineLimit, NumberText.spoken(ScriptLines.lineLimit)) + "\n"
        case .unreadable(let reason): return "\(scriptName): \(reason)\n"
        }
    }

    /// Makes the plan, then carries it out; a mistake on the command line is thrown, to be
    /// said with the usage hint.
    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        RunCommandRunner(plan: try RunPlan.make(arguments, environment: environment).get()).run().rawValue
    }
}
