import SaylineText
import SaylineControls
import SaylineSystem

extension AccessibilityBus {
    /// Asks for the value-change events of every application (`object:property-change:
    /// accessible-value`), as a screen reader does: GTK 3, Qt and Chromium send them only once
    /// a client has registered for them. Toolkits that send none (GTK 4) are read again instead.
    package func listenForValueChanges() {
        let match = "type='signal',interface='org.a11y.atspi.Event.Object',member='PropertyChange'"
        let addMatch = DBusMessage.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", [.string(match)])
        let event = "object:property-change:accessible-value"
        let register = DBusMessage.call(Self.registry, "/org/a11y/atspi/registry", "org.a11y.atspi.Registry", "RegisterEvent",
                                        [.string(event), .array(element: .string, []), .string("")])
        let answers = (try? returns([addMatch, register])) ?? []
        // An older registry takes the event's name alone.
        if answers.count == 2, answers[1] == nil {
            _ = try? returns([DBusMessage.call(Self.registry, "/org/a11y/atspi/registry", "org.a11y.atspi.Registry", "RegisterEvent", [.string(event)])])
        }
    }

    /// The accessibles whose value-change events have arrived, each once, without waiting.
    package func valueChangesArrived() -> Set<AccessibleReference> {
        var changed: Set<AccessibleReference> = []
        // Drained without waiting, and bounded: a flood is read at most a window at a time.
        for _ in 0..<DBusConnection.keptSignals {
            guard let signal = try? connection.nextSignal(until: 0) else { break }
            guard signal.interface == "org.a11y.atspi.Event.Object", signal.member == "PropertyChange",
                  signal.body.first?.text == "accessible-value", let sender = signal.sender, let path = signal.path else { continue }
            changed.insert(AccessibleReference(busName: sender, path: path))
        }
        return changed
    }
}
