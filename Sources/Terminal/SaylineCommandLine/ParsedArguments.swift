import SaylineText

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
            throw UsageError(translated("%s takes a whole number from %s to %s, not %s", given.spelled, NumberText.spoken(range.lowerBound), NumberText.spoken(range.upperBound), TextSanitiser.echo(word)))
        }
        return number
    }
}
