import SaylineText

/// The units scenes use most, said in every language the program ships with the language's
/// plural forms (Polish: 1 kilogram, 2 kilogramy, 5 kilogramów, 62,5 kilograma), so that no
/// scene author translates them. Each sentence is a literal here, where the catalogs are made
/// from.
public enum KnownUnit: String, Sendable, CaseIterable {
    case kilogram, gram, pound
    case metre, centimetre, millimetre, kilometre
    case celsius, fahrenheit
    case percent
    case second, millisecond, minute, hour
    case decibel
    case dollar, euro, poundSterling, zloty
    case star

    /// The unit named by a symbol or an English word, in any case: "kg", "Kilogram", "°C", "%".
    public init?(named name: String) {
        let lowered = name.lowercased()
        // By symbol first (what scenes give most), then by word: no table is made at start-up.
        guard let unit = Self.allCases.first(where: { $0.symbol?.lowercased() == lowered })
                ?? Self.named(word: lowered) else { return nil }
        self = unit
    }

    /// What the screen shows after a value, if the unit has a symbol.
    public var symbol: String? {
        switch self {
        case .kilogram: "kg"
        case .gram: "g"
        case .pound: "lb"
        case .metre: "m"
        case .centimetre: "cm"
        case .millimetre: "mm"
        case .kilometre: "km"
        case .celsius: "°C"
        case .fahrenheit: "°F"
        case .percent: "%"
        case .second: "s"
        case .millisecond: "ms"
        case .minute: "min"
        case .hour: "h"
        case .decibel: "dB"
        case .dollar: "$"
        case .euro: "€"
        case .poundSterling: "£"
        case .zloty: "zł"
        case .star: nil
        }
    }

    /// Other names a scene may use for it ("meter", the American spelling).
    private var otherNames: [String] {
        switch self {
        case .metre: ["meter", "meters"]
        case .centimetre: ["centimeter", "centimeters"]
        case .millimetre: ["millimeter", "millimeters"]
        case .kilometre: ["kilometer", "kilometers"]
        case .celsius: ["degree celsius", "degrees celsius"]
        case .fahrenheit: ["degree fahrenheit", "degrees fahrenheit"]
        case .poundSterling: ["pound sterling", "pounds sterling"]
        case .zloty: ["złoty", "złote", "złotych", "pln"]
        default: []
        }
    }

    /// The unit's messages: its counted words and its words after a number with decimals,
    /// each "%s" the number as the language writes it. The one place its words are written.
    private var messages: (counted: (singular: String, plural: String), decimal: String) {
        switch self {
        case .kilogram: (translatableCount("%s kilogram", "%s kilograms"), translatableIn("a number with decimals", "%s kilograms"))
        case .gram: (translatableCount("%s gram", "%s grams"), translatableIn("a number with decimals", "%s grams"))
        case .pound: (translatableCount("%s pound", "%s pounds"), translatableIn("a number with decimals", "%s pounds"))
        case .metre: (translatableCount("%s metre", "%s metres"), translatableIn("a number with decimals", "%s metres"))
        case .centimetre: (translatableCount("%s centimetre", "%s centimetres"), translatableIn("a number with decimals", "%s centimetres"))
        case .millimetre: (translatableCount("%s millimetre", "%s millimetres"), translatableIn("a number with decimals", "%s millimetres"))
        case .kilometre: (translatableCount("%s kilometre", "%s kilometres"), translatableIn("a number with decimals", "%s kilometres"))
        case .celsius: (translatableCount("%s degree Celsius", "%s degrees Celsius"), translatableIn("a number with decimals", "%s degrees Celsius"))
        case .fahrenheit: (translatableCount("%s degree Fahrenheit", "%s degrees Fahrenheit"), translatableIn("a number with decimals", "%s degrees Fahrenheit"))
        case .percent: (translatableCount("%s percent", "%s percent"), translatableIn("a number with decimals", "%s percent"))
        case .second: (translatableCount("%s second", "%s seconds"), translatableIn("a number with decimals", "%s seconds"))
        case .millisecond: (translatableCount("%s millisecond", "%s milliseconds"), translatableIn("a number with decimals", "%s milliseconds"))
        case .minute: (translatableCount("%s minute", "%s minutes"), translatableIn("a number with decimals", "%s minutes"))
        case .hour: (translatableCount("%s hour", "%s hours"), translatableIn("a number with decimals", "%s hours"))
        case .decibel: (translatableCount("%s decibel", "%s decibels"), translatableIn("a number with decimals", "%s decibels"))
        case .dollar: (translatableCount("%s dollar", "%s dollars"), translatableIn("a number with decimals", "%s dollars"))
        case .euro: (translatableCount("%s euro", "%s euros"), translatableIn("a number with decimals", "%s euros"))
        case .poundSterling: (translatableCount("%s pound sterling", "%s pounds sterling"), translatableIn("a number with decimals", "%s pounds sterling"))
        case .zloty: (translatableCount("%s zloty", "%s zlotys"), translatableIn("a number with decimals", "%s zlotys"))
        case .star: (translatableCount("%s star", "%s stars"), translatableIn("a number with decimals", "%s stars"))
        }
    }

