import Glibc
import SaylineCore

/// The program: reads the command line and hands over to the REPL or a subcommand.
public enum SaylineApp {
    /// Runs Sayline and returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        let environment = processEnvironment()
        let rest = Array(arguments.dropFirst())
        switch rest.first {
        case "run": return RunCommand.main(Array(rest.dropFirst()), environment: environment)
        case "audit": return AuditCommand.main(Array(rest.dropFirst()))
        case "describe": return DescribeCommand.main(Array(rest.dropFirst()))
        case "scene": return SceneCommand.main(Array(rest.dropFirst()))
        default: break
        }
        let displayIsTerminal = isatty(STDERR_FILENO) == 1
        switch Options.parse(Array(arguments.dropFirst()), environment: environment, displayIsTerminal: displayIsTerminal) {
        case .failure(let error):
            Diagnostics.write("sayline: \(error.message)\n\(Options.usage)\n")
            return Options.exitUsage
        case .success(let options):
            switch options.mode {
            case .help:
                return SpeechChannel.writeAll(Options.help + "\n") ? 0 : 1
            case .version:
                return SpeechChannel.writeAll("sayline \(Options.version)\n") ? 0 : 1
            case .repl:
                return startRepl(options, environment: environment)
            }
        }
    }

    private static func startRepl(_ options: Options, environment: [String: String]) -> Int32 {
        let scene: Scene
        switch SceneFile.load(options.scenePath) {
        case .failure(let failure): return failure.report()
        case .success(let loaded): scene = loaded
        }
        let session = Session(elements: scene.elements, motion: options.motion, verbosity: options.verbosity)
        if isatty(STDIN_FILENO) != 1 {
            var reader = LineReader(session: session)
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

/// The diagnostics channel: errors and usage on stderr.
enum Diagnostics {
    static func write(_ text: String) {
        _ = FileAccess.writeFully(text, to: STDERR_FILENO)
    }
}
