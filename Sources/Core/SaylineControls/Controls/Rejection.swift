import SaylineText

/// Why input was refused, and the input itself, cleaned for echoing.
public struct Rejection: Error, Sendable, Equatable {
    /// Why the input was refused.
    public enum Reason: Error, Sendable, Equatable {
        case empty
        case tooLong(characters: Int)
        case notText
        case notANumber
        case tooLarge
        case decimalComma
        /// A point where the language writes a comma: "62.5" in German.
        case decimalPoint
        /// "12.480" where the point may group digits or mark decimals: the two numbers it may be.
        case twoReadings(grouped: String, decimal: String)
        case badGrouping
        case notAWholeNumber
        /// A count of steps below 1, and the command that goes the other way if it was negative.
        case stepCount(Int, opposite: String?)
        /// A number with a unit the control does not take, and the number with the one it does
        /// ("65 kilograms"; nil: none).
        case wrongUnit(number: String, unit: String, expected: String?)
        case unknownCommand(suggestion: String?)
        case unknownControl(suggestion: String?)
        case missingArgument(String)
        case unexpectedArgument
        case notAllowed(String)
    }

    /// Why it was refused.
    public let reason: Reason
    /// The offending input, cleaned and cut short for speech.
    public let input: String

    /// A refusal of what was typed; the input is cleaned before it is ever said.
    public init(_ reason: Reason, input: String) {
        self.reason = reason
        self.input = TextSanitiser.echo(input)
    }

    /// The first sentence of the message: what was wrong, with the input echoed.
    public var message: String {
        switch reason {
        case .empty: return translated("Empty value")
        case .tooLong(let characters): return translatedCount("Too long, %s character", "Too long, %s characters", count: characters, NumberText.spoken(characters))
        case .notText: return translated("Not readable text, the input is not UTF-8")
        case .notANumber: return translated("Not a number, %s", input)
        case .tooLarge: return translated("Too large, %s", input)
        // The number meant, with the language's mark: heard as the person meant it, and short.
        case .decimalComma: return translated("Use a point for decimals, %s", input.replacing(",", with: "."))
        case .decimalPoint: return translated("Use a comma for decimals, %s", input.replacing(".", with: ","))
        // "12.480" in German is twelve thousand four hundred and eighty, or twelve point four
        // eight typed the English way: which one is never guessed.
        case .twoReadings(let grouped, let decimal):
            return translated("%s could be %s or %s. Type it without the point", Self.marksSpoken(input, "."), grouped, decimal)
        case .badGrouping: return translated("Group digits in threes, %s", Self.marksSpoken(input, Phrasebook.current.decimalMark == UInt8(ascii: ",") ? "." : ","))
        case .notAWholeNumber: return translated("Not a whole number, %s", input)
        // The count as it is said: "-3" is "moins 3" to a French voice, which says nothing for the sign.
        case .stepCount(let count, let opposite?):
            return translated("Steps count from 1, not %s. To go the other way, %s %s", NumberText.spoken(count), opposite, NumberText.spoken(Int(clamping: count.magnitude)))
        case .stepCount(let count, nil): return translated("Steps count from 1, not %s", NumberText.spoken(count))
        // What was wrong (the unit) and what works: the number alone, or with the control's unit.
        case .wrongUnit(let number, let unit, let expected?):
            return translated("Wrong unit, %s. Type %s or %s", TextSanitiser.echo(unit), number, expected)
        case .wrongUnit(let number, let unit, nil):
            return translated("No unit here, %s. Type %s", TextSanitiser.echo(unit), number)
        case .unknownCommand(let suggestion?): return translated("Unknown command, %s. Did you mean %s?", input, suggestion)
        case .unknownCommand(nil): return translated("Unknown command, %s. Type help for commands", input)
        case .unknownControl(let suggestion?): return translated("No control named %s. Did you mean %s?", input, suggestion)
        case .unknownControl(nil): return translated("No control named %s. Type list for controls", input)
        case .missingArgument(let what): return translated("%s needs %s", input, what)
        case .unexpectedArgument: return translated("Too many words, %s", input)
        case .notAllowed(let why): return why
        }
    }

    /// "62 comma 5": speech engines read "62,5" as "sixty-two five" and "1,23" as a thousand
    /// and twenty-three, so the mark the message is about is said as a word ("Komma", "point").
    static func marksSpoken(_ text: String, _ mark: Character) -> String {
        var out = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character == mark, index > 0, index + 1 < characters.count, characters[index - 1].isNumber, characters[index + 1].isNumber {
                out += " " + (character == "," ? translatedIn("the mark said as a word", "comma") : translatedIn("the mark said as a word", "point")) + " "
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Whether the message should end with the focused control's range sentence.
    public var concernsValue: Bool {
        switch reason {
        // A comma's message already says the number meant: the range would only lengthen it.
        case .empty, .tooLong, .notText, .notANumber, .tooLarge: return true
        default: return false
        }
    }
}
