import SaylineText
import SaylineSession

/// A command line read one option or operand at a time against an option table, as
/// getopt_long reads it: `--opt value`, `--opt=value`, an optional argument only when the next
/// word is no option, grouped short flags (`-kh`, `-sFILE`, `-s FILE`), `--` ending the
/// options, and `-` as an operand. The parser and the early look for `--language` both read
/// through it, so a word is an option's argument for one exactly when it is for the other.
///
/// A word or letter it refuses has been read when the refusal is thrown: the parser stops
/// there, and a reader that wants one option alone goes on past it, as getopt_long goes on
/// after an unknown option.
package struct CommandLineReader {
    /// What the next word, or the next letter of a group, is.
    package enum Item {
        case option(ParsedArguments.Given)
        case operand(String)
    }

    private let words: [String]
    private let options: [OptionSpec]
    private var index = 0
    private var endOfOptions = false
    /// The letters of a group of short flags (`-kh`), and how many of them are read.
    private var letters: [Character] = []
    private var lettersRead = 0

    /// A reader at the first of `words`, reading them against `options`.
    package init(_ words: [String], options: [OptionSpec]) {
        self.words = words
        self.options = options
    }

    /// The next option or operand; nil at the end of the words.
    package mutating func next() throws(UsageError) -> Item? {
        if lettersRead < letters.count { return try nextLetter() }
        while index < words.count {
            let word = words[index]
            index += 1
            if endOfOptions || word == "-" || !word.hasPrefix("-") { return .operand(word) }
            if word == "--" {
                endOfOptions = true
            } else if word.hasPrefix("--") {
                return try long(word)
            } else {
                letters = Array(word.dropFirst())
                lettersRead = 0
                return try nextLetter()
            }
        }
        return nil
    }

    /// `--name`, `--name=value` or `--name value`.
    private mutating func long(_ word: String) throws(UsageError) -> Item {
        let equals = word.firstIndex(of: "=")
        let name = equals.map { String(word[..<$0]) } ?? word
        let inline = equals.map { String(word[word.index(after: $0)...]) }
        guard let option = options.first(where: { $0.name == name }) else {
            throw Self.unknown(name, among: options)
        }
        if option.argument == nil {
            guard inline == nil else { throw UsageError(translated("%s takes no value", name)) }
            return .option(.init(option: option, value: nil, spelled: name))
        } else if let inline {
            return .option(.init(option: option, value: inline, spelled: name))
        } else if let implied = option.impliedArgument {
            // An optional argument is the next word only when that is not an option.
            if index < words.count, !words[index].hasPrefix("-") {
                index += 1
                return .option(.init(option: option, value: words[index - 1], spelled: name))
            }
            return .option(.init(option: option, value: implied, spelled: name))
        }
        return .option(.init(option: option, value: try argument(for: name), spelled: name))
    }

    /// The next letter of a group; an option that takes an argument ends the group.
    private mutating func nextLetter() throws(UsageError) -> Item {
        let letter = letters[lettersRead]
        lettersRead += 1
        let spelled = "-\(letter)"
        guard let option = options.first(where: { $0.short == letter }) else {
            throw UsageError(translated("unknown option: %s", TextSanitiser.echo(spelled)))
        }
        if option.argument == nil { return .option(.init(option: option, value: nil, spelled: spelled)) }
        // The rest of the word is the argument (`-sFILE`), or else the next word.
        let rest = String(letters[lettersRead...])
        letters = []
        lettersRead = 0
        let value: String
        if !rest.isEmpty { value = rest } else if let implied = option.impliedArgument { value = implied } else { value = try argument(for: spelled) }
        return .option(.init(option: option, value: value, spelled: spelled))
    }

    /// The next word as an option's argument, or a usage error naming the option.
    private mutating func argument(for spelled: String) throws(UsageError) -> String {
        guard index < words.count else { throw UsageError(translated("%s needs a value", spelled)) }
        index += 1
        return words[index - 1]
    }

    private static func unknown(_ name: String, among options: [OptionSpec]) -> UsageError {
        let suggestion = CommandTable.suggestion(for: name, among: options.map(\.name))
        let shown = TextSanitiser.echo(name)
        return UsageError(suggestion.map { translated("unknown option: %s; did you mean %s?", shown, $0) } ?? translated("unknown option: %s", shown))
    }
}
