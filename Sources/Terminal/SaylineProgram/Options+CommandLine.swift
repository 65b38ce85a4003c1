import SaylineText
import SaylineSession
import SaylineCommandLine

// The REPL's own command line lists the subcommands, so it is written here, above them.
package extension Options {
    /// The REPL's command line: the scene, every setting's flags, help and version.
    static var commandLine: CommandLineSpec { CommandLineSpec(
        name: "", summary: translatable("adjust controls from the keyboard, hearing every change"),
        description: [
            translatable("A keyboard- and screen-reader-first front for adjustable controls. Announcements go to\nstandard output, one line each, so `sayline | espeak-ng` speaks every change as it happens.\nThe prompt, the drawn controls and help go to the terminal (standard error)."),
            translatable("Every setting is also a line `KEY = VALUE` in $XDG_CONFIG_HOME/sayline/config (by default\n~/.config/sayline/config); flags win over the environment, which wins over the file."),
        ],
        // The keys in the help's language, their names the key table's own.
        madeParagraphs: { [KeyTable.helpParagraph] },
        lists: [(translatable("Commands"), CommandLineTable.commandList)],
        options: replOptions) }

    static func help(width: Int) -> String { commandLine.help(width: width) }
}
