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
    /// Controls `indices` read again, for what focus or a description is about to say; a
    /// control that does not answer keeps its last reading.
    func readings(of indices: [Int]) -> [(index: Int, element: AdjustableElement)]
}

extension Session {
    /// Performs `command` on a session of a running application's controls, `live` moving
    /// them; what focus or a description is about to say is read from the application first.
    package mutating func perform(_ command: Command, on live: any LiveControlSource) -> Reply {
        refresh(for: command, from: live)
        return perform(command) { live.move($0, to: $1) }
    }

    /// The same for a line.
    package mutating func perform(line: String, on live: any LiveControlSource) -> Reply {
        guard case .success(let command)? = CommandTable.parse(line) else { return perform(line: line) }
        return perform(command, on: live)
    }

    /// Reads again the controls `command` is about to name: the next or previous one, the
    /// focused one, or all of them for a name or the list. The readings replace the elements
    /// silently: the command's own words say them.
    private mutating func refresh(for command: Command, from live: any LiveControlSource) {
        let count = elements.count
        let indices: [Int]
        switch command {
        case .next: indices = [(focusIndex + 1) % count]
        case .previous: indices = [(focusIndex + count - 1) % count]
        case .say, .describe(nil): indices = [focusIndex]
        case .focus, .describe, .list: indices = Array(elements.indices)
        default: return
        }
        for (index, element) in live.readings(of: indices) { _ = takeReading(element, at: index, announce: false) }
    }
}
