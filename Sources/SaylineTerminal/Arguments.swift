import SaylineCore

/// Walks a command line: flags, options with values, and positional words, with usage errors
/// worded the same way for every subcommand.
struct Arguments {
    private var remaining: ArraySlice<String>
    private var endOfOptions = false

    init(_ arguments: [String]) {
        remaining = arguments[...]
    }

    enum Item: Equatable {
        case option(String)
        case positional(String)
    }

    mutating func next() -> Item? {
        guard let word = remaining.popFirst() else { return nil }
        if !endOfOptions && word == "--" {
            endOfOptions = true
            return next()
        }
        if !endOfOptions && word.hasPrefix("-") && word != "-" { return .option(word) }
        return .positional(word)
    }

    /// The value after an option, or a usage error naming the option.
    mutating func value(for option: String) throws(UsageError) -> String {
        guard let value = remaining.popFirst() else { throw UsageError("\(option) needs a value") }
        return value
    }

    /// The next word if it is not an option, for options whose value may be left out.
    mutating func optionalValue() -> String? {
        guard let word = remaining.first, !word.hasPrefix("-") else { return nil }
        remaining = remaining.dropFirst()
        return word
    }

    mutating func choice<T: RawRepresentable>(for option: String, as type: T.Type) throws(UsageError) -> T where T.RawValue == String, T: CaseIterable {
        let word = try value(for: option)
        guard let parsed = T(rawValue: word) else {
            throw UsageError("\(option) takes \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \(TextSanitiser.echo(word))")
        }
        return parsed
    }

    mutating func wholeNumber(for option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let word = try value(for: option)
        guard let number = Int(word), range.contains(number) else {
            throw UsageError("\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(TextSanitiser.echo(word))")
        }
        return number
    }
}

extension UsageError {
    static func unknown(_ item: Arguments.Item) -> UsageError {
        switch item {
        case .option(let word): UsageError("unknown option: \(TextSanitiser.echo(word))")
        case .positional(let word): UsageError("unexpected argument: \(TextSanitiser.echo(word))")
        }
    }
}
