import SaylineText
/// Who a control is to a person: its id for focus and completion, its label, its unit words.
public struct ControlIdentity: Sendable, Equatable {
    /// Short and stable, for `focus weight` and tab completion.
    public let id: String
    /// The accessible name, spoken on focus: "Weight in kilograms".
    public let label: String
    /// The name in terse speech and in messages: "Weight". Defaults to the label.
    public let shortName: String
    public let unit: UnitWords?
    /// Extra words a scene adds to the keys hint.
    public let hint: String?

    public init(id: String, label: String, shortName: String? = nil, unit: UnitWords? = nil, hint: String? = nil) {
        self.id = TextSanitiser.clean(id)
        self.label = TextSanitiser.clean(label)
        let short = shortName.map(TextSanitiser.clean) ?? ""
        self.shortName = short.isEmpty ? self.label : short
        self.unit = unit
        self.hint = hint.map(TextSanitiser.clean).flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A unit in words for the ear and, optionally, a symbol for the eye ("kg").
public struct UnitWords: Sendable, Equatable {
    public let singular: String
    public let plural: String
    public let symbol: String?

    public init(singular: String, plural: String, symbol: String? = nil) {
        self.singular = TextSanitiser.clean(singular)
        self.plural = TextSanitiser.clean(plural)
        self.symbol = symbol.map(TextSanitiser.clean).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// "1 kilogram", "62.5 kilograms": only exactly one takes the singular.
    public func spoken(_ number: String, value: Double) -> String {
        "\(number) \(value == 1 ? singular : plural)"
    }

    /// Every word a person may type after a number to mean this unit.
    public var typedForms: [String] {
        [plural, singular, symbol].compactMap { $0 }.filter { !$0.isEmpty }
    }
}
