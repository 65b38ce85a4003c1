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
    public internal(set) var elements: [AdjustableElement]
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
    /// `sayline pick`: one value is asked for, and what makes no sense for one (`PickRules`)
    /// is refused; `help` says pick's keys.
    public var isPick = false
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
        var reply = Reply()
        perform(command, into: &reply)
        return reply
    }

    /// The same, into `reply`: emptied first, its storage kept. A front that performs one
    /// command after another (a long script) keeps one reply, so a command allocates nothing;
    /// a new reply for each command, its array made and freed and the reply copied, was a
    /// tenth of a script's instructions.
    /// Nothing may share the reply's arrays when it is handed in, or they are copied.
    public mutating func perform(_ command: Command, into reply: inout Reply) {
        reply.removeAll()
        if isPick, let refusal = PickRules.refusal(of: command) {
            return say(.rejected(refusal, nil), into: &reply)
        }
        switch command {
        case .list:
            say(.listed(elements, focused: focusIndex), into: &reply)
        case .focus(let name):
            guard let index = elementIndex(named: name) else { return refuseUnknownControl(name, into: &reply) }
            focusIndex = index
            say(.focused(focused), into: &reply)
        case .next:
            focusIndex = (focusIndex + 1) % elements.count
            say(.focused(focused), into: &reply)
        case .previous:
            focusIndex = (focusIndex + elements.count - 1) % elements.count
            say(.focused(focused), into: &reply)
        case .increment(let count): adjust(.increment(count), into: &reply)
        case .decrement(let count): adjust(.decrement(count), into: &reply)
        case .page(.up): adjust(.pageUp, into: &reply)
        case .page(.down): adjust(.pageDown, into: &reply)
        case .minimum: adjust(.toMinimum, into: &reply)
        case .maximum: adjust(.toMaximum, into: &reply)
        case .set(let text): adjust(.typed(text), into: &reply)
        case .say:
            say(.focused(focused), into: &reply)
        case .describe(let name):
            guard let name else { return say(.described(focused), into: &reply) }
            guard let index = elementIndex(named: name) else { return refuseUnknownControl(name, into: &reply) }
            say(.described(elements[index]), into: &reply)
        case .motion(let preference):
            setMotion(preference, into: &reply)
        case .verbosity(let level):
            verbosity = level
            say(.verbositySet(level), into: &reply)
        case .undo:
            restore(redone: false, into: &reply)
        case .redo:
            restore(redone: true, into: &reply)
        case .tour:
            startTour(into: &reply)
        case .help(nil) where isPick:
            say(.help(PickRules.helpText), into: &reply)
        case .help(let name):
            say(.help(Self.helpText(for: name)), into: &reply)
        case .save(let request):
            say(.saveRequested(request), into: &reply)
        case .quit:
            say(.quit, into: &reply)
            reply.quit = true
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
                KeyTable.groupSentences(KeyTable.groups[..<3]),
                KeyTable.groupSentences(KeyTable.groups[3...]),
                translated("Type a value or a command, then Enter. Control D leaves."),
                translated("For more, type help keys, help commands, or help and a command's name."),
            ]
        case "keys"?:
            return KeyTable.spokenReference
        case "commands"?:
            return CommandTable.all.map { translated("%s, %s", $0.spokenUsage, Phrasebook.current.text($0.summary)) }
        case let name?:
            guard let spec = CommandTable.spec(named: name) else {
                let suggestion = CommandTable.suggestion(for: name, among: CommandTable.all.map(\.name) + ["keys", "commands"])
                return [Rejection(.unknownCommand(suggestion: suggestion), input: name).message]
            }
            return spec.spokenHelp
        }
    }

    /// `focus NAME` or `describe NAME` for a control the scene has not: the nearest id offered.
    private func refuseUnknownControl(_ name: String, into reply: inout Reply) {
        let suggestion = CommandTable.suggestion(for: name, among: elements.map(\.identity.id))
        say(.rejected(Rejection(.unknownControl(suggestion: suggestion), input: name), nil), into: &reply)
    }

    /// Reduce motion stops a running tour: the tour is nothing but motion.
    private mutating func setMotion(_ preference: MotionPreference, into reply: inout Reply) {
        motion = preference
        say(.motionSet(preference), into: &reply)
        guard preference == .reduce, tour != nil else { return }
        tour = nil
        say(.tourStopped, into: &reply)
    }

    private mutating func adjust(_ adjustment: Adjustment, into reply: inout Reply) {
        // In place: a rejected or unchanged action leaves the element exactly as it was, and a
        // copy out and back in was two references counted on every key.
        let outcome = elements[focusIndex].apply(adjustment)
        switch outcome {
        case .rejected(let rejection):
            say(.rejected(rejection, focused), into: &reply)
        case .unchanged(let reason):
            say(.unchanged(focused, reason), into: &reply)
        case .changed(let change):
            let element = focused
            push(&undoStack, (focusIndex, change.old))
            redoStack.removeAll()
            reply.transition = transition(for: focusIndex, change, element)
            say(.changed(element, change), into: &reply)
            guard tour?.elementIndex == focusIndex else { return }
            tour = nil
            say(.tourStopped, into: &reply)
        }
    }

    private mutating func restore(redone: Bool, into reply: inout Reply) {
        guard let entry = redone ? redoStack.popLast() : undoStack.popLast() else {
            return say(redone ? .nothingToRedo : .nothingToUndo, into: &reply)
        }
        var element = elements[entry.index]
        guard case .changed(let change) = element.apply(.exactly(entry.value)) else {
            return say(redone ? .nothingToRedo : .nothingToUndo, into: &reply)
        }
        elements[entry.index] = element
        if redone { push(&undoStack, (entry.index, change.old)) } else { push(&redoStack, (entry.index, change.old)) }
        let focusMoved = focusIndex != entry.index
        focusIndex = entry.index
        reply.transition = transition(for: entry.index, change)
        say(.restored(element, change, redone: redone, focusMoved: focusMoved), into: &reply)
        guard tour?.elementIndex == entry.index else { return }
        tour = nil
        say(.tourStopped, into: &reply)
    }

    private mutating func startTour(into reply: inout Reply) {
        guard motion == .full else {
            return say(.rejected(Rejection(.notAllowed(translated("The tour does not run with reduce motion")), input: "tour"), nil), into: &reply)
        }
        let rulers = elements.indices.filter { elements[$0].control is RulerPicker }
        guard let index = rulers.contains(focusIndex) ? focusIndex : rulers.first else {
            return say(.rejected(Rejection(.notAllowed(translated("The tour needs a ruler in the scene")), input: "tour"), nil), into: &reply)
        }
        tour = DemoTour(elementIndex: index, startValue: elements[index].value)
        say(.tourStarted(elements[index]), into: &reply)
    }

    func transition(for index: Int, _ change: ValueChange, _ element: AdjustableElement? = nil) -> ElementTransition {
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

    /// The reply to a command that did one thing, outside `perform` (the greeting, the tour).
    func reply(_ event: consuming SessionEvent) -> Reply {
        var result = Reply()
        say(event, into: &result)
        return result
    }

    /// Adds an event to a reply, and its words when replies carry them.
    func say(_ event: consuming SessionEvent, into reply: inout Reply) {
        if announcesReplies {
            // The first event's words become the reply's (a key press has one event), not a copy of them.
            let words = announcer.announcements(for: event)
            if reply.announcements.isEmpty { reply.announcements = words } else { reply.announcements += words }
        }
        reply.events.append(event)
    }
}
