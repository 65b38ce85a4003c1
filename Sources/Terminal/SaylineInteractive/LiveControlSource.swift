import SaylineText
import SaylineControls
import SaylineSession

/// A running application whose controls a session adjusts (`sayline --app`): the session
/// works out what a command asks for, and the application is what moves and what is heard.
package protocol LiveControlSource: AnyObject {
    /// Moves control `index` to `target`, the value Sayline's model of it works out for the
    /// command, and returns the control as the application then exposes it; nil when the
    /// application no longer answers.
    func move(_ index: Int, to target: Double) -> AdjustableElement?
    /// The descriptor that turns readable when the application says a value changed.
    var changeDescriptor: Int32 { get }
    /// Whether a change is waiting to be read without waiting on the descriptor.
    var hasPendingChanges: Bool { get }
    /// The controls whose value changed outside Sayline (the mouse, the application), read
    /// again; `focused` is also read when the application sends no events for it.
    func outsideChanges(focused: Int) -> [(index: Int, element: AdjustableElement)]
    /// How often the focused control is read again for a toolkit that says nothing of its changes.
    var pollInterval: Double { get }
}

extension Session {
    /// Performs `command` on a session of a running application's controls: an adjustment
    /// the model accepts moves the application's control, and what it then exposes is said;
    /// a refusal (past a bound, not a number) is the model's, said at once; undo and redo are
    /// refused, as the application keeps no history Sayline could walk back.
    package mutating func perform(_ command: Command, on live: any LiveControlSource) -> Reply {
        if case .undo = command { return refusal(Rejection(.notAllowed(translated("Undo and redo are not there for a running application's controls")), input: "undo")) }
        if case .redo = command { return refusal(Rejection(.notAllowed(translated("Undo and redo are not there for a running application's controls")), input: "redo")) }
        guard let adjustment = adjustment(for: command) else { return perform(command) }
        var model = focused
        guard case .changed(let change) = model.apply(adjustment) else { return perform(command) }
        let index = focusIndex
        guard let reading = live.move(index, to: change.new) else {
            return refusal(Rejection(.notAllowed(translated("The application no longer answers")), input: ""))
        }
        if reading.value == focused.value {
            // Translators: %s is the control's value as the application says it.
            return refusal(Rejection(.notAllowed(translated("The application kept the value at %s", reading.spokenValue)), input: ""))
        }
        return takeReading(reading, at: index, announce: true)
    }
}
