import Glibc
import SaylineCore

/// `sayline config`: the settings in effect, each with where it came from, in the preferences
/// file's own format. Takes the REPL's options, to show what they would change.
enum ConfigCommand: Subcommand {
    static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "config", summary: "print the settings in effect and where each came from",
            description: """
            Prints the settings in effect, each with where it came from (built in, detected, the
            preferences file and line, the environment, the command line) as a comment; the output is
            itself a preferences file. Takes the REPL's options, to show their effect.
            """,
            options: Options.replOptions.filter { $0.name != Options.version.name })
    }

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        switch SaylineApp.options(arguments, environment: environment) {
        case .failure(let error): throw error
        case .success(let options):
            for warning in options.warnings { Diagnostics.write("sayline: \(warning)\n") }
            return writeAnswer(Options.describe(options.settings))
        }
    }
}

/// `sayline completions bash|zsh|fish`: a completion script generated from the command-line tables.
enum CompletionsCommand: Subcommand {
    static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "completions", operands: "bash|zsh|fish",
            operandCompletion: .words(CompletionScript.Shell.allCases.map(\.rawValue)),
            summary: "print a shell completion script",
            description: """
            Prints a completion script for bash, zsh or fish, made from the same tables as the parser:
            subcommands, options, their values (verbosity levels, formats, impacts) and scene files.
            Install it with, for bash, `sayline completions bash > ~/.local/share/bash-completion/completions/sayline`;
            for zsh, into a folder on $fpath as `_sayline`; for fish, into ~/.config/fish/completions/sayline.fish.
            """,
            options: [SharedOptions.help])
    }

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        let shells = CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard arguments.operands.count == 1, let word = arguments.operands.first else {
            throw UsageError("completions needs one shell: \(shells)")
        }
        guard let shell = CompletionScript.Shell(rawValue: word) else {
            throw UsageError("completions takes \(shells), not \(TextSanitiser.echo(word))")
        }
        return writeAnswer(CompletionScript.script(for: shell))
    }
}
