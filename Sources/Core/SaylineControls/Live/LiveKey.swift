/// A key a keyboard user presses on a slider, as the WAI-ARIA slider pattern gives it.
public enum LiveKey: String, CaseIterable, Sendable {
    case up = "Up"
    case down = "Down"
    case pageUp = "Page Up"
    case pageDown = "Page Down"
    case home = "Home"
    case end = "End"

    /// The X keysym the key sends (X11's keysymdef.h).
    public var keysym: UInt32 {
        switch self {
        case .up: 0xFF52
        case .down: 0xFF54
        case .pageUp: 0xFF55
        case .pageDown: 0xFF56
        case .home: 0xFF50
        case .end: 0xFF57
        }
    }

    /// Whether the key moves the value up (towards the maximum).
    public var raises: Bool { self == .up || self == .pageUp || self == .end }

    /// The adjustment the key makes in Sayline's own model of the control.
    public var adjustment: Adjustment {
        switch self {
        case .up: .increment(1)
        case .down: .decrement(1)
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .home: .toMinimum
        case .end: .toMaximum
        }
    }

    /// The key of an adjustment, when one key makes it.
    public init?(_ adjustment: Adjustment) {
        switch adjustment {
        case .increment(1): self = .up
        case .decrement(1): self = .down
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .toMinimum: self = .home
        case .toMaximum: self = .end
        default: return nil
        }
    }
}

/// One key pressed on a live control, and what the application exposed before and after.
public struct LivePress: Sendable, Equatable {
    public let key: LiveKey
    public let before: AccessibleSlider
    /// What it exposed after; nil when it no longer answered.
    public let after: AccessibleSlider?

    public init(key: LiveKey, before: AccessibleSlider, after: AccessibleSlider?) {
        self.key = key
        self.before = before
        self.after = after
    }

    /// Whether the key should have moved the value: it points away from a bound the value is not on.
    public var shouldMove: Bool {
        guard let current = before.current, let minimum = before.minimum, let maximum = before.maximum, minimum < maximum else { return false }
        return key.raises ? current < maximum : current > minimum
    }

    /// Whether the key moved the value the other way: Up lowering it, as GTK 3's horizontal
    /// scales do.
    public var movedBackwards: Bool {
        guard let after, let old = before.current, let new = after.current, new != old else { return false }
        return key.raises ? new < old : new > old
    }

    /// Whether the value moved.
    public var moved: Bool {
        guard let after else { return false }
        return after.current != before.current
    }
}

/// What a keyboard user's walk over one live control found: whether it took focus, each key
/// pressed on it.
public struct LiveObservation: Sendable, Equatable {
    /// How asking for focus went.
    public enum Focus: Sendable, Equatable {
        /// It took focus.
        case taken
        /// It says it cannot take focus (no focusable state).
        case notFocusable
        /// It is focusable, but focus did not reach it.
        case refused
        /// The application said it gave focus, but the control never says it has it (Qt's,
        /// whose window a desktop without a window manager never activates): keys were pressed
        /// all the same, and only a key that moved the value tells.
        case unconfirmed
        /// The application cannot be asked to move focus (GTK 4): keys reach only the control
        /// that has it already.
        case cannotBeMoved
        /// Focus was not asked for (the walk was off).
        case notTried
    }

    public let slider: AccessibleSlider
    public let focus: Focus
    public let presses: [LivePress]

    public init(slider: AccessibleSlider, focus: Focus, presses: [LivePress]) {
        self.slider = slider
        self.focus = focus
        self.presses = presses
    }
}
