import SaylineControls

/// Values that moved and have not yet been still for the settle time, one per control: what
/// change commands and the event stream both wait on before they act on a value.
package struct SettlingValues {
    let settle: Double
    private var moved: [String: (element: AdjustableElement, at: Double)] = [:]

    init(settle: Double) {
        self.settle = settle
    }

    /// A control's value moved at `now`; a later move of the same control restarts its wait.
    mutating func moved(_ element: AdjustableElement, at now: Double) {
        moved[element.identity.id] = (element, now)
    }

    /// When the next value settles, if any is waiting.
    var deadline: Double? { moved.values.map { $0.at + settle }.min() }

    /// The values still for the settle time by `now`, each given once.
    mutating func settled(at now: Double) -> [AdjustableElement] {
        let due = moved.filter { now - $0.value.at >= settle }
        for id in due.keys { moved[id] = nil }
        return due.values.map(\.element)
    }
}
