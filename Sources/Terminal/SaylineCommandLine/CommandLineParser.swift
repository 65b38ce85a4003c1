import SaylineText
import SaylineSession
import SaylineSystem

/// A command line read against a command's option table.
package struct ParsedArguments {
    /// One option as given: its entry in the table, its argument, and how it was spelled
    /// (`-s`, `--scene`), for messages.
    package struct Given {
        package let option: OptionSpec
        package let value: String?
        package let spelled: String
    }

    package var given: [Given] = []
    package var operands: [String] = []

    package func has(_ name: String) -> Bool { given.contains { $0.option.name == name } }

    /// Every time the option was given, in order, with how it was spelled: for an option that
    /// may be given more than once (`--rule A=off --rule B=minor`).
    package func all(_ name: String) -> [(value: String, spelled: String)] {
        given.filter { $0.option.name == name }.compactMap { given in given.value.map { ($0, given.spelled) } }
    }

    /// The argument of the last time the option was given: a later one wins, as in getopt.
    package func value(_ name: String) -> String? { given.last { $0.option.name == name }?.value }

    /// The refusal of an operand past the first `allowed`, if one was given.
    package func extraOperand(allowed: Int = 0) -> UsageError? {
        guard operands.count > allowed else { return nil }
        return UsageError(translated("unexpected argument: %s", TextSanitiser.echo(operands[allowed])))
    }

    private func last(_ name: String) -> Given? { given.last { $0.option.name == name } }

    /// The argument as one of an enumeration's words.
    package func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws(UsageError) -> T? where T.RawValue == String {
        guard let given = last(name), let word = given.value else { return nil }
        guard let parsed = T(rawValue: word) else {
            throw UsageError(translated("%s takes %s, not %s", given.spelled, T.allCases.map(\.rawValue).joined(separator: ", "), TextSanitiser.echo(word)))
        }
        return parsed
    }

    package func wholeNumber(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let given = last(name), let word = given.value else { return nil }
        guard let number = Int(word), range.contains(number) else {
            throw UsageError(translated("%s takes a whole number from %s to %s, not %s", given.spelled, String(range.lowerBound), String(range.upperBound), TextSanitiser.echo(word)))
        }
        return number
    }
}

/// Reads a command line as getopt_long does: `--opt value`, `--opt=value`, grouped short flags
/// (`-kh`, `-sFILE`, `-s FILE`), `--` ending the options, and `-` as an operand (standard
/// input or output).
package enum CommandLineParser {
    /// - Parameter options: the table, made only when there are words to read against it: a
    ///   plain `sayline` needs none, and making it is a twentieth of a start.
    package static func parse(_ words: [String], options table: @autoclosure () -> [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        guard !words.isEmpty else { return result }
        let options = table()
        var index = 0
        var endOfOptions = false
        /// The next word as an option's argument, or a usage error naming the option.
        func argument(for spelled: String) throws(UsageError) -> String {
            guard index < words.count else { throw UsageError(translated("%s needs a value", spelled)) }
            index += 1
            return words[index - 1]
        }
        while index < words.count {
            let word = words[index]
            index += 1
            if endOfOptions || word == "-" || !word.hasPrefix("-") {
                result.operands.append(word)
            } else if word == "--" {
                endOfOptions = true
            } else if word.hasPrefix("--") {
                let equals = word.firstIndex(of: "=")
                let name = equals.map { String(word[..<$0]) } ?? word
                let inline = equals.map { String(word[word.index(after: $0)...]) }
                guard let option = options.first(where: { $0.name == name }) else {
                    throw unknown(name, among: options)
                }
                if option.argument == nil {
                    guard inline == nil else { throw UsageError(translated("%s takes no value", name)) }
                    result.given.append(.init(option: option, value: nil, spelled: name))
                } else if let inline {
                    result.given.append(.init(option: option, value: inline, spelled: name))
                } else if let implied = option.impliedArgument {
                    // An optional argument is the next word only when that is not an option.
                    if index < words.count, !words[index].hasPrefix("-") {
                        result.given.append(.init(option: option, value: words[index], spelled: name))
                        index += 1
                    } else {
                        result.given.append(.init(option: option, value: implied, spelled: name))
                    }
                } else {
                    result.given.append(.init(option: option, value: try argument(for: name), spelled: name))
                }
            } else {
                let letters = Array(word.dropFirst())
                var position = 0
                while position < letters.count {
                    let letter = letters[position]
                    position += 1
                    let spelled = "-\(letter)"
                    guard let option = options.first(where: { $0.short == letter }) else {
                        throw UsageError(translated("unknown option: %s", TextSanitiser.echo(spelled)))
                    }
                    if option.argument == nil {
                        result.given.append(.init(option: option, value: nil, spelled: spelled))
                        continue
                    }
                    // The rest of the word is the argument (`-sFILE`), or else the next word.
                    let rest = String(letters[position...])
                    let value: String
                    if !rest.isEmpty { value = rest } else if let implied = option.impliedArgument { value = implied } else { value = try argument(for: spelled) }
                    result.given.append(.init(option: option, value: value, spelled: spelled))
                    break
                }
            }
        }
        return result
    }

    private static func unknown(_ name: String, among options: [OptionSpec]) -> UsageError {
        let suggestion = CommandTable.suggestion(for: name, among: options.map(\.name))
        let shown = TextSanitiser.echo(name)
        return UsageError(suggestion.map { translated("unknown option: %s; did you mean %s?", shown, $0) } ?? translated("unknown option: %s", shown))
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
