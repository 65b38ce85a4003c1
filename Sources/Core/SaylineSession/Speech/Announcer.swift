import SaylineText
import SaylineControls
/// Turns session events into the lines a person hears, following the speech style (Docs/speech.md):
/// value first on a change, label, value, traits and hint on focus, hints only on request.
public struct Announcer: Sendable {
    /// How much it says.
    public let verbosity: Verbosity

    /// An announcer at a verbosity.
    public init(verbosity: Verbosity) {
        self.verbosity = verbosity
    }

    /// - Complexity: O(1) per event, except a listing, which is O(controls).
    public func announcements(for event: SessionEvent) -> [Announcement] {
        switch event {
        case .focused(let element):
            return [Announcement(focusLine(element), kind: .info)]
        case .changed(let element, let change):
            return [Announcement(changeLine(element, change), kind: .change)]
        case .unchanged(let element, .atBound(let bound)):
            let line = verbosity == .verbose ? translated("Already at %s, %s", bound.spokenWord, element.spokenValue) : bound.spokenWord
            return [Announcement(line, kind: .change)]
        case .unchanged(let element, .clamped(let requested, let bound)):
            return [Announcement(Self.outOfRange(requested, element) + "\(valueText(element)) \(bound.spokenShort)", kind: .change)]
        case .unchanged(let element, .sameValue):
            return [Announcement(translated("%s, unchanged", valueText(element)), kind: .change)]
        case .rejected(let rejection, let element):
            var line = rejection.message
            if rejection.concernsValue, let element { line = translated("%s. %s", line, element.rangeSentence.startingASentence) }
            return [Announcement(line, kind: .error)]
        case .described(let element):
            return [Announcement(description(of: element), kind: .info)]
        case .listed(let elements, let focused):
            return elements.enumerated().map { offset, element in
                let place = String(offset + 1), count = String(elements.count)
                return Announcement(offset == focused
                    ? translated("%s of %s, %s, %s, focused", place, count, element.identity.label, element.spokenValue)
                    : translated("%s of %s, %s, %s", place, count, element.identity.label, element.spokenValue), kind: .info)
            }
        case .tourStep(let element, _):
            return [Announcement("\(element.identity.label), \(element.spokenValue)", kind: .change)]
        case .tourStarted(let element):
            return [Announcement(translated("Tour of %s started. Any change of yours stops it", element.identity.label), kind: .info)]
        case .tourStopped:
            return [Announcement(translated("Tour stopped"), kind: .info)]
        case .tourFinished:
            return [Announcement(translated("Tour finished"), kind: .info)]
        case .restored(let element, _, let redone, let focusMoved):
            // What was done first, then where the value is now; the label only when the undo
            // moved focus to another control.
            // At normal verbosity the value alone, as after any key: the person pressed undo,
            // and "Redone, 62.5 kilograms" takes longer than a change may.
            let place = focusMoved ? "\(element.identity.label), " : ""
            guard verbosity == .verbose else { return [Announcement(place + valueText(element), kind: .change)] }
            return [Announcement(redone ? translated("Redone, %s%s", place, element.spokenValue) : translated("Undone, %sback to %s", place, element.spokenValue), kind: .change)]
        case .nothingToUndo:
            return [Announcement(translated("Nothing to undo"), kind: .info)]
        case .nothingToRedo:
            return [Announcement(translated("Nothing to redo"), kind: .info)]
        case .motionSet(let motion):
            return [Announcement(motion == .reduce ? translated("Reduce motion on, changes jump") : translated("Full motion, changes animate"), kind: .info)]
        case .verbositySet(let level):
            return [Announcement(translated("Verbosity %s", level.spokenName), kind: .info)]
        case .help(let lines):
            return lines.map { Announcement($0, kind: .reference) }
        case .quit, .saveRequested:
            return []
        }
    }

    /// "Weight, 62 kilograms"; terse "Weight, 62"; verbose adds the trait and the hint. Every
    /// control is adjustable, so the trait is said by `describe` and at verbose, and a focus
    /// line stays under three and a half seconds.
    public func focusLine(_ element: AdjustableElement) -> String {
        switch verbosity {
        case .terse: return "\(element.identity.shortName), \(element.terseValue)"
        case .normal:
            return Phrase.make { appendFocusLine(element, to: &$0) }
        case .verbose: return translated("%s, %s, adjustable. %s", element.identity.spokenLabel, element.spokenValue, element.hint)
        }
    }

