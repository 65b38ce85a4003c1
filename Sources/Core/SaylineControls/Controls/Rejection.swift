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
        case badGrouping
        case notAWholeNumber
        /// A count of steps below 1, and the command that goes the other way if it was negative.
        case stepCount(Int, opposite: String?)
        /// A number with a unit the control does not take, and the one it does (nil: none).
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
        case .empty: return "Empty value"
        case .tooLong(let characters): return "Too long, \(characters) characters"
        case .notText: return "Not readable text, the input is not UTF-8"
        case .notANumber: return "Not a number, \(input)"
        case .tooLarge: return "Too large, \(input)"
        // The number meant, with a point: heard as the person meant it, and short.
        case .decimalComma: return "Use a point for decimals, \(input.replacing(",", with: "."))"
        case .badGrouping: return "Group digits in threes, \(Self.commasSpoken(input))"
        case .notAWholeNumber: return "Not a whole number, \(input)"
        case .stepCount(let count, let opposite?): return "Steps count from 1, not \(count). To go the other way, \(opposite) \(count.magnitude)"
        case .stepCount(let count, nil): return "Steps count from 1, not \(count)"
        // What was wrong (the unit) and what works: the number alone, or with the control's unit.
        case .wrongUnit(let number, let unit, let expected?):
            return "Wrong unit, \(TextSanitiser.echo(unit)). Type \(number) or \(number) \(expected)"
        case .wrongUnit(let number, let unit, nil):
            return "No unit here, \(TextSanitiser.echo(unit)). Type \(number)"
        case .unknownCommand(let suggestion):
            return "Unknown command, \(input)" + (suggestion.map { ". Did you mean \($0)?" } ?? ". Type help for commands")
        case .unknownControl(let suggestion):
            return "No control named \(input)" + (suggestion.map { ". Did you mean \($0)?" } ?? ". Type list for controls")
        case .missingArgument(let what): return "\(input) needs \(what)"
        case .unexpectedArgument: return "Too many words, \(input)"
        case .notAllowed(let why): return why
        }
    }

    /// "62 comma 5": speech engines read "62,5" as "sixty-two five" and "1,23" as a thousand
    /// and twenty-three, so the comma the message is about is said as a word.
    static func commasSpoken(_ text: String) -> String {
        var out = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character == ",", index > 0, index + 1 < characters.count, characters[index - 1].isNumber, characters[index + 1].isNumber {
                out += " comma "
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
