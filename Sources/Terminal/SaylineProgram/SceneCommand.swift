import SaylineText
import SaylineScene
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs

/// `sayline scene --print` writes the demo scene as a starting point;
/// `sayline scene --check FILE` reports a scene's problems, or says it is valid.
package enum SceneCommand: Subcommand {
    static let print = OptionSpec("--print", help: translatable("print the built-in demo scene in the scene format (man 5 sayline-scene)"))
    static let check = OptionSpec("--check", argument: "FILE", completion: .sceneFiles,
                                  help: translatable("check a scene file: every problem as FILE:LINE: PATH: MESSAGE"))

    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "scene", summary: translatable("print the demo scene, or check a scene file"),
            description: [translatable("Prints the built-in demo scene as a starting point (--print), or checks a scene file (--check FILE).")],
            options: [print, check, LanguageChoice.option, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        if let extra = arguments.extraOperand() { throw extra }
        switch (arguments.has(print.name), arguments.value(check.name)) {
        case (true, nil):
            // With its labels in every language that has a catalog.
            return writeAnswer(SceneEncoder.encode(.demo(in: LanguageChoice.catalogued())))
        case (false, let path?):
            switch SceneFile.load(path) {
            case .failure(let failure): return failure.report()
            case .success(let scene):
                // Settings a control could only use repaired: the audit's findings, refused here.
                let problems = scene.settingProblems
                guard problems.isEmpty else {
                    return SceneLoadFailure(lines: problems.map { $0.formatted(file: FileAccess.shown(path)) }).report()
                }
                let count = scene.elements.count
                // Translators: English says "controls" even for 1, as scripts have read it; give your language's forms.
                return writeAnswer("\(FileAccess.shown(path)): " + translatedCount("valid, %s controls", "valid, %s controls", count: count, NumberText.spoken(count)) + "\n")
            }
        case (true, _?):
            throw UsageError(translated("scene takes --print or --check FILE, not both"))
        case (false, nil):
            throw UsageError(translated("scene needs --print or --check FILE"))
        }
    }
}
