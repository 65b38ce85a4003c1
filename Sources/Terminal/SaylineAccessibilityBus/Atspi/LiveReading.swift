import SaylineText
import SaylineControls
import SaylineSystem

extension AccessibilityBus {
    static let value = "org.a11y.atspi.Value"

    /// What each control says now: its name, states, attributes and value, asked together.
    /// A control whose application does not answer, or no longer has it, reads as nil.
    package func read(_ handles: [LiveControlHandle]) throws(LiveProblem) -> [AccessibleSlider?] {
        guard !handles.isEmpty else { return [] }
        var calls: [DBusMessage] = []
        calls.reserveCapacity(handles.count * 4)
        for handle in handles {
            calls.append(Self.property(handle.reference, Self.accessible, "Name"))
            calls.append(Self.call(handle.reference, Self.accessible, "GetState"))
            calls.append(Self.call(handle.reference, Self.accessible, "GetAttributes"))
            calls.append(Self.call(handle.reference, Self.properties, "GetAll", [.string(Self.value)]))
        }
        let replies = try returns(calls, until: monotonicSeconds() + Self.callSeconds + Double(calls.count) / 1_000)
        var values: [[String: DBusValue]?] = (0..<handles.count).map { replies[$0 * 4 + 3]?.body.first?.stringDictionary }
        // An application that fails GetAll (Chromium's own sliders refuse some properties) is
        // asked property by property.
        let refused = values.indices.filter { values[$0] == nil && replies[$0 * 4 + 1] != nil }
        if !refused.isEmpty { try readValuesOneByOne(refused.map { handles[$0] }, into: &values, at: refused) }
        return handles.indices.map { index in
            guard let states = replies[index * 4 + 1]?.body.first?.elements?.compactMap(\.uint32) else { return nil }
            let attributes = replies[index * 4 + 2]?.body.first?.stringDictionary ?? [:]
            let value = values[index] ?? [:]
            return AccessibleSlider(
                path: handles[index].path, name: replies[index * 4]?.body.first?.text ?? "", role: handles[index].role,
                current: value["CurrentValue"]?.number, minimum: value["MinimumValue"]?.number, maximum: value["MaximumValue"]?.number,
                increment: value["MinimumIncrement"]?.number, valueTextAttribute: attributes["valuetext"]?.text, valueText: value["Text"]?.text,
                focusable: AtspiState.isSet(AtspiState.focusable, in: states), focused: AtspiState.isSet(AtspiState.focused, in: states),
                sensitive: AtspiState.isSet(AtspiState.sensitive, in: states))
        }
    }

    private func readValuesOneByOne(_ handles: [LiveControlHandle], into values: inout [[String: DBusValue]?], at positions: [Int]) throws(LiveProblem) {
        let names = ["CurrentValue", "MinimumValue", "MaximumValue", "MinimumIncrement", "Text"]
        let calls = handles.flatMap { handle in names.map { Self.property(handle.reference, Self.value, $0) } }
        let replies = try returns(calls)
        for (offset, position) in positions.enumerated() {
            var found: [String: DBusValue] = [:]
            for (index, name) in names.enumerated() {
                if let value = replies[offset * names.count + index]?.body.first { found[name] = value }
            }
            values[position] = found
        }
    }

    /// Sets the control's value as an assistive technology may (`Value.CurrentValue`); false
    /// when the application refused or did not answer.
    package func setValue(_ handle: LiveControlHandle, to value: Double) -> Bool {
        let set = Self.call(handle.reference, Self.properties, "Set", [.string(Self.value), .string("CurrentValue"), .variant(.double(value))])
        return (try? returns([set]))?.first??.kind == .methodReturn
    }

    /// Asks the application to give the control keyboard focus (`Component.GrabFocus`); whether it said it did.
    package func grabFocus(_ handle: LiveControlHandle) -> Bool {
        let grab = Self.call(handle.reference, "org.a11y.atspi.Component", "GrabFocus")
        return (try? returns([grab]))?.first??.body.first?.boolean == true
    }
}
