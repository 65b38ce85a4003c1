import SaylineText
/// Who a control is to a person: its id for focus and completion, its label, its unit words.
public struct ControlIdentity: Sendable, Equatable {
    /// Short and stable, for `focus weight` and tab completion.
    public let id: String
    /// The accessible name in the scene's own language, whatever language is spoken.
    public let baseLabel: String
    /// The label, short name and hint in other languages, by language code: the languages
    /// the scene claims.
    public let languages: [String: LanguageTexts]
    /// The accessible name, spoken on focus, in the person's language when the scene gives
    /// it: "Weight in kilograms", "Gewicht".
    public var label: String {
        // English with no words given for it: the scene's own, with no lookup (every focus).
        if languages.isEmpty || (Phrasebook.speaksEnglish && !givesEnglish) { return baseLabel }
        return Phrasebook.reading { $0.entry(in: languages)?.label } ?? baseLabel
    }
    /// Whether the scene gives words for English among its languages.
    private let givesEnglish: Bool
    /// The name in terse speech and in messages: "Weight". Defaults to the label.
    public var shortName: String {
        if !languages.isEmpty, !Phrasebook.speaksEnglish || givesEnglish, let texts = Phrasebook.current.entry(in: languages) { return texts.shortName ?? texts.label ?? ownShortName ?? baseLabel }
        return ownShortName ?? baseLabel
    }
    /// The short name as the scene gave it, if it did.
    public var givenShortName: String? { ownShortName }
    private let ownShortName: String?
    /// The unit's words, if it has one.
    public let unit: UnitWords?
    /// Extra words a scene adds to the keys hint.
    public var hint: String? {
        if !languages.isEmpty, !Phrasebook.speaksEnglish || givesEnglish, let texts = Phrasebook.current.entry(in: languages) { return texts.hint ?? baseHint }
        return baseHint
    }
    /// The hint in the scene's own language.
    public let baseHint: String?

    /// The label as it is said: an empty one as "Unnamed", so a listener hears that a name is
    /// missing rather than a value with nothing before it.
    public var spokenLabel: String { label.isEmpty ? translated("Unnamed") : label }

