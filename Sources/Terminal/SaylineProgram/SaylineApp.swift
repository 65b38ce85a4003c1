import Glibc
import SaylineText
import SaylineSession
import SaylineScene
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs
import SaylineInteractive

/// The program: reads the command line and hands over to the REPL or a subcommand.
public enum SaylineApp {
    /// Runs Sayline and returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        // Before anything is opened: a file opened while a standard stream is closed would take
        // its number, and what was meant for that stream would land in it.
        StandardStreams.holdClosedOnes()
        let rest = Array(arguments.dropFirst())
        // `sayline --version` alone answers before the environment or an option table is built:
        // scripts run it to learn what is installed, and it is the start-up floor.
        if rest == ["--version"] { return writeAnswer(Options.versionLine) }
        Signals.unblock()
        let environment = processEnvironment()
        // The language before any other word: a usage error is said in it too.
        // A script is a program's file: its numbers and expected words are in one language, the
        // one `run --language` names (English without it), never the machine's it runs on.
        let script = rest.first == "run"
        // The flag is read against the command's own table, as its parser will read it.
        let language = LanguageChoice.choose(arguments: rest, subcommandOptions: { CommandLineTable.subcommand(named: $0)?.commandLine.options },
                                             environment: script ? [:] : environment,
                                             preferences: script ? nil : preferencesText(environment: environment))
        return Phrasebook.using(language.phrasebook) {
            if let notice = language.notice { Diagnostics.write("sayline: \(notice)\n") }
            return run(rest, environment: environment)
        }
    }

    /// The preferences file's path and text, when it is there and only its owner could have
    /// written it; nil otherwise (`options` says why).
    static func preferencesText(environment: [String: String]) -> (path: String, text: String)? {
        guard let path = PreferencesFile.path(environment: environment),
              case .success(let bytes) = FileAccess.read(path, limit: 1 << 16),
              SettingsTrust.doubt(path, foldersUpTo: environment["HOME"]) == nil else { return nil }
        return (path, String(decoding: bytes, as: UTF8.self))
    }

    private static func run(_ rest: [String], environment: [String: String]) -> Int32 {
        if let name = rest.first, let subcommand = CommandLineTable.subcommand(named: name) {
            return subcommand.main(Array(rest.dropFirst()), environment: environment)
        }
        let options: Options
        do throws(UsageError) {
            let parsed = try CommandLineParser.parse(rest, options: Options.replOptions)
            switch Self.options(parsed, environment: environment) {
            case .failure(let error): throw error
            case .success(let resolved): options = resolved
            }
        } catch {
            Diagnostics.write("sayline: \(Self.unknownCommand(rest) ?? error.message)\n\(Options.commandLine.tryHelp)\n")
            return ExitStatus.usage.rawValue
        }
        for warning in options.warnings { Diagnostics.write("sayline: \(warning)\n") }
        switch options.mode {
        case .help: return writeAnswer(Options.help(width: HelpWidth.columns(environment: environment)) + "\n")
        case .version: return writeAnswer(Options.versionLine)
        case .repl: return startRepl(options, environment: environment)
        }
    }

    /// A first word that is neither an option nor a command: named as an unknown command,
    /// with the commands listed (the REPL itself takes no operands).
    static func unknownCommand(_ words: [String]) -> String? {
        guard let first = words.first, !first.hasPrefix("-") else { return nil }
        return unknownCommand(first)
    }

    static func unknownCommand(_ first: String) -> String {
        let names = CommandLineTable.subcommands.map { $0.commandLine.name }
        let near = CommandTable.suggestion(for: first, among: names)
        let shown = TextSanitiser.echo(first)
        // Translators: %1$s is the word typed, %2$s the command it is near, as it is typed.
        if let near { return translated("unknown command '%1$s'; did you mean '%2$s'?", shown, near) }
        // Translators: %1$s is the word typed, %2$s the commands, as they are typed: "run, audit, describe".
        return translated("unknown command '%1$s'; the commands are %2$s", shown, names.joined(separator: ", "))
    }

    /// The command line resolved with the environment, the preferences file and, when the
    /// display was left to Sayline, a look for a running screen reader.
    static func options(_ parsed: ParsedArguments, environment: [String: String]) -> Result<Options, UsageError> {
        var preferences: (path: String, text: String)?
        var unreadable: String?
        // `--help` and `--version` show nothing interactive: no preferences file is read for them.
        let answersOnly = parsed.has(SharedOptions.help.name) || parsed.has(SharedOptions.version.name)
        // Most people have no preferences file: access() says so with no words, where reading it
        // had glibc load its own catalog in the person's language (150 KB) to say "No such file".
        if !answersOnly, let path = PreferencesFile.path(environment: environment), access(path, F_OK) == 0 || errno != ENOENT {
            switch FileAccess.read(path, limit: 1 << 16) {
            case .success(let bytes):
                // Settings run commands: a file others could have written is not read at all.
                if let why = SettingsTrust.doubt(path, foldersUpTo: environment["HOME"]) {
                    // Translators: %s says why ("others can write it"); keep "chmod go-w" and "chown" as they are typed.
                    unreadable = "\(FileAccess.shown(path)): " + translated("not read, because %s; using the defaults (chmod go-w what it names, or chown it to you)", why)
                } else {
                    preferences = (path, String(decoding: bytes, as: UTF8.self))
                }
            case .failure(.missing): break
            // Translators: %s is what went wrong reading the preferences file, such as "Permission denied".
            case .failure(let failure): unreadable = "\(FileAccess.shown(path)): " + translated("%s; using the defaults", failure.message)
            }
        }
        var result = Options.resolve(parsed, environment: environment, displayIsTerminal: isatty(STDERR_FILENO) == 1,
                                     preferences: preferences, detectScreenReader: ScreenReaderDetector.detect)
        if let unreadable, case .success(var options) = result {
            options.warnings.insert(unreadable, at: 0)
            result = .success(options)
        }
        return result
    }

    private static func startRepl(_ options: Options, environment: [String: String]) -> Int32 {
        if let application = options.application {
            guard options.scenePath == nil else {
                Diagnostics.write("sayline: " + translated("--app and --scene name two sources of controls; give one") + "\n\(Options.commandLine.tryHelp)\n")
                return ExitStatus.usage.rawValue
            }
            return LiveSession.run(application, options: options, environment: environment)
        }
        let document: SceneDocument
        switch SceneFile.document(options.scenePath) {
        case .failure(let failure): return failure.report()
        case .success(let loaded): document = loaded
        }
        switch SessionFront.openEvents(options, command: "sayline") {
        case .failure(let failed): return failed.status
        case .success(let events): return SessionFront.run(document, options: options, environment: environment, events: events).status
        }
    }
}
