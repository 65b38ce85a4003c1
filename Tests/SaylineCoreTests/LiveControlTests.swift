import Testing
import SaylineCore
@testable import SaylineAudit

/// A running application's controls in the core: what a reader says of a reading, how a
/// session moves one through its front and says what the application then exposes, and how
/// the rules read an application's own value text.
@Suite struct LiveControlTests {
    static func volume(_ value: Double, text: String? = nil, increment: Double = 1) -> AccessibleSlider {
        AccessibleSlider(path: AccessiblePath(application: "mixer", steps: [AccessiblePath.Step(role: "frame", name: "Mixer"),
                                                                              AccessiblePath.Step(role: "slider", name: "Volume")]),
                         name: "Volume", role: .slider, current: value, minimum: 0, maximum: 100, increment: increment,
                         valueTextAttribute: text, valueText: nil, focusable: true, focused: true, sensitive: true)
    }

    static func session(_ slider: AccessibleSlider) -> Session {
        Session(elements: [LiveSlider.element(slider, namingNameless: true, id: "Volume")])
    }

    @Test func aReaderSaysTheValueTextInOrcasOrder() {
        #expect(Self.volume(40, text: "40 percent").spokenValue == "40 percent")
        #expect(Self.volume(3, increment: 0.5).spokenValue == "3.0", "the number in the increment's places, as Orca formats it")
        #expect(LiveDescription.sentence(for: Self.volume(40, text: "40 percent")) == "Volume, slider, 40 percent, 0 to 100 in steps of 1")
        #expect(LiveDescription.sentence(for: Self.volume(40, increment: 0)) == "Volume, slider, 40, 0 to 100 with no step given")
        #expect(Self.volume(.nan).current == nil && Self.volume(.infinity).spokenValue == "")
        #expect(AccessibleSlider.bounded(String(repeating: "x", count: 10_000)).count == AccessibleSlider.longestText + 1)
        #expect(AccessibleSlider.bounded("Vol\u{1B}[31mume\u{07}") == "Volume", "the escape sequence whole, and the bell")
    }

    @Test func aStepMovesTheApplicationAndSaysItsWords() {
        var session = Self.session(Self.volume(40, text: "40 percent"))
        var asked: [Double] = []
        let reply = session.perform(.increment(1)) { index, target in
            asked.append(target)
            return LiveSlider.element(Self.volume(target, text: "\(Int(target)) percent"), id: "Volume")
        }
        #expect(asked == [41])
        #expect(reply.announcements.map(\.text) == ["41 percent"])
        #expect(session.focused.value == 41)
    }

    @Test func whatTheApplicationRefusesOrCannotDoIsSaid() {
        var session = Self.session(Self.volume(40, text: "40 percent"))
        let kept = session.perform(.increment(1)) { _, _ in LiveSlider.element(Self.volume(40, text: "40 percent"), id: "Volume") }
        #expect(kept.announcements.map(\.text).joined().contains("The application kept the value at 40 percent"), "\(kept.announcements)")
        let gone = session.perform(.increment(1)) { _, _ in nil }
        #expect(gone.announcements.map(\.text).joined().contains("The application no longer answers"))
        var calls = 0
        for command in [Command.undo, .redo, .save(SaveRequest(file: nil))] {
            let refused = session.perform(command) { _, _ in calls += 1; return nil }
            #expect(!refused.announcements.isEmpty && refused.events.allSatisfy { if case .rejected = $0 { true } else { false } }, "\(command)")
        }
        // Past the maximum the model refuses at once: the application is never asked.
        var top = Self.session(Self.volume(100))
        _ = top.perform(.increment(1)) { _, _ in calls += 1; return nil }
        #expect(calls == 0)
    }

    @Test func aTypedValueOutsideTheRangeIsCorrectedAndSaidSo() {
        var session = Self.session(Self.volume(40))
        var scene = Session(elements: [AdjustableElement(identity: ControlIdentity(id: "Volume", label: "Volume"),
                                                         control: RulerPicker(minimum: 0, maximum: 100, step: 1), value: 40)])
        let reply = session.perform(.set("150")) { _, target in LiveSlider.element(Self.volume(target), id: "Volume") }
        #expect(session.focused.value == 100)
        // Said as a scene's control says the same correction.
        #expect(reply.announcements.map(\.text) == scene.perform(.set("150")).announcements.map(\.text))
    }

    @Test func anApplicationsTextCarriesItsValueWrittenAnyWay() {
        func carries(_ value: Double, _ text: String, maximum: Double = 10_000) -> Bool {
            ValueTextPresent.carriesValue(AccessibleSlider(path: AccessiblePath(application: "a", steps: []), name: "x", role: .slider, current: value,
                                                           minimum: 0, maximum: maximum, increment: 1, valueTextAttribute: text, valueText: nil,
                                                           focusable: true, focused: false, sensitive: true))
        }
        #expect(carries(1_500, "1,500 px") && carries(1_500, "1.500 px") && carries(62.5, "62,5 kg"))
        #expect(carries(90, "1:30") && carries(3_723, "1:02:03"))
        #expect(carries(-10, "-10 dB") && carries(40, "loud") && carries(40, "40 percent", maximum: 100))
        #expect(carries(20, "20 %", maximum: 50) && carries(10, "20 %", maximum: 50), "its percentage of the range counts")
        #expect(!carries(40, "20 percent", maximum: 100))
    }
}
