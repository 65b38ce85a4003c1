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
            let line = verbosity == .verbose ? "Already at \(bound.rawValue), \(element.spokenValue)" : bound.rawValue
            return [Announcement(line, kind: .change)]
        case .unchanged(let element, .clamped(let requested, let bound)):
            return [Announcement(Self.outOfRange(requested, element) + "\(valueText(element)), \(bound.rawValue)", kind: .change)]
        case .unchanged(let element, .sameValue):
            return [Announcement("\(valueText(element)), unchanged", kind: .change)]
        case .rejected(let rejection, let element):
            var line = rejection.message
            if rejection.concernsValue, let element { line += ". " + element.rangeSentence }
            return [Announcement(line, kind: .error)]
        case .described(let element):
            return [Announcement(description(of: element), kind: .info)]
        case .listed(let elements, let focused):
            return elements.enumerated().map { offset, element in
                let mark = offset == focused ? ", focused" : ""
                return Announcement("\(offset + 1) of \(elements.count): \(element.identity.label), \(element.spokenValue)\(mark)", kind: .info)
            }
        case .tourStep(let element, _):
            return [Announcement("\(element.identity.label), \(element.spokenValue)", kind: .change)]
        case .tourStarted(let element):
            return [Announcement("Tour of \(element.identity.label) started. Any change of yours stops it", kind: .info)]
        case .tourStopped:
            return [Announcement("Tour stopped", kind: .info)]
        case .tourFinished:
            return [Announcement("Tour finished", kind: .info)]
        case .restored(let element, _, let redone, let focusMoved):
            // What was done first, then where the value is now; the label only when the undo
            // moved focus to another control.
            let place = focusMoved ? "\(element.identity.label) " : ""
            return [Announcement(redone ? "Redone, \(place)\(element.spokenValue)" : "Undone, \(place)back to \(element.spokenValue)", kind: .change)]
        case .nothingToUndo:
            return [Announcement("Nothing to undo", kind: .info)]
        case .nothingToRedo:
            return [Announcement("Nothing to redo", kind: .info)]
        case .motionSet(let motion):
            return [Announcement(motion == .reduce ? "Reduce motion on: changes jump" : "Full motion: changes animate", kind: .info)]
        case .verbositySet(let level):
            return [Announcement("Verbosity \(level.rawValue)", kind: .info)]
        case .help, .quit, .saveRequested:
            return []
        }
    }

    /// "Weight in kilograms, 62 kilograms, adjustable"; terse "Weight, 62"; verbose adds the hint.
    public func focusLine(_ element: AdjustableElement) -> String {
        switch verbosity {
        case .terse: return "\(element.identity.shortName), \(element.terseValue)"
        case .normal: return "\(element.identity.spokenLabel), \(element.spokenValue), adjustable"
        case .verbose: return "\(element.identity.spokenLabel), \(element.spokenValue), adjustable. \(element.hint)"
        }
    }

    /// Label, value, traits, then hint, as a screen reader would describe the control.
    public func description(of element: AdjustableElement) -> String {
        ScreenReaderDescription.sentence(for: element)
    }

    /// A change, when the element's spoken value is already in hand (an audit's walk has it):
    /// the same words as `announcements(for: .changed(element, change))`, without saying the
    /// value twice over.
    public func changeAnnouncement(_ element: AdjustableElement, _ change: ValueChange, spokenValue: String) -> Announcement {
        Announcement(changeLine(element, change, spokenValue: spokenValue), kind: .change)
    }

    private func changeLine(_ element: AdjustableElement, _ change: ValueChange, spokenValue: String? = nil) -> String {
        var line = verbosity == .normal ? spokenValue ?? element.spokenValue : valueText(element)
        if let bound = change.reachedBound { line += ", \(bound.rawValue)" }
        if case .snapped(let requested)? = change.correction {
            line += ", nearest step to \(NumberText.plain(requested))"
        }
        if case .clamped(let requested)? = change.correction {
            return Self.outOfRange(requested, element) + line
        }
        return line
    }

    /// "200 is above the maximum. ": a typed value that was moved into the range says so first.
    private static func outOfRange(_ requested: Double, _ element: AdjustableElement) -> String {
        // A number of hundreds of digits would fill the line before the value is heard.
        let digits = NumberText.plain(abs(requested)).count
        let said = digits > 15 ? "A number of \(digits) digits" : NumberText.plain(requested)
        return "\(said) is \(requested > element.maximum ? "above the maximum" : "below the minimum"). "
    }

    private func valueText(_ element: AdjustableElement) -> String {
        switch verbosity {
        case .terse: element.terseValue
        case .normal: element.spokenValue
        case .verbose: "\(element.identity.label), \(element.spokenValue)"
        }
    }

}
