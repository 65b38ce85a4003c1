import SaylineText
/// What a kind of control supplies so that one element type can adjust, speak, draw and
/// animate it: the table entry of a kind, as far as the controls layer knows it.
///
/// A control is configuration plus pure functions of a value; the value itself lives in
/// `AdjustableElement`, so increment, page, home/end and typed values are written once. A new
/// kind is one type conforming to this (its drawing in a `+Drawing` file beside it) and, for
/// scenes, one `SceneKind` entry; nothing else names the kinds.
public protocol AdjustableControl: Sendable, Equatable {
    /// The kind's name in scenes, messages and reports: "ruler".
    static var kindName: String { get }
    /// What a message calls one control of the kind: "roll" in "The roll shows …".
    static var noun: String { get }
    /// The grid the value moves on.
    var scale: TickScale { get }
    /// Steps in one Page Up or Page Down.
    var pageStepCount: Int { get }
    /// Repairs that bad configuration needed, for audits.
    var repairs: [Repair] { get }
    /// What the screen shows for a value, as the source design builds it.
    func displayText(for value: Double, unit: UnitWords?) -> String
    /// What is said for a value: unit words, no symbols, no float noise.
    func spokenValue(for value: Double, unit: UnitWords?) -> String
    /// `spokenValue`'s words written into a phrase being built (an announcement), so the value
    /// makes no string of its own.
    func appendSpokenValue(for value: Double, unit: UnitWords?, to phrase: inout Phrase)
    /// The value without unit words, for terse speech: "62.5", "7 out of 10".
    /// - Parameter places: the decimal places the scale needs.
    func terseValue(for value: Double, places: Int) -> String
    /// A value as the keys hint and a range sentence name it: "40", or an option's name.
    func valueWords(for value: Double, places: Int) -> String
    /// Words that lead the keys hint at this value, such as "Slide to rate" at the minimum.
    func hintLead(for value: Double) -> String?
    /// Reads what a person typed for a value: a number (with the unit, prefix and separators
    /// the kind allows), or a bound's name.
    func typedValue(_ text: String, unit: UnitWords?) -> Result<TypedValue, Rejection>
    /// How the screen moves from one value to the next when motion is on.
    func animation(from oldValue: Double, to newValue: Double) -> MotionTimeline
    /// The lines below the control's header, at rest or at one frame of its motion.
    /// - Complexity: O(renderer.width), never O(ticks).
    func drawing(at value: Double, frame: MotionFrame?, renderer: ControlRenderer) -> [String]
    /// Whether the figure the screen shows can ever differ from the value (the audit's
    /// figure-matches-value rule looks only at kinds where it can).
    var figureMayDiffer: Bool { get }
    /// Why the screen would show a different figure from the value, or nil when it does not.
    func misstatement(for value: Double) -> String?
    /// Extra text a person may type before a number, such as the digit roll's "$".
    var typedPrefix: String? { get }
    /// The unit spoken and typed when the scene gives none, such as the rating's stars.
    var defaultUnit: UnitWords? { get }
    /// A group separator other than a comma that a person may type in a figure, such as a space.
    var typedGroupSeparator: String? { get }
}

extension AdjustableControl {
    /// A kind is called by its name unless it says otherwise.
    public static var noun: String { kindName }
    /// Most kinds show exactly their value.
    public var figureMayDiffer: Bool { false }
    /// Most kinds never show another figure.
    public func misstatement(for value: Double) -> String? { nil }
    /// Most kinds take no text before a number.
    public var typedPrefix: String? { nil }
    /// Most kinds have no unit of their own.
    public var defaultUnit: UnitWords? { nil }
    /// Most kinds group digits with commas only.
    public var typedGroupSeparator: String? { nil }
    /// Most kinds add no words to the keys hint.
    public func hintLead(for value: Double) -> String? { nil }
    /// The spoken value, made and then appended; kinds whose words are numbers and units write
    /// them straight in.
    public func appendSpokenValue(for value: Double, unit: UnitWords?, to phrase: inout Phrase) {
        phrase.append(spokenValue(for: value, unit: unit))
    }
    /// The number in the scale's precision, no unit.
    public func terseValue(for value: Double, places: Int) -> String {
        NumberText.spoken(value, places: places)
    }
    /// The number in the scale's precision.
    public func valueWords(for value: Double, places: Int) -> String {
        NumberText.spoken(value, places: places)
    }
    /// A plain decimal number with the unit, prefix and separators the kind allows, or a bound's name.
    public func typedValue(_ text: String, unit: UnitWords?) -> Result<TypedValue, Rejection> {
        TypedValue.parse(text, unit: unit ?? defaultUnit, prefix: typedPrefix, groupSeparator: typedGroupSeparator)
    }

    /// Whether another control is this one: `==` across the existential an element holds.
    public func isSame(as other: any AdjustableControl) -> Bool {
        (other as? Self) == self
    }
}

/// One end of a range.
public enum Bound: String, Sendable, Equatable {
    case minimum
    case maximum

    /// The bound in one short word, as a change that reaches it ends: "min", "max".
    public var spokenShort: String {
        switch self {
        case .minimum: translatedIn("a change reached the lowest value", "min")
        case .maximum: translatedIn("a change reached the highest value", "max")
        }
    }

    /// The bound in a word of a sentence: "Already at minimum".
    public var spokenWord: String {
        switch self {
        case .minimum: translatedIn("the lowest value", "minimum")
        case .maximum: translatedIn("the highest value", "maximum")
        }
    }

    /// The words a person may type for the bounds in the language, lower-cased: the least's
    /// short word and word, then the greatest's. Made once a language.
    static var typedWords: [String] {
        Phrasebook.reading { book in
            book.words(derivedFrom: typedWordsName) {
                [minimum.spokenShort, minimum.spokenWord, maximum.spokenShort, maximum.spokenWord].map { $0.lowercased() }
            }
        }
    }
    private static let typedWordsName = "the bounds' typed words"
}
