import Glibc
import SaylineCore

/// `sayline run SCRIPT|-`: drives a scene from a script of REPL commands and expectations.
enum RunCommand {
    static let usage = "usage: sayline run SCRIPT|- [--scene FILE] [--reduce-motion] [--verbosity terse|normal|verbose] [--keep-going] [--transcript FILE] [--check-transcript FILE]"
    static let help = """
    \(usage)

    Runs REPL commands from SCRIPT (or standard input for -) against a scene, announcing every
    change on standard output exactly as a person would hear it. Lines may also be expectations:

      expect "62.5 kilograms"     the last announcement, exactly
      expect value weight 62.5    a control's value
      expect focus rating         which control has focus
      expect frames 0             intermediate frames of the last transition
      expect silent               the last command announced nothing

    Blank lines and lines starting with # are ignored. A failed expectation prints
    FILE:LINE: expected …, heard … on standard error.

    Options:
      --scene FILE              the controls (default: the demo scene)
      --reduce-motion           every change jumps (also SAYLINE_REDUCE_MOTION=1)
      --verbosity LEVEL         terse, normal (default) or verbose
      --keep-going              run past failed expectations and report all of them
      --transcript FILE         write each command and what it announced (atomically)
      --check-transcript FILE   compare what is heard with a saved transcript

    \(ExitStatus.table)
    """

    /// Scripts and transcripts are read whole; past 16 MiB (about 300 MB in memory) a run is
    /// better split.
    static let fileLimit = 16 << 20

    struct Settings {
        var script: String?
        var scene: String?
        var motion = MotionPreference.full
        var verbosity = Verbosity.normal
        var keepGoing = false
        var transcript: String?
        var checkTranscript: String?
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Settings? {
        var settings = Settings()
        if let reduce = environment["SAYLINE_REDUCE_MOTION"], !reduce.isEmpty, reduce != "0" { settings.motion = .reduce }
        var reader = Arguments(arguments)
        while let item = reader.next() {
            switch item {
            case .option("-h"), .option("--help"): return nil
            case .option("--scene"): settings.scene = try reader.value(for: "--scene")
            case .option("--reduce-motion"): settings.motion = .reduce
            case .option("--verbosity"): settings.verbosity = try reader.choice(for: "--verbosity", as: Verbosity.self)
            case .option("--keep-going"): settings.keepGoing = true
            case .option("--transcript"): settings.transcript = try reader.value(for: "--transcript")
            case .option("--check-transcript"): settings.checkTranscript = try reader.value(for: "--check-transcript")
            case .positional(let path) where settings.script == nil: settings.script = path
            default: throw UsageError.unknown(item)
            }
        }
        guard settings.script != nil else { throw UsageError("run needs a script file, or - for standard input") }
        return settings
    }

    static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        let settings: Settings
        do {
            guard let parsed = try parse(arguments, environment: environment) else { return writeAnswer(help + "\n") }
            settings = parsed
        } catch {
            Diagnostics.write("sayline run: \(error.message)\n\(usage)\n")
            return ExitStatus.usage.rawValue
        }
        let scriptPath = settings.script ?? "-"
        let scriptName = scriptPath == "-" ? "stdin" : TextSanitiser.echo(scriptPath, limit: 200)
        let scene: Scene
        switch SceneFile.load(settings.scene) {
        case .failure(let failure): return failure.report()
        case .success(let loaded): scene = loaded
        }
        let text: String
        switch FileAccess.read(scriptPath, limit: Self.fileLimit) {
        case .failure(let failure):
            Diagnostics.write("\(scriptName): \(failure.message)\n")
            return ExitStatus.malformed.rawValue
        case .success(let bytes):
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                Diagnostics.write("\(scriptName): the script is not UTF-8 text\n")
                return ExitStatus.malformed.rawValue
            }
            text = decoded
        }
        let script: Script
        switch Script.parse(text) {
        case .failure(let error):
            Diagnostics.write(error.problems.map { "\(scriptName):\($0.line): \($0.message)\n" }.joined())
            return ExitStatus.malformed.rawValue
        case .success(let parsed): script = parsed
        }
        var runner = ScriptRunner(session: Session(elements: scene.elements, motion: settings.motion, verbosity: settings.verbosity))
        let unknown = runner.unknownControls(in: script)
        guard unknown.isEmpty else {
            Diagnostics.write(unknown.map { "\(scriptName):\($0.line): \($0.message)\n" }.joined())
            return ExitStatus.malformed.rawValue
        }
        var expectedTranscript: [String]?
        if let path = settings.checkTranscript {
            switch FileAccess.read(path, limit: Self.fileLimit) {
            case .failure(let failure):
                Diagnostics.write("\(TextSanitiser.echo(path, limit: 200)): \(failure.message)\n")
                return ExitStatus.malformed.rawValue
            case .success(let bytes):
                expectedTranscript = Script.lines(of: String(decoding: bytes, as: UTF8.self))
                if expectedTranscript?.last == "" { expectedTranscript?.removeLast() }
            }
        }
        let recording = settings.transcript != nil || expectedTranscript != nil
        var transcript: [String] = []
        var output = BufferedOutput()
        var failures = 0
        for step in script.steps {
            let result = runner.run(step)
            for announcement in result.announcements { output.write(announcement.text + "\n") }
            if !result.display.isEmpty { Diagnostics.write(result.display.joined(separator: "\n") + "\n") }
            if recording, case .command = step.action {
                transcript += Transcript.lines(command: step.text, announcements: result.announcements)
            }
            if let failure = result.failure {
                failures += 1
                output.flush()
                Diagnostics.write("\(scriptName):\(step.line): \(failure)\n")
                if !settings.keepGoing { break }
            }
            if result.quit || output.failed { break }
        }
        // What was heard is lost when stdout cannot be written: that is not a pass.
        if let failed = output.finish("sayline run") { return failed.rawValue }
        if let path = settings.transcript {
            if case .failure(let failure) = FileAccess.writeReplacing(transcript.map { $0 + "\n" }.joined(), to: path) {
                Diagnostics.write("\(TextSanitiser.echo(path, limit: 200)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
        }
        if let expected = expectedTranscript, let path = settings.checkTranscript,
           let difference = Transcript.firstDifference(expected: expected, heard: transcript) {
            let want = difference.expected.map { "\"\($0)\"" } ?? "the end"
            let got = difference.heard.map { "\"\($0)\"" } ?? "the end"
            Diagnostics.write("\(TextSanitiser.echo(path, limit: 200)):\(difference.line): expected \(want), heard \(got)\n")
            failures += 1
        }
        return (failures == 0 ? ExitStatus.ok : .failed).rawValue
    }
}