    /// The English words, as the source writes them: the messages without their number.
    public var englishWords: (singular: String, plural: String) {
        let counted = messages.counted
        return (Self.withoutNumber(counted.singular), Self.withoutNumber(counted.plural))
    }

    /// The unit whose English words are `word` (lower-cased), comparing the messages as they
    /// are written: a scene's unit is looked up at start-up.
    private static func named(word: String) -> KnownUnit? {
        let message = "%s " + word
        return allCases.first { unit in
            let counted = unit.messages.counted
            return counted.singular.lowercased() == message || counted.plural.lowercased() == message || unit.otherNames.contains(word)
        }
    }

    private static func withoutNumber(_ message: String) -> String {
        message.hasPrefix("%s ") ? String(message.dropFirst(3)) : message
    }

    /// The unit's words with no number, as `UnitWords.words(count:)` says 1, 2 and 5 and as a
    /// number with decimals takes them (0 to 3), then each lower-cased (4 to 7): made once a
    /// language.
    var typedWords: [String] {
        let messages = self.messages
        return Phrasebook.reading { book in
            book.words(derivedFrom: messages.counted.singular) {
                let words = [1, 2, 5, 0.5].map { spoken($0, number: "").trimmingWhitespace() }
                return words + words.map { $0.lowercased() }
            }
        }
    }

    /// The value and the unit in the language: `number` is the value as it is said there.
    /// A whole number takes the catalog's plural form for it; a number with decimals the form
    /// the catalog gives it: one of its own (Polish says "62,5 kilograma", neither "kilogramy"
    /// nor "kilogramów"), or, where the catalog says so, its whole part's (French "1,5
    /// kilogramme", "2,5 kilogrammes": the plural begins at 2).
    public func spoken(_ value: Double, number: String) -> String {
        // Whole or not as the number is said ("3", not 3.0000000000000004); with no number given,
        // as the value is.
        let saidWithDecimals = number.isEmpty ? value != value.rounded() : number.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ".") }
        return template(value, saidWithDecimals: saidWithDecimals).filled([number])
    }

    /// `spoken(value, number:)` with the number as the language says it to `places`, written
    /// into `phrase` with no string made.
    public func appendSpoken(_ value: Double, places: Int, to phrase: inout Phrase) {
        phrase.append(spokenNumber: value, places: places) { template(value, saidWithDecimals: $0) }
    }

    /// The form for `value`: its own for a number said with decimals, else the one the
    /// language's plural rule gives the whole number.
    private func template(_ value: Double, saidWithDecimals: Bool) -> MessageTemplate {
        let messages = self.messages
        guard !saidWithDecimals, value.magnitude < 1e18 else {
            if value.magnitude < 1e18, Phrasebook.reading({ $0.decimalsTakeTheWholePartsForm }) {
                // Counted by its whole part, where the catalog says so: 0,5 as 0, 1,5 as 1, 2,5 as 2.
                let whole = Int(value.magnitude.rounded(.towardZero))
                return Phrasebook.reading { $0.template(messages.counted.singular, plural: messages.counted.plural, count: whole) }
            }
            return Phrasebook.reading { $0.template(messages.decimal, context: "a number with decimals") }
        }
        return Phrasebook.reading { $0.template(messages.counted.singular, plural: messages.counted.plural, count: Int(value.magnitude.rounded())) }
    }
}
