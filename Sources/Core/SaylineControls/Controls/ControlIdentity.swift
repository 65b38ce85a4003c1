import SaylineText
/// Who a control is to a person: its id for focus and completion, its label, its unit words.
public struct ControlIdentity: Sendable, Equatable {
    /// Short and stable, for `focus weight` and tab completion.
    public let id: String
    /// The accessible name, spoken on focus: "Weight in kilograms".
    public let label: String
    /// The name in terse speech and in messages: "Weight". Defaults to the label.
    public let shortName: String
    /// The unit's words, if it has one.
    public let unit: UnitWords?
    /// Extra words a scene adds to the keys hint.
    public let hint: String?

    /// The label as it is said: an empty one as "Unnamed", so a listener hears that a name is
    /// missing rather than a value with nothing before it.
    public var spokenLabel: String { label.isEmpty ? "Unnamed" : label }

    /// An identity; every text is cleaned of what a terminal would act on.
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
    /// The unit's word for exactly one: "kilogram".
    public let singular: String
    /// The unit's word for any other number: "kilograms".
    public let plural: String
    /// A symbol for the screen, if any: "kg".
    public let symbol: String?

    /// A unit; every word is cleaned of what a terminal would act on.
    public init(singular: String, plural: String, symbol: String? = nil) {
        self.singular = TextSanitiser.clean(singular)
        self.plural = TextSanitiser.clean(plural)
        self.symbol = symbol.map(TextSanitiser.clean).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The word after a value, "1 kilogram", "62.5 kilograms": only exactly one takes the
    /// singular.
    public func word(for value: Double) -> String { value == 1 ? singular : plural }

    /// Every word a person may type after a number to mean this unit.
    public var typedForms: [String] {
        [plural, singular, symbol].compactMap { $0 }.filter { !$0.isEmpty }
    }
}
