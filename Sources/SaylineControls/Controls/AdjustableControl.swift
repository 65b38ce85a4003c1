import SaylineText
/// What every control kind supplies so that one element type can adjust, speak and animate it.
///
/// A control is configuration plus pure functions of a value; the value itself lives in
/// `AdjustableElement`, so increment, page, home/end and typed values are written once.
public protocol AdjustableControl: Sendable, Equatable {
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
    /// Words that lead the keys hint at this value, such as "Slide to rate" at the minimum.
    func hintLead(for value: Double) -> String?
    /// How the screen moves from one value to the next when motion is on.
    func animation(from oldValue: Double, to newValue: Double) -> MotionTimeline
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
    public func misstatement(for value: Double) -> String? { nil }
    public var typedPrefix: String? { nil }
    public var defaultUnit: UnitWords? { nil }
    public var typedGroupSeparator: String? { nil }
    public func hintLead(for value: Double) -> String? { nil }
}

/// One end of a range.
public enum Bound: String, Sendable, Equatable {
    case minimum
    case maximum
}
