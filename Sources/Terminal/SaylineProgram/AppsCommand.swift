import SaylineText
import SaylineSystem
import SaylineCommandLine
import SaylineAccessibilityBus

/// `sayline apps`: the applications on the accessibility bus, each with its process id, one a line.
package enum AppsCommand: Subcommand {
    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "apps", summary: translatable("list the applications on the accessibility bus, for --app"),
            description: [
                translatable("Lists the running applications that publish their controls on the accessibility bus\n(AT-SPI), one a line: the process id, a tab, and the accessible name that --app\ntakes. When the desktop's accessibility is off, Sayline turns it on and says so:\napplications started before may need a restart to appear."),
            ],
            options: [LanguageChoice.option, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        if let extra = arguments.extraOperand() { throw extra }
        do {
            let bus = try AccessibilityBus.connect(environment: environment, noticed: LiveSource.notice)
            let lines = try bus.applications().map { ($0.processID.map { String($0) } ?? "-") + "\t" + $0.name + "\n" }
            return writeAnswer(lines.joined())
        } catch {
            Diagnostics.write("sayline: " + error.message + "\n")
            return ExitStatus.malformed.rawValue
        }
    }
}
