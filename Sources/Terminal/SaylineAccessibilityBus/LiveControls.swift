import SaylineText
import SaylineControls
import SaylineSystem

/// The sliders and spin buttons of one running application, found and read: what `--app`
/// makes of an application, in place of a scene file.
package final class LiveControls {
    package let bus: AccessibilityBus
    package let application: LiveApplication
    /// The controls found, in the tree's order, and what each said at the last reading.
    package private(set) var handles: [LiveControlHandle]
    package private(set) var sliders: [AccessibleSlider]

    private init(bus: AccessibilityBus, application: LiveApplication, handles: [LiveControlHandle], sliders: [AccessibleSlider]) {
        self.bus = bus
        self.application = application
        self.handles = handles
        self.sliders = sliders
    }

    /// Connects, finds the application `wanted` names (an accessible name or a process id),
    /// walks its tree and reads every control. What a person should know on the way (the
    /// desktop's accessibility turned on, a tree cut short) goes to `noticed`.
    package static func open(_ wanted: String, environment: [String: String], noticed: (String) -> Void) throws(LiveProblem) -> LiveControls {
        let bus = try AccessibilityBus.connect(environment: environment, noticed: noticed)
        let application = try bus.application(wanted)
        bus.connectDirectly(to: application.root)
        let walk = try bus.controls(of: application)
        if let cutShort = walk.cutShort { noticed(cutShort) }
        let read = try bus.read(walk.controls)
        // A control gone between the walk and the reading is left out.
        let kept = walk.controls.indices.filter { read[$0] != nil }
        // An application that left the bus during the walk answers nothing more: said as one
        // line and a failure, not as an application with no controls.
        if kept.count < walk.controls.count || kept.isEmpty, !bus.isOnBus(application) {
            throw LiveProblem(message: translated("%s did not answer within 2 seconds, or has left the accessibility bus", application.name))
        }
        return LiveControls(bus: bus, application: application, handles: kept.map { walk.controls[$0] }, sliders: kept.compactMap { read[$0] })
    }

    /// Reads control `index` again; nil when it no longer answers.
    package func reread(_ index: Int) -> AccessibleSlider? {
        guard let fresh = (try? bus.read([handles[index]]))?.first ?? nil else { return nil }
        sliders[index] = fresh
        return fresh
    }

    /// Keeps a reading of control `index` made elsewhere.
    package func keep(_ slider: AccessibleSlider, at index: Int) {
        if sliders.indices.contains(index) { sliders[index] = slider }
    }

    /// Reads every control again; a control that no longer answers keeps its last reading.
    package func rereadAll() {
        guard let fresh = try? bus.read(handles) else { return }
        for (index, slider) in fresh.enumerated() { if let slider { sliders[index] = slider } }
    }

    /// The application's line: "Chromium (process 4242)".
    package var applicationName: String { application.name }
}
