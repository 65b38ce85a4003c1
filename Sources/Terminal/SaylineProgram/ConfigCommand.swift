import SaylineText
import SaylineSystem
import SaylineCommandLine

/// `sayline config`: the settings in effect, each with where it came from, in the preferences
/// file's own format. Takes the REPL's options, to show what they would change.
package enum ConfigCommand: Subcommand {
    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "config", summary: translatable("print the settings in effect and where each came from"),
            description: [
                translatable("Prints the settings in effect, each with where it came from (built in, detected, the\npreferences file and line, the environment, the command line) as a comment; the output is\nitself a preferences file. Takes the REPL's options, to show their effect."),
            ],
            options: Options.replOptions)
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        switch SaylineApp.options(arguments, environment: environment) {
        case .failure(let error): throw error
        case .success(let options):
            for warning in options.warnings { Diagnostics.write("sayline: \(warning)\n") }
            let preferences = SaylineApp.preferencesText(environment: environment)
            var chosen = LanguageChoice.asked(flagged: nil, environment: environment, preferences: preferences)
            if let flag = arguments.value(LanguageChoice.option.name) { chosen = (flag, .flag(LanguageChoice.option.name)) }
            let language = LanguageChoice(asked: chosen?.0, source: chosen?.1 ?? .builtIn, code: Phrasebook.current.isEnglish ? nil : Phrasebook.current.code)
            return writeAnswer(Options.describe(options.settings, language: language, languageName: Phrasebook.current.isEnglish ? nil : Phrasebook.current.languageName))
        }
    }
}
