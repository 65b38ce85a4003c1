import Glibc
import SaylineText
import SaylineControls
import SaylineSystem

extension AccessibilityBus {
    /// Presses and releases a key as the keyboard does, through the registry's device event
    /// controller (`GenerateKeyboardEvent`, by keysym): the key goes to whatever has focus.
    package func press(_ key: LiveKey) -> Bool {
        let press = DBusMessage.call(Self.registry, "/org/a11y/atspi/registry/deviceeventcontroller", "org.a11y.atspi.DeviceEventController",
                                     "GenerateKeyboardEvent", [.int32(Int32(bitPattern: key.keysym)), .string(""), .uint32(Self.keySymbol)])
        return (try? returns([press]))?.first??.kind == .methodReturn
    }

    /// `ATSPI_KEY_SYM`: the event's number is a keysym, pressed and released.
    static let keySymbol: UInt32 = 3
}

extension LiveControls {
    /// How long Sayline waits for an application to show what a key or a new value did: a key
    /// that moves nothing in this long moves nothing for a person either.
    package static let settleSeconds = 0.4
    /// How long a key that should have moved a value, and has not, is waited on before the
    /// walk says it moves nothing: the bus's own deadline.
    package static let patienceSeconds = 2.0

    /// The keys of a walk, away from the bound the value sits on and back, then the bounds.
    /// A spin button is walked with Up and Down alone: its pattern makes the others optional
    /// (Chromium's number field takes no Page Up, and in GTK's Home and End move its caret).
    static func walkKeys(from slider: AccessibleSlider) -> [LiveKey] {
        let atTop = slider.current != nil && slider.current == slider.maximum
        let keys: [LiveKey] = atTop ? [.down, .up, .pageDown, .pageUp, .home, .end] : [.up, .down, .pageUp, .pageDown, .end, .home]
        return slider.role == .slider ? keys : keys.filter { $0 == .up || $0 == .down }
    }

    /// Walks control `index` as a keyboard user: asks for focus, presses each key of the
    /// slider pattern while the control keeps focus, reads what the application exposes after
    /// each, and puts the value back as it was found.
    package func observe(_ index: Int) -> LiveObservation {
        let found = sliders[index]
        let handle = handles[index]
        guard found.focusable else { return LiveObservation(slider: found, focus: .notFocusable, presses: []) }
        // A value that cannot be read cannot be put back: a key would change the application
        // for good, unseen. Such a control is left as --no-keys leaves it.
        guard found.current != nil else { return LiveObservation(slider: found, focus: .notTried, presses: []) }
        var focus = LiveObservation.Focus.taken
        switch bus.grabFocus(handle) {
        case .notSupported where !found.focused: return LiveObservation(slider: found, focus: .cannotBeMoved, presses: [])
        case .refused where !found.focused: return LiveObservation(slider: found, focus: .refused, presses: [])
        case .given, .notSupported, .refused: break
        }
        guard var now = settle(index, until: { $0.focused }) else { return LiveObservation(slider: found, focus: .refused, presses: []) }
        if !now.focused { focus = .unconfirmed }
        var presses: [LivePress] = []
        for key in Self.walkKeys(from: now) {
            // A control that had focus and lost it takes no more keys: they would go elsewhere.
            // A signal (Ctrl-C, a job's time limit) stops the keys; the values are still put back.
            guard Signals.terminated == 0, focus == .unconfirmed || now.focused, bus.press(key) else { break }
            let before = now
            let moved = { (reading: AccessibleSlider) in reading.current != before.current || reading.spokenValue != before.spokenValue }
            var after = settle(index, until: moved)
            let press = LivePress(key: key, before: before, after: after)
            // A key that should have moved the value and has not is given the rest of the
            // deadline before it is judged: a loaded machine's application is slow, not deaf.
            if press.shouldMove, let reading = after, !moved(reading) { after = settle(index, for: Self.patienceSeconds, until: moved) }
            presses.append(LivePress(key: key, before: before, after: after))
            guard let after else { break }
            now = after
            // One key it does not answer is the finding; more would only cost the wait again.
            if press.shouldMove, !moved(after) { break }
        }
        // Put back at once; the audit's last look (`putBackAll`) says what could not be.
        _ = putBack(index, to: found)
        return LiveObservation(slider: found, focus: focus, presses: presses)
    }

    /// Reads the control until `done` holds or `settleSeconds` pass; the last reading, or nil
    /// when the control no longer answers.
    package func settle(_ index: Int, for seconds: Double = LiveControls.settleSeconds, until done: (AccessibleSlider) -> Bool) -> AccessibleSlider? {
        let deadline = monotonicSeconds() + seconds
        var last: AccessibleSlider?
        while true {
            // Read first: an application that answered the call has often already moved.
            guard let reading = reread(index) else { return last }
            last = reading
            if done(reading) || monotonicSeconds() >= deadline { return reading }
            usleep(20_000)
        }
    }

    /// Sets the value back as it was found, when it moved; whether it is back (nil when it
    /// never moved). The value is set as an assistive technology may; where the application
    /// ignores that (Chromium's ARIA sliders, whose value is the page's to change), the
    /// control is stepped back by its keys. A control that stopped answering while moved is
    /// not back.
    package func putBack(_ index: Int, to found: AccessibleSlider) -> Bool? {
        guard let original = found.current else { return nil }
        guard let now = reread(index) else { return sliders[index].current == original ? nil : false }
        guard now.current != original else { return nil }
        // A second before keys: an application under load is slow to take the value, and one
        // that ignores it (Chromium's ARIA sliders) costs no more than that.
        if bus.setValue(handles[index], to: original), settle(index, for: 1, until: { $0.current == original })?.current == original {
            return true
        }
        return stepBack(index, to: original)
    }

    /// The most keys pressed to bring a value back.
    static let largestStepBack = 400

    /// Steps the value towards `original` by Up and Down. A key that moves it against its own
    /// direction (GTK 3's Up lowers a horizontal scale) turns the keys round, once; a step that
    /// crosses the original (a page's value off its keys' grid) stops at the nearer side.
    private func stepBack(_ index: Int, to original: Double) -> Bool {
        guard bus.grabFocus(handles[index]) != .notSupported || sliders[index].focused else { return false }
        var turned = false
        for _ in 0..<Self.largestStepBack {
            guard let current = sliders[index].current else { return false }
            if current == original { return true }
            let key: LiveKey = (current < original) != turned ? .up : .down
            guard bus.press(key),
                  let after = settle(index, for: Self.patienceSeconds, until: { $0.current != current })?.current, after != current else { return false }
            if (after > current) != (key == .up) {
                guard !turned else { return false }
                turned = true
            } else if (after < original) != (current < original), after != original {
                // Crossed: one key back when that side is nearer, then stop.
                if abs(current - original) < abs(after - original), bus.press(key == .up ? .down : .up) {
                    _ = settle(index, for: Self.patienceSeconds, until: { $0.current != after })
                }
                return sliders[index].current == original
            }
        }
        return sliders[index].current == original
    }

    /// Reads every control again and sets back each whose value is not what `originals` found
    /// (a key that went to another control than the one walked moved it); the controls whose
    /// value could not be put back.
    package func putBackAll(to originals: [AccessibleSlider]) -> [AccessibleSlider] {
        rereadAll()
        var stuck: [AccessibleSlider] = []
        for index in sliders.indices where index < originals.count && sliders[index].current != originals[index].current {
            if putBack(index, to: originals[index]) == false { stuck.append(originals[index]) }
        }
        return stuck
    }
}
