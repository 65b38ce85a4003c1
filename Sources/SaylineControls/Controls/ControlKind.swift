import SaylineText
/// The three controls Sayline knows, each with its own configuration.
public enum ControlKind: Sendable, Equatable {
    case ruler(RulerPicker)
    case rating(StarRating)
    case digitRoll(DigitRoll)

    /// The control behind the case, for what all kinds do alike.
    public var control: any AdjustableControl {
        switch self {
        case .ruler(let ruler): ruler
        case .rating(let rating): rating
        case .digitRoll(let roll): roll
        }
    }

    /// The kind's name in scenes and messages.
    public var name: String {
        switch self {
        case .ruler: "ruler"
        case .rating: "rating"
        case .digitRoll: "digitroll"
        }
    }
}
