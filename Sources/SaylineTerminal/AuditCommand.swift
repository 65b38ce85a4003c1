import Glibc
import SaylineCore

/// `sayline audit`: checks a scene against the audit rules and reports like axe-core.
enum AuditCommand {
    enum Format: String, CaseIterable {
        case text
        case json
        case junit
    }

    static let usage = "usage: sayline audit [--scene FILE] [--format text|json|junit] [--output FILE] [--fail-on minor|moderate|serious|critical] [--max-change-words N] [--max-focus-words N]"
    static let help = """
    \(usage)

    Checks every control of a scene, statically and by driving it, against the audit rules
    (Docs/audit-rules.md), and reports violations, incomplete checks, passes, inapplicable rules
    and suppressed findings.

    Options:
      --scene FILE              the controls (default: the demo scene)
      --format FORMAT           text (default, for people), json (axe-core's shape), junit (XML for CI)
      --output FILE             write the report to FILE, atomically, instead of standard output
      --fail-on IMPACT          the least impact that fails the audit: minor, moderate,
                                serious (default) or critical
      --max-change-words N      words a change announcement may take (default 8)
      --max-focus-words N       words a focus announcement may take (default 15)

    \(ExitStatus.table)
    """

    struct Settings {
        var scene: String?
        var format = Format.text
        var output: String?
        var failOn = Impact.serious
        var options = AuditOptions()
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Settings? {
        var settings = Settings()
        var reader = Arguments(arguments)
        while let item = reader.next() {
            switch item {
            case .option("-h"), .option("--help"): return nil
            case .option("--scene"): settings.scene = try reader.value(for: "--scene")
            case .option("--format"): settings.format = try reader.choice(for: "--format", as: Format.self)
            case .option("--output"): settings.output = try reader.value(for: "--output")
            case .option("--fail-on"): settings.failOn = try reader.choice(for: "--fail-on", as: Impact.self)
            case .option("--max-change-words"): settings.options.maximumChangeWords = try reader.wholeNumber(for: "--max-change-words", in: 1...1_000)
            case .option("--max-focus-words"): settings.options.maximumFocusWords = try reader.wholeNumber(for: "--max-focus-words", in: 1...1_000)
            default: throw UsageError.unknown(item)
            }
        }
        return settings
    }

    static func main(_ arguments: [String]) -> Int32 {
        let settings: Settings
        do {
            guard let parsed = try parse(arguments) else { return writeAnswer(help + "\n") }
            settings = parsed
        } catch {
            Diagnostics.write("sayline audit: \(error.message)\n\(usage)\n")
            return ExitStatus.usage.rawValue
        }
        let scene: Scene
        switch SceneFile.load(settings.scene) {
        case .failure(let failure): return failure.report()
        case .success(let loaded): scene = loaded
        }
        let report = Auditor(options: settings.options).audit(scene)
        let source = settings.scene.map { TextSanitiser.echo($0, limit: 200) } ?? "the demo scene"
        let text: String
        switch settings.format {
        case .text: text = report.text(source: source)
        case .json: text = report.json(source: source, version: Options.version)
        case .junit: text = report.junit(source: source)
        }
        if let path = settings.output {
            if case .failure(let failure) = FileAccess.writeReplacing(text, to: path) {
                Diagnostics.write("\(TextSanitiser.echo(path, limit: 200)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
        } else {
            var output = BufferedOutput()
            output.write(text)
            if let failed = output.finish("sayline audit") { return failed.rawValue }
        }
        return report.fails(at: settings.failOn) ? 1 : 0
    }
}
