import SaylineText
import SaylineControls
import SaylineSystem

extension AccessibilityBus {
    /// Asks for `application`'s value-change events (`object:property-change:
    /// accessible-value`), as a screen reader does: GTK 3, Qt and Chromium send them only once
    /// a client has registered for them. Toolkits that send none (GTK 4) are read again instead.
    /// Only that application's, and only value changes, reach Sayline: a desktop where Orca
    /// listens to every change of every application does not wake it for each.
    package func listenForValueChanges(from application: AccessibleReference) {
        var match = "type='signal',interface='org.a11y.atspi.Event.Object',member='PropertyChange',arg0='accessible-value'"
        // A bus name is letters, digits and ".:_-"; one that is not is left out of the rule
        // rather than quoted into it.
        let sender = application.busName
        if sender.utf8.allSatisfy({ $0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber || ".:_-".utf8.contains($0)) }) {
            match += ",sender='" + sender + "'"
        }
        let addMatch = DBusMessage.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", [.string(match)])
        let event = "object:property-change:accessible-value"
        let register = DBusMessage.call(Self.registry, "/org/a11y/atspi/registry", "org.a11y.atspi.Registry", "RegisterEvent",
                                        [.string(event), .array(element: .string, []), .string(sender)])
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
