/// The built-in scene: one of each control, as the source designs' demos show them.
public enum DemoScene {
    /// A ruler, a rating and a digit roll, as the seeds' demos set them.
    public static var elements: [AdjustableElement] {
        [
            AdjustableElement(
                identity: ControlIdentity(id: "weight", label: "Weight",
                                          unit: UnitWords(singular: "kilogram", plural: "kilograms", symbol: "kg"),
                                          labels: ["de": "Gewicht", "fr": "Poids", "es": "Peso", "pl": "Waga"]),
                control: RulerPicker(minimum: 40, maximum: 120, step: 0.5),
                value: 62),
            AdjustableElement(
                identity: ControlIdentity(id: "rating", label: "Rating", labels: ["de": "Bewertung", "fr": "Note", "es": "Valoración", "pl": "Ocena"]),
                control: StarRating(minimum: 0, maximum: 10),
                value: 0),
            AdjustableElement(
                identity: ControlIdentity(id: "balance", label: "Balance",
                                          unit: UnitWords(singular: "dollar", plural: "dollars"),
                                          labels: ["de": "Kontostand", "fr": "Solde", "es": "Saldo", "pl": "Saldo"]),
                control: DigitRoll(columns: 6, prefix: "$", step: 10),
                value: 12_480),
        ]
    }
}
