import Glibc
import SaylineCore

/// The program: reads the command line and hands over to the REPL or a subcommand.
public enum SaylineApp {
    /// Runs Sayline and returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        Signals.unblock()
        let environment = processEnvironment()
        let rest = Array(arguments.dropFirst())
        switch rest.first {
        case "run": return RunCommand.main(Array(rest.dropFirst()), environment: environment)
        case "audit": return AuditCommand.main(Array(rest.dropFirst()))
        case "describe": return DescribeCommand.main(Array(rest.dropFirst()))
        case "scene": return SceneCommand.main(Array(rest.dropFirst()))
        default: break
        }
        let showOnly = rest.first == "config"
        switch options(Array(showOnly ? rest.dropFirst() : rest[...]), environment: environment) {
        case .failure(let error):
            Diagnostics.write("sayline: \(error.message)\n\(Options.usage)\n")
            return ExitStatus.usage.rawValue
        case .success(let options):
            if showOnly {
                // `sayline config`: the settings in effect, each with where it came from.
                if options.mode == .help { return writeAnswer(Options.help + "\n") }
                return writeAnswer(Options.describe(options.settings))
            }
            for warning in options.warnings { Diagnostics.write("sayline: \(warning)\n") }
            switch options.mode {
            case .help:
                return writeAnswer(Options.help + "\n")
            case .version:
                return writeAnswer("sayline \(Options.version)\n")
            case .repl:
                return startRepl(options, environment: environment)
            }
        }
    }

    /// The command line resolved with the environment, the preferences file and, when the
    /// display was left to Sayline, a look for a running screen reader.
    static func options(_ arguments: [String], environment: [String: String]) -> Result<Options, UsageError> {
        var preferences: (path: String, text: String)?
        var unreadable: String?
        if let path = PreferencesFile.path(environment: environment) {
            switch FileAccess.read(path, limit: 1 << 16) {
            case .success(let bytes): preferences = (path, String(decoding: bytes, as: UTF8.self))
            case .failure(.cannotOpen(let reason)) where reason.contains("No such file"): break
            case .failure(let failure): unreadable = "\(TextSanitiser.echo(path, limit: 200)): \(failure.message); using the defaults"
            }
        }
        var result = Options.parse(arguments, environment: environment, displayIsTerminal: isatty(STDERR_FILENO) == 1,
                                   preferences: preferences, detectScreenReader: ScreenReaderDetector.detect)
        if let unreadable, case .success(var options) = result {
            options.warnings.insert(unreadable, at: 0)
            result = .success(options)
        }
        return result
    }

    private static func startRepl(_ options: Options, environment: [String: String]) -> Int32 {
        let scene: Scene
        switch SceneFile.load(options.scenePath) {
        case .failure(let failure): return failure.report()
        case .success(let loaded): scene = loaded
        }
        let session = Session(elements: scene.elements, motion: options.settings.motion, verbosity: options.settings.verbosity)
        if isatty(STDIN_FILENO) != 1 {
            var reader = LineReader(session: session, speech: SpeechChannel(speaker: SpeakerFactory.make(options.settings, environment: environment, interactive: false)))
            return reader.run()
        }
        return Repl.start(session: session, options: options, environment: environment)
    }
}

/// The environment as a dictionary, read from `environ` (Foundation is not loaded: start-up
/// time is most of what it would cost).
func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        entry += 1
    }
    return result
}

/// The diagnostics channel: errors and usage on stderr. Messages quote files and input (an
/// unknown key, an expected line, a path), so every byte passes the sanitiser here: no escape
/// sequence from a file ever reaches the terminal.
enum Diagnostics {
    static func write(_ text: String) {
        _ = FileAccess.writeFully(TextSanitiser.cleanKeepingLayout(text), to: STDERR_FILENO)
    }
}
