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
        default: break
        }
        if let prefix, !prefix.isEmpty, text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        } else if let prefix, !prefix.isEmpty, text.hasPrefix("-" + prefix) {
            text = "-" + text.dropFirst(prefix.count + 1)
        }
        if let unit {
            // Longest form first, so "kilograms" is not read as "kilogram" + "s".
            for form in unit.typedForms.sorted(by: { $0.count > $1.count }) {
                let lowered = text.lowercased()
                if lowered.hasSuffix(form.lowercased()) {
                    text = text.dropLast(form.count)
                    break
                }
            }
            text = Substring(String(text).trimmingWhitespace())
        }
        if let groupSeparator, !groupSeparator.isEmpty {
            text = Substring(String(text).replacing(groupSeparator, with: ""))
        }
        return scanNumber(text, original: raw).map { TypedValue.number($0) }
    }

    private static func scanNumber(_ text: Substring, original: String) -> Result<Double, Rejection> {
        let chars = Array(text.utf8)
        var index = 0
        var cleaned: [UInt8] = []
        if index < chars.count, chars[index] == UInt8(ascii: "-") || chars[index] == UInt8(ascii: "+") {
            if chars[index] == UInt8(ascii: "-") { cleaned.append(chars[index]) }
            index += 1
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        // Integer part: digits, with commas allowed only between groups of exactly three.
        var groupLength = 0
        var sawComma = false
        var integerDigits = 0
        while index < chars.count {
            let byte = chars[index]
            if isDigit(byte) {
                cleaned.append(byte)
                groupLength += 1
                integerDigits += 1
            } else if byte == UInt8(ascii: ",") {
                if integerDigits == 0 || (sawComma && groupLength != 3) || (!sawComma && groupLength > 3) {
                    return .failure(Rejection(decimalCommaOrBadGrouping(chars, from: index), input: original))
                }
                sawComma = true
                groupLength = 0
            } else {
                break
            }
            index += 1
        }
        if sawComma && groupLength != 3 {
            return .failure(Rejection(groupLength < 3 ? .decimalComma : .badGrouping, input: original))
        }
        var fractionDigits = 0
        if index < chars.count, chars[index] == UInt8(ascii: ".") {
            cleaned.append(chars[index])
            index += 1
            while index < chars.count, isDigit(chars[index]) {
                cleaned.append(chars[index])
                fractionDigits += 1
                index += 1
            }
        }
        if integerDigits + fractionDigits == 0 {
            return .failure(Rejection(.notANumber, input: original))
        }
        if index < chars.count, chars[index] == UInt8(ascii: "e") || chars[index] == UInt8(ascii: "E") {
            cleaned.append(chars[index])
            index += 1
            if index < chars.count, chars[index] == UInt8(ascii: "-") || chars[index] == UInt8(ascii: "+") {
                cleaned.append(chars[index])
                index += 1
            }
            var exponentDigits = 0
            while index < chars.count, isDigit(chars[index]) {
                cleaned.append(chars[index])
                exponentDigits += 1
                index += 1
            }
            if exponentDigits == 0 { return .failure(Rejection(.notANumber, input: original)) }
        }
        if index != chars.count {
            return .failure(Rejection(.notANumber, input: original))
        }
        guard let number = Double(String(decoding: cleaned, as: UTF8.self)) else {
            return .failure(Rejection(.notANumber, input: original))
        }
        guard number.isFinite else { return .failure(Rejection(.tooLarge, input: original)) }
        return .success(number)
    }

    private static func decimalCommaOrBadGrouping(_ chars: [UInt8], from index: Int) -> Rejection.Reason {
        // "62,5" reads as a decimal comma; anything else with a comma is a grouping mistake.
        var digitsAfter = 0
        var next = index + 1
        while next < chars.count, chars[next] >= UInt8(ascii: "0"), chars[next] <= UInt8(ascii: "9") {
            digitsAfter += 1
            next += 1
        }
        return digitsAfter > 0 && digitsAfter < 3 ? .decimalComma : .badGrouping
    }
}

