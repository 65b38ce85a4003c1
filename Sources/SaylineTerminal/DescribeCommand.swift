import SaylineCore

/// `sayline describe`: what a screen reader would say for each control.
enum DescribeCommand {
    enum Format: String, CaseIterable {
        case text
        case json
    }

    static let usage = "usage: sayline describe [--scene FILE] [--format text|json]"
    static let help = """
    \(usage)

    Prints what a screen reader would say for each control, in the order label, value, traits,
    hint: "Weight in kilograms: 62 kilograms. Adjustable. Up or down arrow adjusts…".

    Options:
      --scene FILE      the controls (default: the demo scene)
      --format FORMAT   text (default) or json

    \(ExitStatus.table)
    """

    static func main(_ arguments: [String]) -> Int32 {
        var scenePath: String?
        var format = Format.text
        var reader = Arguments(arguments)
        do throws(UsageError) {
            while let item = reader.next() {
                switch item {
                case .option("-h"), .option("--help"): return writeAnswer(help + "\n")
                case .option("--scene"): scenePath = try reader.value(for: "--scene")
                case .option("--format"): format = try reader.choice(for: "--format", as: Format.self)
                default: throw UsageError.unknown(item)
                }
            }
        } catch {
            Diagnostics.write("sayline describe: \(error.message)\n\(usage)\n")
            return ExitStatus.usage.rawValue
        }
        switch SceneFile.load(scenePath) {
        case .failure(let failure): return failure.report()
        case .success(let scene):
            let text = format == .json ? ScreenReaderDescription.json(for: scene.elements) : ScreenReaderDescription.text(for: scene.elements)
            return writeAnswer(text)
        }
    }
}
