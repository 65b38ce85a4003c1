import SaylineText
import SaylineSystem
import SaylineCommandLine

/// `sayline completions bash|zsh|fish`: a completion script generated from the command-line tables.
package enum CompletionsCommand: Subcommand {
    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "completions", operands: "bash|zsh|fish",
            operandCompletion: .words(CompletionScript.Shell.allCases.map(\.rawValue)),
            summary: "print a shell completion script",
            description: """
            Prints a completion script for bash, zsh or fish, made from the same tables as the parser:
            subcommands, options, their values (verbosity levels, formats, impacts) and scene files.
            `sayline install` puts all three where each shell looks; by hand, for bash into
            ~/.local/share/bash-completion/completions/sayline, for zsh into a folder on $fpath as
            _sayline, for fish into ~/.config/fish/completions/sayline.fish.
            """,
            options: [LanguageChoice.option, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
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
