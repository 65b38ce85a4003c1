/// The star slider's drag state, which decides the star's rotation (the seed's `DragMotion`).
public enum DragMotion: Sendable, Equatable {
    case atRest
    case forwards
    case backwards
    /// Nearing the end of a forwards drag: the star straightens early.
    case wasForwards
    case wasBackwards

    /// A tenth of a turn against the direction of travel, as a wheel rolls.
    public var rotationDegrees: Double {
        switch self {
        case .forwards: -360 / 10
        case .backwards: 360 / 10
        default: 0
        }
    }

    /// Whether the star is turned all the way, as it is while moving.
    public var isFullMotion: Bool { self == .forwards || self == .backwards }

    /// The way it is going, whether in full motion or nearing the end.
    public var direction: DragMotion {
        switch self {
        case .atRest: .atRest
        case .forwards, .wasForwards: .forwards
        case .backwards, .wasBackwards: .backwards
        }
    }
}
