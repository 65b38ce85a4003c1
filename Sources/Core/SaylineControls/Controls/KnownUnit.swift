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
        guard let unit = Self.allCases.first(where: { $0.symbol?.lowercased() == lowered || $0.englishWords.singular == lowered || $0.englishWords.plural == lowered || $0.otherNames.contains(lowered) }) else { return nil }
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

    /// The English words, as the source writes them.
    public var englishWords: (singular: String, plural: String) {
        let one = Phrasebook.english
        return Phrasebook.using(one) {
            let singular = spoken(1, number: "").trimmingWhitespace()
            let plural = spoken(2, number: "").trimmingWhitespace()
            return (singular, plural)
        }
    }

    /// The value and the unit in the language: `number` is the value as it is said there.
    /// A whole number takes the catalog's plural form for it; a number with decimals its own
    /// form (Polish says "62,5 kilograma", neither "kilogramy" nor "kilogramów").
    public func spoken(_ value: Double, number: String) -> String {
        guard value == value.rounded(), value.magnitude < 1e18 else { return decimal(number) }
        let count = Int(value.magnitude)
        switch self {
        case .kilogram: return translatedCount("%s kilogram", "%s kilograms", count: count, number)
        case .gram: return translatedCount("%s gram", "%s grams", count: count, number)
        case .pound: return translatedCount("%s pound", "%s pounds", count: count, number)
        case .metre: return translatedCount("%s metre", "%s metres", count: count, number)
        case .centimetre: return translatedCount("%s centimetre", "%s centimetres", count: count, number)
        case .millimetre: return translatedCount("%s millimetre", "%s millimetres", count: count, number)
        case .kilometre: return translatedCount("%s kilometre", "%s kilometres", count: count, number)
        case .celsius: return translatedCount("%s degree Celsius", "%s degrees Celsius", count: count, number)
        case .fahrenheit: return translatedCount("%s degree Fahrenheit", "%s degrees Fahrenheit", count: count, number)
        case .percent: return translatedCount("%s percent", "%s percent", count: count, number)
        case .second: return translatedCount("%s second", "%s seconds", count: count, number)
        case .millisecond: return translatedCount("%s millisecond", "%s milliseconds", count: count, number)
        case .minute: return translatedCount("%s minute", "%s minutes", count: count, number)
        case .hour: return translatedCount("%s hour", "%s hours", count: count, number)
        case .decibel: return translatedCount("%s decibel", "%s decibels", count: count, number)
        case .dollar: return translatedCount("%s dollar", "%s dollars", count: count, number)
        case .euro: return translatedCount("%s euro", "%s euros", count: count, number)
        case .poundSterling: return translatedCount("%s pound sterling", "%s pounds sterling", count: count, number)
        case .zloty: return translatedCount("%s zloty", "%s zlotys", count: count, number)
        case .star: return translatedCount("%s star", "%s stars", count: count, number)
        }
    }

    private func decimal(_ number: String) -> String {
        switch self {
        case .kilogram: return translatedIn("a number with decimals", "%s kilograms", number)
        case .gram: return translatedIn("a number with decimals", "%s grams", number)
        case .pound: return translatedIn("a number with decimals", "%s pounds", number)
        case .metre: return translatedIn("a number with decimals", "%s metres", number)
        case .centimetre: return translatedIn("a number with decimals", "%s centimetres", number)
        case .millimetre: return translatedIn("a number with decimals", "%s millimetres", number)
        case .kilometre: return translatedIn("a number with decimals", "%s kilometres", number)
        case .celsius: return translatedIn("a number with decimals", "%s degrees Celsius", number)
        case .fahrenheit: return translatedIn("a number with decimals", "%s degrees Fahrenheit", number)
        case .percent: return translatedIn("a number with decimals", "%s percent", number)
        case .second: return translatedIn("a number with decimals", "%s seconds", number)
        case .millisecond: return translatedIn("a number with decimals", "%s milliseconds", number)
        case .minute: return translatedIn("a number with decimals", "%s minutes", number)
        case .hour: return translatedIn("a number with decimals", "%s hours", number)
        case .decibel: return translatedIn("a number with decimals", "%s decibels", number)
        case .dollar: return translatedIn("a number with decimals", "%s dollars", number)
        case .euro: return translatedIn("a number with decimals", "%s euros", number)
        case .poundSterling: return translatedIn("a number with decimals", "%s pounds sterling", number)
        case .zloty: return translatedIn("a number with decimals", "%s zlotys", number)
        case .star: return translatedIn("a number with decimals", "%s stars", number)
        }
    }
}
