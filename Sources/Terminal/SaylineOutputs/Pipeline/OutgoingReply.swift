import SaylineControls
import SaylineSession
import SaylineScene

/// One reply on its way out: what every output receives, the same from the REPL, the line
/// reader and `pick`. Outputs earlier in the pipeline may add to it (a save says how it went)
/// or hold words back (the speech pacer) for the outputs after them.
package struct OutgoingReply {
    /// What happened, in order, as the session reported it.
    package var events: [SessionEvent] = []
    /// What is said now, in order.
    package var spoken: [Announcement] = []
    /// Said to a listener of the speech channel alone, never shown: the display shows its own
    /// words for the same thing (the start line).
    package var heardOnly: [Announcement] = []
    /// Text to read, not speak: what an output reports (a change command failed).
    package var messages: [String] = []
    /// Saves made for this reply, with the file each wrote, for the event stream.
    package var saves: [(outcome: SaveOutcome, file: String?)] = []
    /// The session's controls after the reply: what a save writes.
    package var elements: [AdjustableElement] = []
    /// The focused control after the reply; nil for an output's own words.
    package var focused: AdjustableElement?
    /// When it happened, on the monotonic clock.
    package var now: Double
    /// A value's move to play (animated, or a jump under reduce motion).
    package var transition: ElementTransition?
    /// Where the words are left to the outputs (a long script's, said on a thread of their
    /// own), the verbosity `events` are said at, and the focused control's place, which is
    /// the control of every event that names one.
    package var verbosity = Verbosity.normal
    package var focusIndex = 0
    /// Whether its events ask for a save: saving looks no further into a reply that does not.
    package var asksToSave = false
    /// Whether the session acted (the control may have changed and is drawn again), rather
    /// than an output speaking up later (a settled value, a failed command).
    package var fromSession = false

    /// A reply of the session's.
    package init(_ reply: Reply, elements: [AdjustableElement], focused: AdjustableElement, now: Double) {
        events = reply.events
        spoken = reply.announcements
        transition = reply.transition
        asksToSave = reply.events.contains { if case .saveRequested = $0 { true } else { false } }
        self.elements = elements
        self.focused = focused
        self.now = now
        fromSession = true
    }

    /// A reply kept from step to step by a script's run, which sets what each step brought.
    package init(steps verbosity: Verbosity) {
        self.verbosity = verbosity
        now = 0
        fromSession = true
    }

    /// What an output says on its own, later.
    package init(spoken: [Announcement] = [], messages: [String] = [], heardOnly: [Announcement] = [], now: Double) {
        self.spoken = spoken
        self.heardOnly = heardOnly
        self.messages = messages
        self.now = now
    }

    /// Controls whose value moved: what change commands are run for.
    package var moved: [AdjustableElement] { events.compactMap(\.movedElement) }

    /// Whether the reply moved a value or focus: the plain display then adds a line.
    package var movedOrFocused: Bool {
        events.contains { event in
            switch event {
            case .focused: true
            default: event.movedElement != nil
            }
        }
    }
}
