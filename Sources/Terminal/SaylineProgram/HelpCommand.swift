import SaylineText
import SaylineSystem
import SaylineCommandLine

/// `sayline help [COMMAND]`: the same as `sayline --help` or `sayline COMMAND --help`, for
/// those who type it the way git and go have taught them.
package enum HelpCommand: Subcommand {
    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "help", operands: "[COMMAND]",
            operandCompletion: .words(CommandLineTable.subcommands.filter { ObjectIdentifier($0) != ObjectIdentifier(Self.self) }.map { $0.commandLine.name }),
            summary: translatable("show the help of sayline or of one command"),
            description: [translatable("Shows what `sayline --help` shows, or with a COMMAND what `sayline COMMAND --help` shows.")],
            options: [LanguageChoice.option, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        let width = HelpWidth.columns(environment: environment)
        switch arguments.operands.count {
        case 0: return writeAnswer(Options.help(width: width) + "\n")
        case 1:
            let name = arguments.operands[0]
            guard let command = CommandLineTable.subcommand(named: name) else { throw UsageError(SaylineApp.unknownCommand(name)) }
            return writeAnswer(command.commandLine.help(width: width) + "\n")
        default: throw UsageError(translated("help takes one command at most"))
        }
    }
}
