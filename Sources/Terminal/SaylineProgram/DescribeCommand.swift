import SaylineText
import Glibc
import SaylineSession
import SaylineScene
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs
import SaylineAccessibilityBus

/// `sayline describe`: what a screen reader would say for each control.
package enum DescribeCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
    }

    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "describe", summary: translatable("say what a screen reader would say for each control"),
            description: [
                translatable("Prints what a screen reader would say for each control, in the order label, value, traits,\nhint, as the REPL's describe says it: \"Weight, 62 kilograms, adjustable. Up or\ndown arrow adjusts…\". At a terminal with a braille display (BRLTTY), the text is\nshown there too, panned with the display's keys, until its end, another display key,\nor four seconds without a key."),
            ],
            options: [SharedOptions.scene, LiveSource.option, SharedOptions.format(Format.allCases.map(\.rawValue), help: translatable("text, one control a line, or json"))]
                + SettingTable.options(["braille", "braille-code"]) + [LanguageChoice.option, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        if let extra = arguments.extraOperand() { throw extra }
        let format = try arguments.choice("--format", as: Format.self) ?? .text
        if let wanted = try LiveSource.wanted(arguments) {
            return LiveSource.run(wanted, environment: environment) { live in
                let name = live.application.name, pid = live.application.processID
                return writeAnswer(format == .json ? LiveDescription.json(application: name, processID: pid, sliders: live.sliders)
                                                   : LiveDescription.text(application: name, processID: pid, sliders: live.sliders))
            }
        }
        switch SceneFile.load(arguments.value(SharedOptions.scene.name)) {
        case .failure(let failure): return failure.report()
        case .success(let scene):
            let text = format == .json ? ScreenReaderDescription.json(for: scene.elements) : ScreenReaderDescription.text(for: scene.elements)
            let status = writeAnswer(text)
            // A person reading at this terminal, rather than a program reading the answer.
            if format == .text, status == 0, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
               case .success(let options) = SaylineApp.options(arguments, environment: environment),
               let braille = BrailleOutput.open(options.settings, atTerminal: true, host: environment["BRLAPI_HOST"], command: "sayline describe") {
                braille.read(scene.elements.map { ScreenReaderDescription.sentence(for: $0) })
            }
            return status
        }
    }
}
