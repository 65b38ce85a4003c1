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
    public mutating func takeReading(_ element: AdjustableElement, at index: Int, announce: Bool) -> Reply {
        guard elements.indices.contains(index) else { return Reply() }
        let old = elements[index].value
        elements[index] = element
        guard element.value != old else { return Reply() }
        let change = ValueChange(old: old, new: element.value, reachedBound: element.bound, correction: nil)
        var result = Reply()
        guard announce else { return result }
        result.transition = transition(for: index, change, element)
        say(.changed(element, change), into: &result)
        return result
    }

    /// A refusal, said as the session says its own.
    public func refusal(_ rejection: Rejection) -> Reply {
        reply(.rejected(rejection, nil))
    }
}
