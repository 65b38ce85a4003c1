import SaylineText
import SaylineControls

/// A session of a running application's controls (`--app`): the front moves the application,
/// and the session says what the application then exposes.
extension Session {
    /// The adjustment `command` makes on the focused control, if it makes one: what a front
    /// that moves a running application's control does itself.
    public func adjustment(for command: Command) -> Adjustment? {
        switch command {
        case .increment(let count): .increment(count)
        case .decrement(let count): .decrement(count)
        case .page(.up): .pageUp
        case .page(.down): .pageDown
        case .minimum: .toMinimum
        case .maximum: .toMaximum
        case .set(let text): .typed(text)
        default: nil
        }
    }

    /// A running application's control as read again after it moved, by Sayline or by
    /// anything else (the mouse, the application): the element is replaced, and a change of
    /// its value is said in the application's words when `announce` (a front announces the
    /// focused control's, as a screen reader does).
    /// - Parameter correction: how a typed value was corrected to fit (`set 150` on 0 to 100),
    ///   said with the change as for a scene's control.
    public mutating func takeReading(_ element: AdjustableElement, at index: Int, announce: Bool, correction: Correction? = nil) -> Reply {
        guard elements.indices.contains(index) else { return Reply() }
        let old = elements[index].value
        elements[index] = element
        guard element.value != old else { return Reply() }
        let change = ValueChange(old: old, new: element.value, reachedBound: element.bound, correction: correction)
        var result = Reply()
        guard announce else { return result }
        result.transition = transition(for: index, change, element)
        say(.changed(element, change), into: &result)
        return result
    }

    /// Performs `command` on a running application's controls. An adjustment the model
    /// accepts is made by `move` (the front moves the application's control to the value the
    /// model works out, and answers what the application then exposes, or nil when it no
    /// longer answers), and the application's words are said; a refusal (past a bound, not a
    /// number) is the model's, said at once. Undo and redo are refused (the application keeps
    /// no history to walk back), and so is `save` (there is no scene file, and a running
    /// application's controls are no kind a scene holds).
    public mutating func perform(_ command: Command, moving move: (_ index: Int, _ target: Double) -> AdjustableElement?) -> Reply {
        switch command {
        case .undo, .redo:
            return refusal(Rejection(.notAllowed(translated("Undo and redo are not there for a running application's controls")), input: command.name))
        case .save:
            return refusal(Rejection(.notAllowed(translated("A running application's controls are saved by the application, not in a scene file")), input: command.name))
        default:
            break
        }
        guard let adjustment = adjustment(for: command) else { return perform(command) }
        var model = focused
        guard case .changed(let change) = model.apply(adjustment) else { return perform(command) }
        let index = focusIndex
        guard let reading = move(index, change.new) else {
            return refusal(Rejection(.notAllowed(translated("The application no longer answers")), input: ""))
        }
        if reading.value == focused.value {
            // Translators: %s is the control's value as the application says it.
            return refusal(Rejection(.notAllowed(translated("The application kept the value at %s", reading.spokenValue)), input: ""))
        }
        return takeReading(reading, at: index, announce: true, correction: change.correction)
    }

    /// A line typed or read on a running application's controls, parsed as `perform(line:)` does.
    public mutating func perform(line: String, moving move: (_ index: Int, _ target: Double) -> AdjustableElement?) -> Reply {
        guard case .success(let command)? = CommandTable.parse(line) else { return perform(line: line) }
        return perform(command, moving: move)
    }

    /// A refusal, said as the session says its own.
    public func refusal(_ rejection: Rejection) -> Reply {
        reply(.rejected(rejection, nil))
    }
}
