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

    // What a press and an announcement ask of the control, without `control`'s existential
    // box: a box is allocated on each access, and these run for every step of an audit.

    var scale: TickScale {
        switch self {
        case .ruler(let ruler): ruler.scale
        case .rating(let rating): rating.scale
        case .digitRoll(let roll): roll.scale
        }
    }

    var pageStepCount: Int {
        switch self {
        case .ruler(let ruler): ruler.pageStepCount
        case .rating(let rating): rating.pageStepCount
        case .digitRoll(let roll): roll.pageStepCount
        }
    }

    func displayText(for value: Double, unit: UnitWords?) -> String {
        switch self {
        case .ruler(let ruler): ruler.displayText(for: value, unit: unit)
        case .rating(let rating): rating.displayText(for: value, unit: unit)
        case .digitRoll(let roll): roll.displayText(for: value, unit: unit)
        }
    }

    func spokenValue(for value: Double, unit: UnitWords?) -> String {
        switch self {
        case .ruler(let ruler): ruler.spokenValue(for: value, unit: unit)
        case .rating(let rating): rating.spokenValue(for: value, unit: unit)
        case .digitRoll(let roll): roll.spokenValue(for: value, unit: unit)
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
