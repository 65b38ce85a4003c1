import SaylineCore

/// `sayline scene --print` writes the demo scene as a starting point;
/// `sayline scene --check FILE` reports a scene's problems, or says it is valid.
enum SceneCommand {
    static let usage = "usage: sayline scene --print | --check FILE"
    static let help = """
    \(usage)

      --print        print the built-in demo scene in the scene format (Docs/scene.md)
      --check FILE   check a scene file: every problem as FILE:LINE: PATH: MESSAGE

    \(ExitStatus.table)
    """

    static func main(_ arguments: [String]) -> Int32 {
        var reader = Arguments(arguments)
        do throws(UsageError) {
            switch reader.next() {
            case .option("-h")?, .option("--help")?:
                return writeAnswer(help + "\n")
            case .option("--print")?:
                if let extra = reader.next() { throw UsageError.unknown(extra) }
                return writeAnswer(SceneEncoder.encode(.demo))
            case .option("--check")?:
                let path = try reader.value(for: "--check")
                if let extra = reader.next() { throw UsageError.unknown(extra) }
                switch SceneFile.load(path) {
                case .failure(let failure): return failure.report()
                case .success(let scene):
                    return writeAnswer("\(TextSanitiser.echo(path, limit: 200)): valid, \(scene.elements.count) controls\n")
                }
            case let item?:
                throw UsageError.unknown(item)
            case nil:
                throw UsageError("scene needs --print or --check FILE")
            }
        } catch {
            Diagnostics.write("sayline scene: \(error.message)\n\(usage)\n")
            return ExitStatus.usage.rawValue
        }
    }
}
