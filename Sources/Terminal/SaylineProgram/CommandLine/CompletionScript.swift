import SaylineCommandLine

/// Shell completion scripts made from the command-line tables: subcommands, options, the
/// values an option takes, and files where an option or operand names one.
package enum CompletionScript {
    /// The shells a script is made for, by the names `completions` takes.
    enum Shell: String, CaseIterable {
        case bash
        case zsh
        case fish
    }

    /// The whole script for one shell, one file of each shell's own.
    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// Every subcommand's table, in the order `--help` lists them.
    static var subcommands: [CommandLineSpec] { CommandLineTable.subcommands.map { $0.commandLine } }

    /// The help's first clause, short enough for a completion menu, with nothing a shell's
    /// quoting could trip on.
    static func brief(_ text: String) -> String {
        var cut = text.prefix { $0 != ";" && $0 != "(" && $0 != ":" }
        while cut.last == " " || cut.last == "," { cut = cut.dropLast() }
        return String(cut.filter { !"'\"[]\\`$".contains($0) })
    }
}
