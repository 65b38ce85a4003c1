import SaylineText
import SaylineSession
import SaylineSystem

/// Reads a command line as getopt_long does: `--opt value`, `--opt=value`, grouped short flags
/// (`-kh`, `-sFILE`, `-s FILE`), `--` ending the options, and `-` as an operand (standard
/// input or output). The words are read by `CommandLineReader`, as the early look for
/// `--language` reads them; the parser stops at the first it refuses.
package enum CommandLineParser {
    /// - Parameter options: the table, made only when there are words to read against it: a
    ///   plain `sayline` needs none, and making it is a twentieth of a start.
    package static func parse(_ words: [String], options table: @autoclosure () -> [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        guard !words.isEmpty else { return result }
        var reader = CommandLineReader(words, options: table())
        while let item = try reader.next() {
            switch item {
            case .option(let given): result.given.append(given)
            case .operand(let word): result.operands.append(word)
            }
        }
        return result
    }
}

/// A subcommand: its table, and what it does with a parsed command line.
package protocol Subcommand {
    static var commandLine: CommandLineSpec { get }
    /// Runs with the command line read; a usage error thrown here is reported like a parse error.
    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32
}

package extension Subcommand {
    /// Reads the command line, answers `--help`, and reports usage errors the same way for
    /// every subcommand: the message and where to look for help on stderr, exit 64.
    static func main(_ words: [String], environment: [String: String]) -> Int32 {
        let spec = commandLine
        do throws(UsageError) {
            let parsed = try CommandLineParser.parse(words, options: spec.options)
            if parsed.has(SharedOptions.help.name) { return writeAnswer(spec.help(width: HelpWidth.columns(environment: environment)) + "\n") }
            if parsed.has(SharedOptions.version.name) { return writeAnswer(Options.versionLine) }
            return try run(parsed, environment: environment)
        } catch {
            Diagnostics.write("\(spec.invocation): \(error.message)\n\(spec.tryHelp)\n")
            return ExitStatus.usage.rawValue
        }
    }
}
