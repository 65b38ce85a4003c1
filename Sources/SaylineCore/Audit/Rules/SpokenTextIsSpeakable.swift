/// Spoken values use words a speech engine says well.
///
/// Flags: "/" between numbers ("7/10" is "seven slash ten"), a currency sign before a number
/// (heard unit first), unit abbreviations ("kg" is "kay gee"), decorative glyphs (skipped or
/// read as words), and binary float noise (0.30000000000000004). Text in scripts other than
/// Latin is marked incomplete: an engine may spell it out, so a person should listen.
public struct SpokenTextIsSpeakable: AuditRule {
    public let id = "spoken-text-speakable"
    public let impact = Impact.serious
    public let help = "Spoken values use words, not symbols"
    public let source = "Sayline SPEECH.md, checked against espeak-ng; WAI-ARIA aria-valuetext (\"7 out of 10\")"

    static let abbreviations: Set<String> = ["kg", "km", "cm", "mm", "lb", "lbs", "oz", "ml", "mph", "kph", "kmh", "hr", "hrs", "sec", "secs", "ms", "ft", "yd", "mi"]
    static let currencySigns: Set<Unicode.Scalar> = ["$", "€", "£", "¥", "₹", "₩", "₽"]

    public init() {}

    public func check(_ element: AdjustableElement, in context: AuditContext) -> RuleResult {
        var samples = AuditContext.stepsToCheck(element.scale).map { AuditContext.element(element, at: $0) }
        samples.append(AuditContext.element(element, at: element.scale.tickCount - 1))
        samples.append(element)
        var unsure: String?
        for sample in samples {
            let text = sample.spokenValue
            if let problem = Self.problem(in: text) { return .violation("\"\(text)\" \(problem)") }
            if unsure == nil, text.unicodeScalars.contains(where: { $0.properties.isAlphabetic && $0.value > 0x024F }) {
                unsure = "\"\(text)\" has letters outside the Latin script; listen to check how an engine says it"
            }
        }
        return unsure.map(RuleResult.incomplete) ?? .pass
    }

    /// What is wrong with a spoken text, or nil.
    static func problem(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < scalars.count && scalars[index].properties.numericType != nil }
        for (index, scalar) in scalars.enumerated() {
            if scalar == "/" && isDigit(index - 1) && isDigit(index + 1) { return "has \"/\" between numbers: say \"out of\"" }
            if currencySigns.contains(scalar) && (isDigit(index + 1) || (index + 2 < scalars.count && scalars[index + 1] == "-" && isDigit(index + 2))) {
                return "puts a currency sign before the number: say the unit after it in words"
            }
            let category = scalar.properties.generalCategory
            if category == .otherSymbol || category == .mathSymbol && scalar != "+" && scalar != "-" || "·•…→←↑↓".unicodeScalars.contains(scalar) {
                return "has the symbol \"\(scalar)\", which speech engines skip or read as a word"
            }
        }
        for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            let lowered = word.lowercased()
            if abbreviations.contains(lowered) { return "abbreviates a unit (\"\(word)\"): say the word" }
            if lowered.first?.isNumber == true, let unit = abbreviations.first(where: { lowered.hasSuffix($0) && lowered.dropLast($0.count).allSatisfy(\.isNumber) }) {
                return "abbreviates a unit (\"\(unit)\"): say the word"
            }
        }
        // A fraction of ten or more digits is binary float noise, not a value anyone set.
        var fractionDigits = 0
        var inFraction = false
        for (index, scalar) in scalars.enumerated() {
            if scalar == "." && isDigit(index - 1) && isDigit(index + 1) { inFraction = true; fractionDigits = 0; continue }
            if inFraction && scalar.properties.numericType != nil {
                fractionDigits += 1
                if fractionDigits >= 10 { return "has float noise: round to the step's precision" }
            } else {
                inFraction = false
            }
        }
        return nil
    }
}
