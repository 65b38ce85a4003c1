import SaylineControls
/// Something a session did, for the announcer to put into words and the front to draw.
public enum SessionEvent: Sendable, Equatable {
    case focused(AdjustableElement)
    case changed(AdjustableElement, ValueChange)
    case unchanged(AdjustableElement, UnchangedReason)
    /// Input refused; the element is the focused one, when the message concerns its value.
    case rejected(Rejection, AdjustableElement?)
    case described(AdjustableElement)
    case listed([AdjustableElement], focused: Int)
    case tourStarted(AdjustableElement)
    case tourStep(AdjustableElement, ValueChange)
    case tourStopped
    case tourFinished
    /// An undo or redo; `focusMoved` when it moved focus to the control it changed.
    case restored(AdjustableElement, ValueChange, redone: Bool, focusMoved: Bool)
    case nothingToUndo
    case nothingToRedo
    case motionSet(MotionPreference)
    case verbositySet(Verbosity)
    /// Text for the display channel, not for speech.
    case help([String])
    /// The front is asked to write the scene with the current values (the core writes no
    /// files): to its own file, or to the one named. The front says how it went.
    case saveRequested(SaveRequest)
    case quit
}

extension SessionEvent {
    /// The control whose value this event moved, as it is now: a change, a tour step, an undo
    /// or a redo. What fronts follow a value by (settling, change commands, event streams).
    public var movedElement: AdjustableElement? {
        switch self {
        case .changed(let element, _), .tourStep(let element, _), .restored(let element, _, _, _): element
        default: nil
        }
    }
}

/// What one command did: the events, the lines to speak, and the change to draw.
public struct Reply: Sendable, Equatable {
    /// What happened, in order.
    public var events: [SessionEvent] = []
    /// What to say about it, in order.
    public var announcements: [Announcement] = []
    /// The element whose value moved and how to draw it; nil when nothing moved.
    public var transition: ElementTransition?
    /// Whether the session ends.
    public var quit = false

    /// A reply that did nothing and says nothing.
    public init() {}

    /// Makes this a reply that did nothing, keeping its arrays' storage for the next command.
    public mutating func removeAll() {
        // One at a time from the end: a command's reply holds one or two, and the general
        // `removeAll(keepingCapacity:)` cost three times as much as taking those off.
        while !events.isEmpty { events.removeLast() }
        while !announcements.isEmpty { announcements.removeLast() }
        transition = nil
        quit = false
    }
}

/// A transition and the element it belongs to.
public struct ElementTransition: Sendable, Equatable {
    /// The control's place in the session.
    public let elementIndex: Int
    /// The value before.
    public let from: Double
    /// The value after.
    public let to: Double
    /// The element, whose control knows how it animates: held whole, as copying it is one
    /// reference counted where a copy of the control is one for each array and box it holds.
    private let element: AdjustableElement
    private let motion: MotionPreference

    init(elementIndex: Int, from: Double, to: Double, element: AdjustableElement, motion: MotionPreference) {
        self.elementIndex = elementIndex
        self.from = from
        self.to = to
        self.element = element
        self.motion = motion
    }

    /// How the change is drawn. Worked out when a front asks (the full display, a script's
    /// `expect frames`), not on every change: a script that never asks never pays for the
    /// timeline (a digit roll's was 7 % of a script's time).
    public var transition: Transition {
        motion == .reduce ? .jump : .animated(element.control.animation(from: from, to: to))
    }

    public static func == (lhs: ElementTransition, rhs: ElementTransition) -> Bool {
        lhs.elementIndex == rhs.elementIndex && lhs.from == rhs.from && lhs.to == rhs.to && lhs.transition == rhs.transition
    }
}
