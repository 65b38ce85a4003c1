import Glibc
import SaylineCore

/// `sayline audit`: checks a scene against the audit rules and reports like axe-core.
enum AuditCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
        case junit
    }

    static let failOn = OptionSpec("--fail-on", argument: "IMPACT", completion: .words(Impact.allCases.map(\.rawValue)),
                                   defaultWords: Impact.serious.rawValue, help: "the least impact that fails the audit")
    static let maxChangeWords = OptionSpec("--max-change-words", argument: "N", defaultWords: String(AuditOptions().maximumChangeWords),
                                           help: "words a change announcement may take, 1 to 1000")
    static let maxFocusWords = OptionSpec("--max-focus-words", argument: "N", defaultWords: String(AuditOptions().maximumFocusWords),
                                          help: "words a focus announcement may take, 1 to 1000")

    static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "audit", summary: "check a scene against the accessibility rules",
            description: """
            Checks every control of a scene, statically and by driving it, against the audit rules
            (Docs/audit-rules.md), and reports violations, incomplete checks, passes, inapplicable rules
            and suppressed findings.
            """,
            options: [SharedOptions.scene,
                      SharedOptions.format(Format.allCases.map(\.rawValue), help: "text for people, json in axe-core's shape, junit XML for CI"),
                      SharedOptions.output, failOn, maxChangeWords, maxFocusWords, SharedOptions.help])
    }

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        if let operand = arguments.operands.first { throw UsageError("unexpected argument: \(TextSanitiser.echo(operand))") }
        let scenePath = arguments.value(SharedOptions.scene.name)
        let format = try arguments.choice("--format", as: Format.self) ?? .text
        let threshold = try arguments.choice(failOn.name, as: Impact.self) ?? .serious
        var options = AuditOptions()
        if let words = try arguments.wholeNumber(maxChangeWords.name, in: 1...1_000) { options.maximumChangeWords = words }
        if let words = try arguments.wholeNumber(maxFocusWords.name, in: 1...1_000) { options.maximumFocusWords = words }
        let outputPath = arguments.value(SharedOptions.output.name)
        let scene: Scene
        switch SceneFile.load(scenePath) {
        case .failure(let failure): return failure.report()
        case .success(let loaded): scene = loaded
        }
        let report = Auditor(options: options).audit(scene)
        let source = scenePath.map { TextSanitiser.echo($0, limit: 200) } ?? "the demo scene"
        let text: String
        switch format {
        case .text: text = report.text(source: source)
        case .json: text = report.json(source: source, version: Options.versionNumber)
        case .junit: text = report.junit(source: source)
        }
        if let path = outputPath {
            if case .failure(let failure) = FileAccess.writeReplacing(text, to: path) {
                Diagnostics.write("\(TextSanitiser.echo(path, limit: 200)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
        } else {
            var output = BufferedOutput()
            output.write(text)
            if let failed = output.finish("sayline audit") { return failed.rawValue }
        }
        return report.fails(at: threshold) ? 1 : 0
    }
}
