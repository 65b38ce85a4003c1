/// The built-in scene: one of each control, as the source designs' demos show them.
public enum DemoScene {
    /// A ruler, a rating and a digit roll, as the seeds' demos set them.
    public static var elements: [AdjustableElement] {
        [
            AdjustableElement(
                identity: ControlIdentity(id: "weight", label: "Weight",
                                          unit: UnitWords(singular: "kilogram", plural: "kilograms", symbol: "kg"),
                                          languages: ["de": LanguageTexts(label: "Gewicht"), "fr": LanguageTexts(label: "Poids"), "es": LanguageTexts(label: "Peso"), "pl": LanguageTexts(label: "Waga")]),
                control: RulerPicker(minimum: 40, maximum: 120, step: 0.5),
                value: 62),
            AdjustableElement(
                identity: ControlIdentity(id: "rating", label: "Rating", languages: ["de": LanguageTexts(label: "Bewertung"), "fr": LanguageTexts(label: "Note"), "es": LanguageTexts(label: "Valoración"), "pl": LanguageTexts(label: "Ocena")]),
                control: StarRating(minimum: 0, maximum: 10),
                value: 0),
            AdjustableElement(
                identity: ControlIdentity(id: "balance", label: "Balance",
                                          unit: UnitWords(singular: "dollar", plural: "dollars"),
                                          languages: ["de": LanguageTexts(label: "Kontostand"), "fr": LanguageTexts(label: "Solde"), "es": LanguageTexts(label: "Saldo"), "pl": LanguageTexts(label: "Saldo")]),
                control: DigitRoll(columns: 6, prefix: "$", step: 10),
                value: 12_480),
        ]
    }
}
