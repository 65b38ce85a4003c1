import SaylineText
import SaylineSystem
import SaylineCommandLine

/// `sayline completions bash|zsh|fish`: a completion script generated from the command-line tables.
package enum CompletionsCommand: Subcommand {
    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "completions", operands: "bash|zsh|fish",
            operandCompletion: .words(CompletionScript.Shell.allCases.map(\.rawValue)),
            summary: translatable("print a shell completion script"),
            description: [
                translatable("Prints a completion script for bash, zsh or fish, made from the same tables as the parser:\nsubcommands, options, their values (verbosity levels, formats, impacts) and scene files, each\ndescribed in the language Sayline speaks as it runs. `sayline install` puts all three where each\nshell looks, in the language install runs in; by hand, for bash into\n~/.local/share/bash-completion/completions/sayline, for zsh into a folder on $fpath as\n_sayline, for fish into ~/.config/fish/completions/sayline.fish."),
            ],
            options: [LanguageChoice.option, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        let shells = CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard arguments.operands.count == 1, let word = arguments.operands.first else {
            // Translators: %s lists the shells as they are typed: "bash, zsh, fish".
            throw UsageError(translated("completions needs one shell: %s", shells))
        }
        guard let shell = CompletionScript.Shell(rawValue: word) else {
            // Translators: %1$s lists the shells as they are typed, %2$s is the word given.
            throw UsageError(translated("completions takes %1$s, not %2$s", shells, TextSanitiser.echo(word)))
        }
        return writeAnswer(CompletionScript.script(for: shell))
    }
}