    /// Label, value, traits, then hint, as a screen reader would describe the control.
    public func description(of element: AdjustableElement) -> String {
        ScreenReaderDescription.sentence(for: element, verbose: verbosity == .verbose)
    }

    /// A change, when the element's spoken value is already in hand (an audit's walk has it):
    /// the same words as `announcements(for: .changed(element, change))`, without saying the
    /// value twice over.
    public func changeAnnouncement(_ element: AdjustableElement, _ change: ValueChange, spokenValue: String) -> Announcement {
        Announcement(changeLine(element, change, spokenValue: spokenValue), kind: .change)
    }

    /// The focus line at normal verbosity: "Weight, 62.5 kilograms".
    private func appendFocusLine(_ element: AdjustableElement, to line: inout Phrase) {
        line.append(element.spokenLabel)
        line.append(", ")
        element.appendSpokenValue(to: &line)
    }

    /// Writes the lines `announcements(for:)` gives, each with a line feed, at the end of
    /// `bytes`: a change's and a focus's words at normal verbosity (nearly every line of a
    /// script) go straight in, with no string made. A line the sanitiser would change, or one
    /// past the longest an announcement may be, is written as `Announcement` makes it.
    public func writeAnnouncements(for event: SessionEvent, into bytes: inout [UInt8]) {
        let start = bytes.count
        switch (event, verbosity) {
        case (.changed(let element, let change), .normal):
            Phrase.write(into: &bytes) { appendChangeLine(element, change, to: &$0) }
        case (.focused(let element), .normal):
            Phrase.write(into: &bytes) { appendFocusLine(element, to: &$0) }
        default:
            break
        }
        if bytes.count > start {
            let written = bytes.count - start
            let fits = written <= Announcement.maximumLength
                && bytes.withUnsafeBufferPointer { TextSanitiser.isClean(UnsafeBufferPointer(rebasing: $0[start...])) }
            if fits {
                bytes.append(UInt8(ascii: "\n"))
                return
            }
            bytes.removeSubrange(start...)
        }
        for announcement in announcements(for: event) {
            bytes.append(contentsOf: announcement.text.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    private func changeLine(_ element: AdjustableElement, _ change: ValueChange, spokenValue: String? = nil) -> String {
        // A plain step at normal verbosity says the value alone: the words in hand are the line.
        if verbosity == .normal, let spokenValue, change.reachedBound == nil, change.correction == nil { return spokenValue }
        return Phrase.make { appendChangeLine(element, change, spokenValue: spokenValue, to: &$0) }
    }

    private func appendChangeLine(_ element: AdjustableElement, _ change: ValueChange, spokenValue: String? = nil, to line: inout Phrase) {
        // A typed value that was moved into the range says so first.
        if case .clamped(let requested)? = change.correction { line.append(Self.outOfRange(requested, element)) }
        switch (verbosity, spokenValue) {
        case (.normal, let said?): line.append(said)
        case (.normal, nil): element.appendSpokenValue(to: &line)
        default: line.append(valueText(element))
        }
        // "120 kilograms max": the bound in one short word, with no pause before it, keeps a
        // change at a bound under two and a half seconds at 175 words a minute.
        if let bound = change.reachedBound {
            line.append(verbosity == .verbose ? ", " : " ")
            line.append(verbosity == .verbose ? bound.spokenWord : bound.spokenShort)
        }
        if case .snapped(let requested)? = change.correction {
            line.append(translated(", nearest step to %s", NumberText.plain(requested)))
        }
    }

    /// "Too high, ": a typed value that was moved into the range says so first (the number
    /// typed is not said again: it may be hundreds of digits, and the person just typed it).
    private static func outOfRange(_ requested: Double, _ element: AdjustableElement) -> String {
        requested > element.maximum ? translated("Too high, ") : translated("Too low, ")
    }

    private func valueText(_ element: AdjustableElement) -> String {
        switch verbosity {
        case .terse: element.terseValue
        case .normal: element.spokenValue
        case .verbose: translated("%s, %s", element.identity.label, element.spokenValue)
        }
    }

}
