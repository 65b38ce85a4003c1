import SaylineSession
import SaylineCommandLine

// The REPL's own command line lists the subcommands, so it is written here, above them.
package extension Options {
    /// The REPL's command line: the scene, every setting's flags, help and version.
    static var commandLine: CommandLineSpec { CommandLineSpec(
        name: "", summary: "adjust controls from the keyboard, hearing every change",
        description: """
        A keyboard- and screen-reader-first front for adjustable controls. Announcements go to
        standard output, one line each, so `sayline | espeak-ng` speaks every change as it happens.
        The prompt, the drawn controls and help go to the terminal (standard error).

        Every setting is also a line `KEY = VALUE` in $XDG_CONFIG_HOME/sayline/config (by default
        ~/.config/sayline/config); flags win over the environment, which wins over the file.

        \(KeyTable.helpParagraph)
        """,
        lists: [("Commands", CommandLineTable.commandList)],
        options: replOptions) }

    static func help(width: Int) -> String { commandLine.help(width: width) }
}
