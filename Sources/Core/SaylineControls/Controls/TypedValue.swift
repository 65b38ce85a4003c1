import SaylineText
/// Reads a value the way people type it: "62.5", "12,480", "62.5 kilograms", "-3", "max".
///
/// Only plain decimal numbers are taken: "nan", "inf" and hexadecimal, which `Double(_:)`
/// would accept, are not numbers a person means on a slider.
public enum TypedValue: Sendable, Equatable {
    case number(Double)
    case bound(Bound)

    /// Longer input is refused before it is scanned: no value needs more.
    public static let maximumLength = 100

    /// Parses bytes that may not be UTF-8, as they arrive from a terminal.
    public static func parse(bytes: [UInt8], unit: UnitWords?, prefix: String? = nil) -> Result<TypedValue, Rejection> {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(Rejection(.notText, input: ""))
        }
        return parse(text, unit: unit, prefix: prefix)
    }

    /// - Complexity: O(n) in the text's length, and at most `maximumLength` is scanned.
    /// - Parameter groupSeparator: another separator a figure may group digits with ("12 480").
    public static func parse(_ raw: String, unit: UnitWords?, prefix: String? = nil, groupSeparator: String? = nil) -> Result<TypedValue, Rejection> {
        if raw.utf8.count > maximumLength * 4 || raw.count > maximumLength {
            return .failure(Rejection(.tooLong(characters: raw.count), input: raw))
        }
        var text = Substring(raw.trimmingWhitespace())
        if text.isEmpty { return .failure(Rejection(.empty, input: raw)) }
        switch text.lowercased() {
        case "min", "minimum", "home": return .success(.bound(.minimum))
        case "max", "maximum", "end": return .success(.bound(.maximum))
        // The words the language says for them too: what a person heard is what they type.
        case let word where !Phrasebook.speaksEnglish:
            let bounds = Bound.typedWords
            if word == bounds[0] || word == bounds[1] { return .success(.bound(.minimum)) }
            if word == bounds[2] || word == bounds[3] { return .success(.bound(.maximum)) }
        default: break
        }
        if let prefix, !prefix.isEmpty, text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        } else if let prefix, !prefix.isEmpty, text.hasPrefix("-" + prefix) {
            text = "-" + text.dropFirst(prefix.count + 1)
        }
        if let unit {
            // Longest form first, so "kilograms" is not read as "kilogram" + "s"; in any case,
            // as a scene writes it or not ("-6 DB", "21 °c").
            if let length = unit.typedSuffixLength(of: text.lowercased()) { text = text.dropLast(length) }
            text = Substring(String(text).trimmingWhitespace())
        }
        if let groupSeparator, !groupSeparator.isEmpty {
            text = Substring(String(text).replacing(groupSeparator, with: ""))
        }
        // "12 480,5" where the language groups digits with a space (French, Polish): the space
        // between a digit and three more is a group mark, typed as a space or as shown.
        if !Phrasebook.speaksEnglish, Phrasebook.reading({ $0.groupMark.unicodeScalars.allSatisfy(\.properties.isWhitespace) && !$0.groupMark.isEmpty }) {
            text = Substring(Self.withoutSpaceGroups(text))
        }
        let decimalMark = Phrasebook.reading(\.decimalMark)
        let scanned = scanNumber(text, original: raw, decimalMark: decimalMark).map { TypedValue.number($0) }
        // "65 pounds" for kilograms: the unit was what was wrong, not the number.
        if case .failure(let rejection) = scanned, rejection.reason == .notANumber, let (number, value, word) = numberAndWord(text) {
            // What works, whole: "65 kilograms", "65 kilogramów", in the form the number takes.
            let expected = unit.map { $0.spoken(value, typed: number) }
            return .failure(Rejection(.wrongUnit(number: number, unit: word, expected: expected), input: raw))
        }
        return scanned
    }

    /// `text` with each space, no-break space or narrow no-break space that stands between a
    /// digit and exactly three digits taken out: "12 480,5" is 12480,5; "65 kg" is left alone.
    static func withoutSpaceGroups(_ text: Substring) -> String {
        // No space of any of the three (0x20; U+00A0 and U+202F end in 0xA0 and 0xAF): nothing to take out.
        guard text.utf8.contains(where: { $0 == 0x20 || $0 == 0xA0 || $0 == 0xAF }) else { return String(text) }
        let characters = Array(text)
        var out = ""
        for (index, character) in characters.enumerated() {
            let spaceLike = character == " " || character == "\u{00A0}" || character == "\u{202F}"
            if spaceLike, index > 0, characters[index - 1].isWholeNumber, index + 3 < characters.count || index + 3 == characters.count,
               characters[(index + 1)..<min(index + 4, characters.count)].count == 3,
               characters[(index + 1)..<(index + 4)].allSatisfy(\.isWholeNumber),
               index + 4 == characters.count || !characters[index + 4].isWholeNumber {
                continue
            }
            out.append(character)
        }
        return out
    }

    /// A number followed by a word that is no unit of the control's: "65 pounds", "21°F".
    /// - Returns: the number as typed, its value and the word, or nil when the text is not of
    ///   that shape.
    private static func numberAndWord(_ text: Substring) -> (String, Double, String)? {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let exponent = (character == "e" || character == "E") && index > 0 && characters[index - 1].isWholeNumber
                && index + 1 < characters.count && (characters[index + 1].isWholeNumber || characters[index + 1] == "-" || characters[index + 1] == "+")
            if !exponent && !character.isWholeNumber && !"+-.,".contains(character) && !character.isWhitespace { break }
            index += 1
        }
        let number = String(characters[..<index]).trimmingWhitespace()
        let word = String(characters[index...]).trimmingWhitespace()
        // A word with digits ("0x10") is no unit; nor is one letter against the number ("7o",
        // "1e"), more likely a slip of the finger than a unit: "65 lb" and "65lb" are units.
        let spaced = index > 0 && characters[index - 1].isWhitespace
        guard !number.isEmpty, !word.isEmpty, !word.contains(where: \.isWholeNumber), spaced || word.count > 1,
              case .success(let value) = scanNumber(Substring(number), original: number, decimalMark: Phrasebook.reading(\.decimalMark)) else { return nil }
        return (number, value, word)
    }

    /// A number in the language's marks. Where the decimal mark is a comma, the point groups
    /// digits; a point that could do either ("12.480") is refused, never guessed.
    private static func scanNumber(_ text: Substring, original: String, decimalMark: UInt8) -> Result<Double, Rejection> {
        guard decimalMark == UInt8(ascii: ",") else { return TypedNumberScanner.scan(Array(text.utf8), original: original) }
        // The same reading with the marks' roles swapped.
        let swapped = text.utf8.map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0 == UInt8(ascii: ".") ? UInt8(ascii: ",") : $0 }
        let result = TypedNumberScanner.scan(swapped, original: original)
        switch result {
        case .failure(let rejection) where rejection.reason == .decimalComma:
            return .failure(Rejection(.decimalPoint, input: original))
        case .success(let grouped) where text.contains(".") && !text.contains(","):
            // Read the English way, the same figure is a decimal: both are offered.
            let english = TypedNumberScanner.scan(Array(text.utf8), original: original)
            guard case .success(let decimal) = english, decimal != grouped else { return result }
            return .failure(Rejection(.twoReadings(grouped: NumberText.spoken(grouped, places: 0), decimal: NumberText.plain(decimal)), input: original))
        default:
            return result
        }
    }
}
