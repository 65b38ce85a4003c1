import SaylineText
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

    /// The help's first clause, short enough for a completion menu, in the language of the
    /// moment: a script is written in the language Sayline speaks when it is made (`install`
    /// writes the one it runs under). Only what no menu shows is taken out (control characters,
    /// Markdown's backticks); each shell quotes the rest its own way (`zshQuoted`, `fishQuoted`),
    /// so a translator's apostrophe or a French colon never ends a word.
    static func brief(_ text: String) -> String {
        var cut = text.prefix { $0 != ";" && $0 != "(" && $0 != ":" }
        while let last = cut.last, last.isWhitespace || last == "," { cut = cut.dropLast() }
        return String(cut.filter { !$0.isNewline && $0 != "`" && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) })
    }

    /// `text` inside zsh's single quotes: a quote ends them, so it is written `'\''`.
    static func zshQuoted(_ text: String) -> String { text.replacing("'", with: "'\\''") }

    /// `text` as `_arguments` reads an option's explanation, inside single quotes: a bracket
    /// would end the explanation and a colon a part of the spec, so each is escaped.
    static func zshExplanation(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\[]:".contains(character) { out.append("\\") }
            out.append(character)
        }
        return zshQuoted(out)
    }

    /// `text` inside fish's single quotes, where only a backslash and a quote are escaped.
    static func fishQuoted(_ text: String) -> String { text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") }
}