    /// An identity; every text is cleaned of what a terminal would act on.
    public init(id: String, label: String, shortName: String? = nil, unit: UnitWords? = nil, hint: String? = nil, languages: [String: LanguageTexts] = [:]) {
        self.id = TextSanitiser.clean(id)
        baseLabel = TextSanitiser.clean(label)
        self.languages = languages
        givesEnglish = languages["en"] != nil
        let short = shortName.map(TextSanitiser.clean) ?? ""
        ownShortName = short.isEmpty ? nil : short
        self.unit = unit
        baseHint = hint.map(TextSanitiser.clean).flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A unit in words for the ear and, optionally, a symbol for the eye ("kg").
///
/// A unit the phrasebook knows (`KnownUnit`: kilograms, metres, degrees, percent, seconds,
/// decibels, dollars, stars…) is said in the person's language with its plural forms, with no
/// word of the scene's translated; a scene's own words win in English, and in a language it
/// gives words for.
public struct UnitWords: Sendable, Equatable {
    /// The unit's word for exactly one: "kilogram".
    public let singular: String
    /// The unit's word for any other number: "kilograms".
    public let plural: String
    /// A symbol for the screen, if any: "kg".
    public let symbol: String?
    /// The unit the phrasebook knows by this symbol or word, if any.
    public let known: KnownUnit?
    /// Whether the scene gave its own words (else they are the known unit's English ones).
    public let ownWords: Bool
    /// The scene's words in other languages, by language code: (singular, plural).
    public private(set) var languages: [String: LanguageUnitWords]

    /// A unit; every word is cleaned of what a terminal would act on.
    public init(singular: String, plural: String, symbol: String? = nil, languages: [String: LanguageUnitWords] = [:]) {
        self.singular = TextSanitiser.clean(singular)
        self.plural = TextSanitiser.clean(plural)
        self.symbol = symbol.map(TextSanitiser.clean).flatMap { $0.isEmpty ? nil : $0 }
        // Known by the scene's own words, never by the symbol alone: "m" may be minutes, "$"
        // pesos, and a unit whose words say otherwise keeps them in every language.
        known = KnownUnit(named: self.singular) ?? KnownUnit(named: self.plural)
        ownWords = true
        self.languages = languages
    }

    /// A unit the phrasebook knows, named by its symbol or English word ("kg", "kilogram").
    public init?(known name: String) {
        guard let unit = KnownUnit(named: name.trimmingWhitespace()) else { return nil }
        singular = unit.englishWords.singular
        plural = unit.englishWords.plural
        symbol = unit.symbol
        known = unit
        ownWords = false
        languages = [:]
    }

    /// This unit with a scene's words for other languages.
    public func adding(languages words: [String: LanguageUnitWords]) -> UnitWords {
        guard !words.isEmpty else { return self }
        var copy = self
        copy.languages.merge(words) { _, new in new }
        return copy
    }

    /// The word after a value in English, "1 kilogram", "62.5 kilograms": only exactly one
    /// takes the singular.
    public func word(for value: Double) -> String { value == 1 ? singular : plural }

    /// "62.5 kilograms", "62,5 Kilogramm", "5 kilogramów": the number in the language's marks
    /// and the unit in the form the language gives it.
    public func appendSpoken(_ value: Double, places: Int, to phrase: inout Phrase) {
        if Phrasebook.speaksEnglish && (ownWords || known == nil) {
            phrase.append(number: value, places: places)
            phrase.append(" ")
            phrase.append(word(for: value))
            return
        }
        // The number goes straight into the phrase: no string is made of it or of the sentence.
        if !languages.isEmpty, let own = Phrasebook.reading({ $0.entry(in: languages) }) {
            phrase.append(number: value, places: places)
            phrase.append(" ")
            phrase.append(value == 1 ? own.singular : own.plural)
        } else if let known {
            known.appendSpoken(value, places: places, to: &phrase)
        } else {
            phrase.append(number: value, places: places)
            phrase.append(" ")
            phrase.append(word(for: value))
        }
    }

    /// The unit after a number as it was typed ("65 kilograms", "70,5 kilograma"), in the form
    /// `value` takes: a remedy repeats the person's number, never a long form of it.
    public func spoken(_ value: Double, typed number: String) -> String {
        if Phrasebook.speaksEnglish && (ownWords || known == nil) { return number + " " + word(for: value) }
        if let own = Phrasebook.current.entry(in: languages) { return number + " " + (value == 1 ? own.singular : own.plural) }
        guard let known else { return number + " " + word(for: value) }
        return known.spoken(value, number: number)
    }

    /// The unit's words in the language for a count, without the number ("Kilogramm").
    public func words(count: Int) -> String {
        if Phrasebook.speaksEnglish && (ownWords || known == nil) { return count == 1 ? singular : plural }
        if let own = Phrasebook.current.entry(in: languages) { return count == 1 ? own.singular : own.plural }
        guard let known else { return count == 1 ? singular : plural }
        return known.spoken(Double(count), number: "").trimmingWhitespace()
    }

    /// How many characters at the end of `lowered` (a typed value, lower-cased) are this
    /// unit's words, or nil: of the words a person may type after a number to mean it (the
    /// scene's, the symbol, and the language's own words for it), the longest that ends it,
    /// so that "kilograms" is not read as "kilogram" + "s"; of two as long, the first.
    /// The language's words for a unit it knows are made and lower-cased once a language, not
    /// at each value typed (Polish "kilogramów" is lower-cased through Unicode's tables).
    public func typedSuffixLength(of lowered: String) -> Int? {
        var longest: Int?
        let last = lowered.utf8.last ?? 0
        // A form no longer than the longest found cannot win: neither counted nor compared.
        // Nor can one whose last letter is another ASCII one ("70" never ends in "kg"): two
        // characters that end in different ASCII letters are never the same.
        func consider(_ form: String, lowered loweredForm: @autoclosure () -> String) {
            guard let end = form.utf8.last else { return }
            if last < 0x80, end < 0x80, last != (UInt8(ascii: "A")...UInt8(ascii: "Z") ~= end ? end + 32 : end) { return }
            let length = form.count
            if let longest, length <= longest { return }
            if lowered.hasSuffix(loweredForm()) { longest = length }
        }
        consider(plural, lowered: plural.lowercased())
        consider(singular, lowered: singular.lowercased())
        if let symbol { consider(symbol, lowered: symbol.lowercased()) }
        guard !languages.isEmpty || (known != nil && !Phrasebook.speaksEnglish) else { return longest }
        let own = languages.isEmpty ? nil : Phrasebook.reading { $0.entry(in: languages) }
        if let own {
            consider(own.plural, lowered: own.plural.lowercased())
            consider(own.singular, lowered: own.singular.lowercased())
        }
        if let known, !Phrasebook.speaksEnglish {
            // As `words(count:)` says 1, 2 and 5, then the form after a number with decimals
            // ("70,5 kilograma"): what was just heard.
            let said = known.typedWords
            if let own {
                consider(own.singular, lowered: own.singular.lowercased())
                consider(own.plural, lowered: own.plural.lowercased())
            } else {
                for index in 0..<3 { consider(said[index], lowered: said[4 + index]) }
            }
            consider(said[3], lowered: said[7])
        }
        return longest
    }
}

/// A control's words in one language a scene gives: its label, short name and hint.
public struct LanguageTexts: Sendable, Equatable {
    public let label: String?
    public let shortName: String?
    public let hint: String?

    /// Texts cleaned of what a terminal would act on; an empty one is none.
    public init(label: String? = nil, shortName: String? = nil, hint: String? = nil) {
        func clean(_ text: String?) -> String? { text.map(TextSanitiser.clean).flatMap { $0.isEmpty ? nil : $0 } }
        self.label = clean(label)
        self.shortName = clean(shortName)
        self.hint = clean(hint)
    }
}

/// A scene's own unit words in one language.
public struct LanguageUnitWords: Sendable, Equatable {
    public let singular: String
    public let plural: String

    public init(singular: String, plural: String) {
        self.singular = TextSanitiser.clean(singular)
        self.plural = TextSanitiser.clean(plural)
    }
}
