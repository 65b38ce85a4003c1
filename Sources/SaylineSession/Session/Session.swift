import SaylineText
import SaylineControls
/// The state every front drives: the controls, focus, settings, undo history and the tour.
///
/// `perform(_:)` applies one command and returns what happened; nothing here reads a clock,
/// so the REPL, scripts and audits get the same behaviour and tests need no terminal.
public struct Session: Sendable {
    /// Undo history is bounded so a long session keeps flat memory.
    public static let historyLimit = 1_000

    /// The controls, in focus order.
    public private(set) var elements: [AdjustableElement]
    /// Where focus is.
    public private(set) var focusIndex = 0
    /// Whether changes animate.
    public private(set) var motion: MotionPreference
    /// How much is said.
    public private(set) var verbosity: Verbosity
    /// The tour, while it runs.
    public private(set) var tour: DemoTour?
    /// Whether a reply carries its announcements. A front that puts a reply's events into
    /// words itself, with `Announcer(verbosity:)` (a long script's, on another thread), turns
    /// this off; the words are the same.
    public var announcesReplies = true
    private var undoStack = BoundedHistory<(index: Int, value: Double)>(capacity: Session.historyLimit)
    private var redoStack = BoundedHistory<(index: Int, value: Double)>(capacity: Session.historyLimit)

    /// - Parameter elements: at least one; an empty list gets the demo scene.
    public init(elements: [AdjustableElement], motion: MotionPreference = .full, verbosity: Verbosity = .normal) {
        self.elements = elements.isEmpty ? DemoScene.elements : elements
        self.motion = motion
        self.verbosity = verbosity
    }

    /// The control with focus.
    public var focused: AdjustableElement { elements[focusIndex] }
    /// What says the session's changes, at its verbosity.
    public var announcer: Announcer { Announcer(verbosity: verbosity) }

    /// The focus announcement a front makes on start.
    public func greeting() -> Reply {
        reply(.focused(focused))
    }

    /// Parses and performs a line. Blank lines and comments do nothing and say nothing.
    public mutating func perform(line: String) -> Reply {
        switch CommandTable.parse(line) {
        case nil: return Reply()
        case .failure(let rejection)?: return reply(.rejected(rejection, nil))
        case .success(let command)?: return perform(command)
        }
    }

    /// - Complexity: O(1) for steps, pages, bounds and focus moves; O(controls) for `list`
    ///   and for finding a control by name.
    public mutating func perform(_ command: Command) -> Reply {
        switch command {
        case .list:
            return reply(.listed(elements, focused: focusIndex))
        case .focus(let name):
            guard let index = elementIndex(named: name) else {
                let suggestion = CommandTable.suggestion(for: name, among: elements.map(\.identity.id))
                return reply(.rejected(Rejection(.unknownControl(suggestion: suggestion), input: name), nil))
            }
            focusIndex = index
            return reply(.focused(focused))
        case .next:
            focusIndex = (focusIndex + 1) % elements.count
            return reply(.focused(focused))
        case .previous:
            focusIndex = (focusIndex + elements.count - 1) % elements.count
            return reply(.focused(focused))
        case .increment(let count): return adjust(.increment(count))
        case .decrement(let count): return adjust(.decrement(count))
        case .page(.up): return adjust(.pageUp)
        case .page(.down): return adjust(.pageDown)
        case .minimum: return adjust(.toMinimum)
        case .maximum: return adjust(.toMaximum)
        case .set(let text): return adjust(.typed(text))
        case .say:
            return reply(.focused(focused))
        case .describe(let name):
            guard let name else { return reply(.described(focused)) }
            guard let index = elementIndex(named: name) else {
                let suggestion = CommandTable.suggestion(for: name, among: elements.map(\.identity.id))
                return reply(.rejected(Rejection(.unknownControl(suggestion: suggestion), input: name), nil))
            }
            return reply(.described(elements[index]))
        case .motion(let preference):
            motion = preference
            var events: [SessionEvent] = [.motionSet(preference)]
            if preference == .reduce, tour != nil {
                tour = nil
                events.append(.tourStopped)
            }
            return reply(events)
        case .verbosity(let level):
            verbosity = level
            return reply(.verbositySet(level))
        case .undo:
            return restore(redone: false)
        case .redo:
            return restore(redone: true)
        case .tour:
            return startTour()
        case .help(let name):
            return reply(.help(Self.helpText(for: name)))
        case .save(let request):
            return reply(.saveRequested(request))
        case .quit:
            var result = reply(.quit)
            result.quit = true
            return result
        }
    }

    /// Stops the tour if one runs (Ctrl-C), saying so.
    public mutating func stopTour() -> Reply {
        guard tour != nil else { return Reply() }
        tour = nil
        return reply(.tourStopped)
    }

