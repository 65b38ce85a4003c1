import SaylineText
import SaylineControls
import SaylineSystem

extension AccessibilityBus {
    static let value = "org.a11y.atspi.Value"

    /// The Value interface's properties a reader reads, each asked alone: `GetAll` on the
    /// Value interface aborts some applications (at-spi2-atk's bridge in Chromium dies on an
    /// assertion for a slider whose minimum cannot be read), as no screen reader asks it.
    static let valueProperties = ["CurrentValue", "MinimumValue", "MaximumValue", "MinimumIncrement", "Text"]

    /// What each control says now: its name, states, attributes and value, asked together.
    /// A control whose application does not answer, or no longer has it, reads as nil.
    package func read(_ handles: [LiveControlHandle]) throws(LiveProblem) -> [AccessibleSlider?] {
        guard !handles.isEmpty else { return [] }
        let perControl = 3 + Self.valueProperties.count
        var calls: [DBusMessage] = []
        calls.reserveCapacity(handles.count * perControl)
        for handle in handles {
            calls.append(Self.property(handle.reference, Self.accessible, "Name"))
            calls.append(Self.call(handle.reference, Self.accessible, "GetState"))
            calls.append(Self.call(handle.reference, Self.accessible, "GetAttributes"))
            for name in Self.valueProperties { calls.append(Self.property(handle.reference, Self.value, name)) }
        }
        let replies = try returns(calls, until: monotonicSeconds() + Self.callSeconds + Double(calls.count) / 1_000)
        return handles.indices.map { index in
            let base = index * perControl
            guard let states = replies[base + 1]?.body.first?.elements?.compactMap(\.uint32) else { return nil }
            let attributes = replies[base + 2]?.body.first?.stringDictionary ?? [:]
            func value(_ offset: Int) -> DBusValue? { replies[base + 3 + offset]?.body.first }
            return AccessibleSlider(
                path: handles[index].path, name: replies[base]?.body.first?.text ?? "", role: handles[index].role,
                current: value(0)?.number, minimum: value(1)?.number, maximum: value(2)?.number, increment: value(3)?.number,
                valueTextAttribute: attributes["valuetext"]?.text, valueText: value(4)?.text,
                focusable: AtspiState.isSet(AtspiState.focusable, in: states), focused: AtspiState.isSet(AtspiState.focused, in: states),
                sensitive: AtspiState.isSet(AtspiState.sensitive, in: states))
        }
    }

    /// Sets the control's value as an assistive technology may (`Value.CurrentValue`); false
    /// when the application refused or did not answer.
    package func setValue(_ handle: LiveControlHandle, to value: Double) -> Bool {
        let set = Self.call(handle.reference, Self.properties, "Set", [.string(Self.value), .string("CurrentValue"), .variant(.double(value))])
        return (try? returns([set]))?.first??.kind == .methodReturn
    }

    /// What the application answered to `Component.GrabFocus`.
    package enum FocusAnswer {
        case given, refused, notSupported
    }

    /// Asks the application to give the control keyboard focus, as a screen reader's
    /// "focus this" does: the pointer is moved onto the control first (with no window
    /// manager, the keyboard follows it into Qt's windows), then `Component.GrabFocus`.
    package func grabFocus(_ handle: LiveControlHandle) -> FocusAnswer {
        let component = "org.a11y.atspi.Component"
        if let extents = (try? returns([Self.call(handle.reference, component, "GetExtents", [.uint32(0)])]))?.first??.body.first?.members,
           extents.count == 4, case .int32(let x) = extents[0], case .int32(let y) = extents[1],
           case .int32(let width) = extents[2], case .int32(let height) = extents[3], width > 0, height > 0 {
            let centre = DBusMessage.call(Self.registry, Self.deviceEvents, "org.a11y.atspi.DeviceEventController", "GenerateMouseEvent",
                                          [.int32(x &+ width / 2), .int32(y &+ height / 2), .string("abs")])
            _ = try? returns([centre])
        }
        guard let reply = try? connection.call(Self.call(handle.reference, component, "GrabFocus"), until: Self.deadline) else {
            return .notSupported
        }
        return reply.body.first?.boolean == true ? .given : .refused
    }

    static let deviceEvents = "/org/a11y/atspi/registry/deviceeventcontroller"
}
