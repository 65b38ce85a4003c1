import SaylineText
import SaylineControls

/// Spoken values use words a speech engine says well.
///
/// Flags: "/" between numbers ("7/10" is "seven slash ten"), a currency sign before a number
/// (heard unit first), unit abbreviations ("kg" is "kay gee"), decorative glyphs (skipped or
/// read as words), and binary float noise (0.30000000000000004). Text in scripts other than
/// Latin is marked incomplete: an engine may spell it out, so a person should listen.
public struct SpokenTextSpeakable: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "spoken-text-speakable", impact: .serious,
        description: translatable("Checks that spoken values use words a speech engine says well, not symbols"),
        help: translatable("Speak values in words: units spelled out, no symbols"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("Sayline speech style (Docs/speech.md), checked against espeak-ng; WAI-ARIA aria-valuetext (\"7 out of 10\")"),
        criteria: [])

    static let abbreviations = ["kg", "km", "cm", "mm", "lb", "lbs", "oz", "ml", "mph", "kph", "kmh", "hr", "hrs", "sec", "secs", "ms", "ft", "yd", "mi"]
    /// The abbreviations' letters packed a byte each into a number, as `problem(in:)` packs a word's.
    static let packedAbbreviations: [UInt32] = abbreviations.map { $0.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
    static let currencySigns: Set<Unicode.Scalar> = ["$", "€", "£", "¥", "₹", "₩", "₽"]

    /// The rule; it has nothing to configure.
    public init() {}

    /// Heard in each language the scene claims: its words are what it checks.
    public var perLanguage: Bool { true }

    /// The rule's verdict on one control, from its shared walk.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        let element = probe.element
        var texts = [element.spokenValue]
        if let first = probe.steps.first { texts.append(first.spokenBefore) }
        texts += probe.steps.map(\.spokenAfter)
        var unsure: String?
        for text in texts {
            if let problem = Self.problem(in: text) { return .violation(problem.message(text)) }
            if unsure == nil, text.utf8.contains(where: { $0 >= 0x80 }), text.unicodeScalars.contains(where: { $0.value > 0x024F && $0.properties.isAlphabetic }) {
                unsure = text
            }
        }
        // Translators: %s is a value as it is spoken (keep it in quotes); its letters are of a
        // script such as Greek or Cyrillic.
        return unsure.map { .incomplete(FindingMessage(translatable("\"%s\" has letters outside the Latin script; listen to check how an engine says it"), .text($0))) } ?? .pass
    }

    /// What makes a speech engine stumble over a spoken text.
    enum Problem: Sendable, Equatable {
        /// "/" between numbers: "7/10" is "seven slash ten".
        case slash
        /// A currency sign before a number, heard first.
        case currencyFirst
        /// A symbol engines skip or read as a word.
        case symbol(String)
        /// A unit's abbreviation, as written ("kg" is "kay gee").
        case abbreviation(String)
        /// Ten or more digits of binary float noise.
        case floatNoise

        /// The finding for `text`, the spoken text that has the problem.
        func message(_ text: String) -> FindingMessage {
            switch self {
            // Translators: in each of these, %1$s (or %s) is a value as it is spoken: keep it in
            // quotes. "out of" is what the English speech says between two numbers; write what a
            // voice of your language should say instead.
            case .slash: FindingMessage(translatable("\"%s\" has \"/\" between numbers: say \"out of\""), .text(text))
            case .currencyFirst: FindingMessage(translatable("\"%s\" puts a currency sign before the number: say the unit after it in words"), .text(text))
            // Translators: %2$s is a symbol in it, such as "★".
            case .symbol(let symbol): FindingMessage(translatable("\"%1$s\" has the symbol \"%2$s\", which speech engines skip or read as a word"), .text(text), .text(symbol))
            // Translators: %2$s is an abbreviation in it, such as "kg".
            case .abbreviation(let word): FindingMessage(translatable("\"%1$s\" abbreviates a unit (\"%2$s\"): say the word"), .text(text), .text(word))
            case .floatNoise: FindingMessage(translatable("\"%s\" has float noise: round to the step's precision"), .text(text))
            }
        }
    }

    /// What is wrong with a spoken text, or nil.
    /// - Complexity: O(n) in the text's length; plain ASCII, which most values are, is scanned
    ///   as bytes, and Unicode properties are looked up only for the rest.
    static func problem(in text: String) -> Problem? {
        let bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "/") where isDigit(index - 1) && isDigit(index + 1):
                return .slash
            case UInt8(ascii: "$") where isDigit(index + 1) || (index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") && isDigit(index + 2)):
                return .currencyFirst
            case UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "^"):
                return .symbol(String(Unicode.Scalar(byte)))
            default:
                break
            }
        }
        if bytes.contains(where: { $0 >= 0x80 }), let problem = nonASCIIProblem(in: text) { return problem }
        // Words: runs of letters and digits. Non-ASCII bytes count as letters here. A word's
        // letters after its leading digits ("62kg" → "kg") are packed into a number and looked
        // for among the abbreviations' numbers: no String is made of any word (one a short
        // word, with a seeded hash each, was most of this rule's time in an audit).
        func checkWord(_ start: Int, _ end: Int) -> Problem? {
            var lettersStart = start
            while lettersStart < end, bytes[lettersStart] >= 0x30, bytes[lettersStart] <= 0x39 { lettersStart += 1 }
            // No abbreviation has more than four letters: longer words are passed over.
            guard lettersStart < end, end - lettersStart <= 4 else { return nil }
            var packed: UInt32 = 0
            for index in lettersStart..<end { packed = packed << 8 | UInt32(Self.lowercased(bytes[index])) }
            guard packedAbbreviations.contains(packed) else { return nil }
            // The word as written when it is all letters, else its letters in lower case.
            let quoted = lettersStart == start ? bytes[start..<end] : ArraySlice(bytes[lettersStart..<end].map(Self.lowercased))
            return .abbreviation(String(decoding: quoted, as: UTF8.self))
        }
        var wordStart: Int?
        for (index, byte) in bytes.enumerated() {
            let isWordByte = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            if isWordByte {
                if wordStart == nil { wordStart = index }
            } else if let start = wordStart {
                wordStart = nil
                if let problem = checkWord(start, index) { return problem }
            }
        }
        if let start = wordStart, let problem = checkWord(start, bytes.count) { return problem }
        // A fraction of ten or more digits is binary float noise, not a value anyone set.
        var fractionDigits = 0
        var inFraction = false
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: ".") && isDigit(index - 1) && isDigit(index + 1) {
                inFraction = true
                fractionDigits = 0
            } else if inFraction && isDigit(index) {
                fractionDigits += 1
                if fractionDigits >= 10 { return .floatNoise }
            } else {
                inFraction = false
            }
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }

    /// Currency signs and symbols beyond ASCII: "€5", "★", "→".
    private static func nonASCIIProblem(in text: String) -> Problem? {
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < scalars.count && scalars[index].properties.numericType != nil }
        for (index, scalar) in scalars.enumerated() where scalar.value >= 0x80 {
            if currencySigns.contains(scalar) && (isDigit(index + 1) || (index + 2 < scalars.count && scalars[index + 1] == "-" && isDigit(index + 2))) {
                return .currencyFirst
            }
            let category = scalar.properties.generalCategory
            if category == .otherSymbol || category == .mathSymbol || "·•…→←↑↓".unicodeScalars.contains(scalar) {
                return .symbol(String(scalar))
            }
        }
        return nil
    }
}