    /// Moves the tour to its next stop. The front calls this every `DemoTour.interval`.
    public mutating func advanceTour() -> Reply {
        guard var current = tour else { return Reply() }
        let element = elements[current.elementIndex]
        guard motion == .full, element.value == current.lastAutoValue, let target = current.takeNextTarget() else {
            tour = nil
            return reply(current.isFinished ? .tourFinished : .tourStopped)
        }
        var moved = element
        let outcome = moved.apply(.exactly(target))
        current.recordArrival(at: moved.value)
        tour = current
        guard case .changed(let change) = outcome else { return Reply() }
        elements[current.elementIndex] = moved
        var result = reply(.tourStep(moved, change))
        result.transition = transition(for: current.elementIndex, change)
        return result
    }

    /// The lines of `help`, `help keys`, `help commands` or `help NAME`: short, whole words,
    /// nothing a screen reader names as a symbol, so they can be heard before they scroll.
    public static func helpText(for name: String?) -> [String] {
        switch name?.lowercased() {
        case nil:
            return [
                "Up and Down adjust the value. Page Up and Page Down move a page. Home and End go to the ends.",
                "Tab and Shift Tab move between controls. Question mark describes the control.",
                "Type a value or a command, then Enter. Control D leaves.",
                "For more, type help keys, help commands, or help and a command's name.",
            ]
        case "keys"?:
            return KeyTable.spokenReference
        case "commands"?:
            return CommandTable.all.map { "\($0.spokenUsage), \($0.summary)" }
        case let name?:
            guard let spec = CommandTable.spec(named: name) else {
                let suggestion = CommandTable.suggestion(for: name, among: CommandTable.all.map(\.name) + ["keys", "commands"])
                return [Rejection(.unknownCommand(suggestion: suggestion), input: name).message]
            }
            return spec.spokenHelp
        }
    }

    private mutating func adjust(_ adjustment: Adjustment) -> Reply {
        // In place: a rejected or unchanged action leaves the element exactly as it was, and a
        // copy out and back in was two references counted on every key.
        let outcome = elements[focusIndex].apply(adjustment)
        switch outcome {
        case .rejected(let rejection):
            return reply(.rejected(rejection, focused))
        case .unchanged(let reason):
            return reply(.unchanged(focused, reason))
        case .changed(let change):
            let element = focused
            push(&undoStack, (focusIndex, change.old))
            redoStack.removeAll()
            let moved = transition(for: focusIndex, change, element)
            guard tour?.elementIndex == focusIndex else { return reply(.changed(element, change), transition: moved) }
            tour = nil
            var result = reply([.changed(element, change), .tourStopped])
            result.transition = moved
            return result
        }
    }

    private mutating func restore(redone: Bool) -> Reply {
        guard let entry = redone ? redoStack.popLast() : undoStack.popLast() else {
            return reply(redone ? .nothingToRedo : .nothingToUndo)
        }
        var element = elements[entry.index]
        guard case .changed(let change) = element.apply(.exactly(entry.value)) else { return reply(redone ? .nothingToRedo : .nothingToUndo) }
        elements[entry.index] = element
        if redone { push(&undoStack, (entry.index, change.old)) } else { push(&redoStack, (entry.index, change.old)) }
        let focusMoved = focusIndex != entry.index
        focusIndex = entry.index
        let restored = SessionEvent.restored(element, change, redone: redone, focusMoved: focusMoved)
        var result: Reply
        if tour?.elementIndex == entry.index {
            tour = nil
            result = reply([restored, .tourStopped])
        } else {
            result = reply(restored)
        }
        result.transition = transition(for: entry.index, change)
        return result
    }

    private mutating func startTour() -> Reply {
        guard motion == .full else {
            return reply(.rejected(Rejection(.notAllowed("The tour does not run with reduce motion"), input: "tour"), nil))
        }
        let rulers = elements.indices.filter { elements[$0].control is RulerPicker }
        guard let index = rulers.contains(focusIndex) ? focusIndex : rulers.first else {
            return reply(.rejected(Rejection(.notAllowed("The tour needs a ruler in the scene"), input: "tour"), nil))
        }
        tour = DemoTour(elementIndex: index, startValue: elements[index].value)
        return reply(.tourStarted(elements[index]))
    }

    private func transition(for index: Int, _ change: ValueChange, _ element: AdjustableElement? = nil) -> ElementTransition {
        ElementTransition(elementIndex: index, from: change.old, to: change.new, element: element ?? elements[index], motion: motion)
    }

    private func elementIndex(named name: String) -> Int? {
        if let number = Int(name), number >= 1, number <= elements.count { return number - 1 }
        let lowered = name.lowercased()
        return elements.firstIndex { $0.identity.id.lowercased() == lowered }
    }

    private func push(_ stack: inout BoundedHistory<(index: Int, value: Double)>, _ entry: (Int, Double)) {
        stack.push((index: entry.0, value: entry.1))
    }

    /// The reply to a command that did one thing: the common case.
    private func reply(_ event: consuming SessionEvent, transition: ElementTransition? = nil) -> Reply {
        var result = Reply()
        if announcesReplies { result.announcements = announcer.announcements(for: event) }
        result.transition = transition
        result.events = [event]
        return result
    }

    private func reply(_ events: [SessionEvent]) -> Reply {
        guard events.count != 1 else { return reply(events[0]) }
        var result = Reply()
        result.events = events
        if announcesReplies { result.announcements = events.flatMap(announcer.announcements(for:)) }
        return result
    }
}
