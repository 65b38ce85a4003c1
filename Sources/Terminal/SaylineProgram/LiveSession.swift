import Glibc
import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
import SaylineSystem
import SaylineCommandLine
import SaylineInteractive
import SaylineAccessibilityBus

/// `sayline --app NAME`: the REPL on a running application's sliders. A step sets the
/// control's value as an assistive technology may (`Value.CurrentValue`), and what the
/// application then exposes is said: its own keys would need the keyboard focus, which
/// would leave the terminal the person is typing in.
final class LiveSession: LiveControlSource {
    let controls: LiveControls

    /// - Parameter listening: whether the application's changes are heard as they come (the
    ///   REPL), or only what Sayline moves (a script).
    init(_ controls: LiveControls, listening: Bool) {
        self.controls = controls
        ids = Self.ids(controls.sliders)
        if listening { controls.bus.listenForValueChanges(from: controls.application.root) }
    }

    /// What `focus`, `describe` and a script's `expect` name each control by: its name where
    /// no other control has it and it is one word, else its path in the application.
    let ids: [String]

    /// The controls as a session's elements: a nameless one labelled by its role, as a reader says it.
    var elements: [AdjustableElement] { controls.sliders.indices.map { element(controls.sliders[$0], at: $0) } }

    private func element(_ slider: AccessibleSlider, at index: Int) -> AdjustableElement {
        LiveSlider.element(slider, namingNameless: true, id: ids[index])
    }

    private static func ids(_ sliders: [AccessibleSlider]) -> [String] {
        var counts: [String: Int] = [:]
        for slider in sliders { counts[slider.name.lowercased(), default: 0] += 1 }
        return sliders.map { slider in
            let name = slider.name
            return !name.isEmpty && counts[name.lowercased()] == 1 && !name.contains(" ") ? name : slider.path.withinApplication
        }
    }

    /// The new value is waited on for up to a second, and no longer than it takes to come: an
    /// application under load may take it late, and one that ignores it answers after that.
    func move(_ index: Int, to target: Double) -> AdjustableElement? {
        let before = controls.sliders[index]
        _ = controls.bus.setValue(controls.handles[index], to: target)
        guard let after = controls.settle(index, for: 1, until: { $0.current != before.current || $0.spokenValue != before.spokenValue }) else { return nil }
        return element(after, at: index)
    }

    /// -1 (not watched) once the bus has closed: a closed socket is readable for ever, and
    /// watching it spun the REPL at full speed after the desktop's bus went away.
    var changeDescriptor: Int32 { controls.bus.connection.isClosed ? -1 : controls.bus.connection.fileDescriptor }
    var hasPendingChanges: Bool { controls.bus.connection.hasPendingInput }
    /// Twice a second; every five seconds once the application has stopped answering, so a
    /// hung application does not hold the keyboard two seconds in every half.
    var pollInterval: Double { unanswered ? 5 : 0.5 }
    private var unanswered = false

    func readings(of indices: [Int]) -> [(index: Int, element: AdjustableElement)] {
        let wanted = indices.filter { controls.handles.indices.contains($0) }
        guard let fresh = try? controls.bus.read(wanted.map { controls.handles[$0] }) else { return [] }
        return zip(wanted, fresh).compactMap { index, slider in
            guard let slider else { return nil }
            controls.keep(slider, at: index)
            return (index, element(slider, at: index))
        }
    }

    func outsideChanges(focused: Int) -> [(index: Int, element: AdjustableElement)] {
        let arrived = controls.bus.valueChangesArrived()
        var indices = Set(controls.handles.indices.filter { arrived.contains(controls.handles[$0].reference) })
        if controls.handles.indices.contains(focused) { indices.insert(focused) }
        return indices.sorted().compactMap { index in
            let before = controls.sliders[index]
            guard let after = controls.reread(index) else {
                if index == focused { unanswered = true }
                return nil
            }
            if index == focused { unanswered = false }
            guard after.current != before.current || after.spokenValue != before.spokenValue else { return nil }
            return (index, element(after, at: index))
        }
    }

    /// Runs the REPL on the application `wanted` names.
    static func run(_ wanted: String, options: Options, environment: [String: String]) -> Int32 {
        LiveSource.run(wanted, environment: environment) { controls in
            guard !controls.sliders.isEmpty else {
                Diagnostics.write("sayline: " + translated("%s has no slider or spin button to adjust", controls.application.name) + "\n")
                return ExitStatus.malformed.rawValue
            }
            let source = LiveSession(controls, listening: true)
            let document = SceneDocument(path: nil, bytes: nil, scene: Scene(elements: source.elements))
            switch SessionFront.openEvents(options, command: "sayline") {
            case .failure(let failed): return failed.status
            case .success(let events): return SessionFront.run(document, options: options, environment: environment, events: events, live: source).status
            }
        }
    }
}
