import SaylineText

/// The built-in scene: one of each control, as the source designs' demos show them.
///
/// Its labels in other languages are messages of the catalogs (context "the demo scene's
/// label"), so a language is one catalog and no code: the demo claims each language whose
/// phrasebook the program hands it, with that catalog's words.
public enum DemoScene {
    /// A ruler, a rating and a digit roll, as the seeds' demos set them, in the language this
    /// thread speaks (English, the labels as written: no other language claimed).
    public static var elements: [AdjustableElement] {
        elements(in: Phrasebook.speaksEnglish ? [] : [Phrasebook.current])
    }

    /// The demo with its labels in each of `languages` whose catalog translates them: the
    /// languages it claims.
    /// - Parameter languages: phrasebooks of the program's catalogs (the core opens none).
    public static func elements(in languages: [Phrasebook]) -> [AdjustableElement] {
        [
            AdjustableElement(
                identity: ControlIdentity(id: "weight", label: Label.weight,
                                          unit: UnitWords(singular: "kilogram", plural: "kilograms", symbol: "kg"),
                                          languages: words(for: Label.weight, in: languages)),
                control: RulerPicker(minimum: 40, maximum: 120, step: 0.5),
                value: 62),
            AdjustableElement(
                identity: ControlIdentity(id: "rating", label: Label.rating, languages: words(for: Label.rating, in: languages)),
                control: StarRating(minimum: 0, maximum: 10),
                value: 0),
            AdjustableElement(
                identity: ControlIdentity(id: "balance", label: Label.balance,
                                          unit: UnitWords(singular: "dollar", plural: "dollars"),
                                          languages: words(for: Label.balance, in: languages)),
                control: DigitRoll(columns: 6, prefix: "$", step: 10),
                value: 12_480),
        ]
    }

    /// The labels, for the catalogs: the scene's own words are these, in English.
    private enum Label {
        static let context = "the demo scene's label"
        // Translators: the demo scene's controls, a weight in kilograms, a rating in stars and
        // a balance in dollars: a short label, as a form would write it ("Gewicht", "Waga").
        static let weight = translatableIn("the demo scene's label", "Weight")
        static let rating = translatableIn("the demo scene's label", "Rating")
        static let balance = translatableIn("the demo scene's label", "Balance")
    }

    /// `label` in each language whose catalog translates it, by the language's code.
    private static func words(for label: String, in languages: [Phrasebook]) -> [String: LanguageTexts] {
        var words: [String: LanguageTexts] = [:]
        for book in languages {
            if let translated = book.translation(of: label, context: Label.context) { words[book.code] = LanguageTexts(label: translated) }
        }
        return words
    }
}
