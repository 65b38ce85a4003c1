import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
/// Spoken values use words a speech engine says well.
///
/// Flags: "/" between numbers ("7/10" is "seven slash ten"), a currency sign before a number
/// (heard unit first), unit abbreviations ("kg" is "kay gee"), decorative glyphs (skipped or
/// read as words), and binary float noise (0.30000000000000004). Text in scripts other than
/// Latin is marked incomplete: an engine may spell it out, so a person should listen.
public struct SpokenTextIsSpeakable: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "spoken-text-speakable", impact: .serious,
        description: "Checks that spoken values use words a speech engine says well, not symbols",
        help: "Speak values in words: units spelled out, no symbols",
        source: "Sayline speech style (Docs/speech.md), checked against espeak-ng; WAI-ARIA aria-valuetext (\"7 out of 10\")",
        criteria: [])

    static let abbreviations: Set<String> = ["kg", "km", "cm", "mm", "lb", "lbs", "oz", "ml", "mph", "kph", "kmh", "hr", "hrs", "sec", "secs", "ms", "ft", "yd", "mi"]
    static let currencySigns: Set<Unicode.Scalar> = ["$", "€", "£", "¥", "₹", "₩", "₽"]

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        var texts = [element.spokenValue]
        if let first = probe.steps.first { texts.append(first.spokenBefore) }
        texts += probe.steps.map(\.spokenAfter)
        var unsure: String?
        for text in texts {
            if let problem = Self.problem(in: text) { return .violation("\"\(text)\" \(problem)") }
            if unsure == nil, text.unicodeScalars.contains(where: { $0.value > 0x024F && $0.properties.isAlphabetic }) {
                unsure = "\"\(text)\" has letters outside the Latin script; listen to check how an engine says it"
            }
        }
        return unsure.map(RuleResult.incomplete) ?? .pass
    }

    /// What is wrong with a spoken text, or nil.
    /// - Complexity: O(n) in the text's length; plain ASCII, which most values are, is scanned
    ///   as bytes, and Unicode properties are looked up only for the rest.
    static func problem(in text: String) -> String? {
        let bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "/") where isDigit(index - 1) && isDigit(index + 1):
                return "has \"/\" between numbers: say \"out of\""
            case UInt8(ascii: "$") where isDigit(index + 1) || (index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") && isDigit(index + 2)):
                return "puts a currency sign before the number: say the unit after it in words"
            case UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "^"):
                return "has the symbol \"\(Unicode.Scalar(byte))\", which speech engines skip or read as a word"
            default:
                break
            }
        }
        if bytes.contains(where: { $0 >= 0x80 }), let problem = nonASCIIProblem(in: text) { return problem }
        // Words: runs of letters and digits. Non-ASCII bytes count as letters here.
        var word: [UInt8] = []
        func checkWord() -> String? {
            defer { word.removeAll(keepingCapacity: true) }
            // No abbreviation has more than four letters: skip longer words without building strings.
            let letterCount = word.count - (word.firstIndex(where: { $0 < 0x30 || $0 > 0x39 }) ?? word.count)
            guard letterCount > 0, letterCount <= 4 else { return nil }
            let lowered = String(decoding: word.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
            if abbreviations.contains(lowered) { return "abbreviates a unit (\"\(String(decoding: word, as: UTF8.self))\"): say the word" }
            let letters = lowered.drop(while: { $0.isASCII && $0.isNumber })
            if letters.count < lowered.count, abbreviations.contains(String(letters)) {
                return "abbreviates a unit (\"\(letters)\"): say the word"
            }
            return nil
        }
        for byte in bytes {
            let isWordByte = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            if isWordByte {
                word.append(byte)
            } else if let problem = checkWord() {
                return problem
            }
        }
        if let problem = checkWord() { return problem }
        // A fraction of ten or more digits is binary float noise, not a value anyone set.
        var fractionDigits = 0
        var inFraction = false
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: ".") && isDigit(index - 1) && isDigit(index + 1) {
                inFraction = true
                fractionDigits = 0
            } else if inFraction && isDigit(index) {
                fractionDigits += 1
                if fractionDigits >= 10 { return "has float noise: round to the step's precision" }
            } else {
                inFraction = false
            }
        }
        return nil
    }

    /// Currency signs and symbols beyond ASCII: "€5", "★", "→".
    private static func nonASCIIProblem(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < scalars.count && scalars[index].properties.numericType != nil }
        for (index, scalar) in scalars.enumerated() where scalar.value >= 0x80 {
            if currencySigns.contains(scalar) && (isDigit(index + 1) || (index + 2 < scalars.count && scalars[index + 1] == "-" && isDigit(index + 2))) {
                return "puts a currency sign before the number: say the unit after it in words"
            }
            let category = scalar.properties.generalCategory
            if category == .otherSymbol || category == .mathSymbol || "·•…→←↑↓".unicodeScalars.contains(scalar) {
                return "has the symbol \"\(scalar)\", which speech engines skip or read as a word"
            }
        }
        return nil
    }
}
