import Testing
import SaylineCore

/// A stepper of named options, defined here and nowhere in the product: the kinds are a table,
/// so a new kind is one type and one `SceneKind` entry, and every part of Sayline takes it.
private struct OptionStepper: AdjustableControl {
    static let kindName = "stepper"
    let options: [String]
    let scale: TickScale
    let repairs: [Repair]

    init(options: [String]) {
        self.options = options.isEmpty ? ["Off"] : options
        scale = TickScale(lowerBound: 0, upperBound: Double(self.options.count - 1), step: 1)
        repairs = options.isEmpty ? [Repair(field: "options", problem: "is empty", replacement: "Off")] : []
    }

    var pageStepCount: Int { 1 }
    private func option(_ value: Double) -> String { options[scale.index(for: value)] }
    func displayText(for value: Double, unit: UnitWords?) -> String { "< \(option(value)) >" }
    func spokenValue(for value: Double, unit: UnitWords?) -> String { option(value) }
    func terseValue(for value: Double, places: Int) -> String { option(value) }
    func valueWords(for value: Double, places: Int) -> String { option(value) }
    func typedValue(_ text: String, unit: UnitWords?) -> Result<TypedValue, Rejection> {
        if let index = options.firstIndex(where: { $0.lowercased() == text.lowercased() }) { return .success(.number(Double(index))) }
        return .failure(Rejection(.notANumber, input: text))
    }
    /// Its own motion: the brackets step from option to option, one a tenth of a second.
    func animation(from oldValue: Double, to newValue: Double) -> MotionTimeline {
        MotionTimeline(motion: .own(BracketSlide(from: scale.index(for: oldValue), to: scale.index(for: newValue))))
    }
    func drawing(at value: Double, frame: MotionFrame?, renderer: ControlRenderer) -> [String] {
        var shown = scale.index(for: value)
        if case .own(let moment)? = frame, let bracket = moment as? BracketAt { shown = bracket.option }
        return [renderer.fit(options.enumerated().map { $0.offset == shown ? "[\($0.element)]" : $0.element }.joined(separator: " "))]
    }
}

/// The stepper's motion, which the controls layer knows nothing of.
private struct BracketSlide: OwnMotion, Equatable {
    let from: Int, to: Int
    var duration: Double { Double(abs(to - from)) * 0.1 }
    func frame(at time: Double) -> any OwnMotionFrame {
        let passed = Int((time / 0.1).rounded(.down))
        return BracketAt(option: from + (to > from ? min(passed, to - from) : -min(passed, from - to)))
    }
}

private struct BracketAt: OwnMotionFrame, Equatable {
    let option: Int
}

private let stepperKind = SceneKind(OptionStepper.self, fields: [
    .of(OptionStepper.self, "options", .text, fallback: "Off", "the options, comma-separated") { .string($0.options.joined(separator: ",")) },
], minimumWords: "stepper the first option", maximumWords: "stepper the last option") { values in
    OptionStepper(options: values.text("options").split(separator: ",").map { String($0) })
}

@Suite struct FourthKindTests {
    let kinds = SceneKinds.standard.adding(stepperKind)
    let file = #"{"controls": [{"kind": "stepper", "id": "fan", "label": "Fan speed", "options": "Low,Medium,High"}, {"kind": "ruler", "id": "w", "label": "Weight"}]}"#

    private func scene() throws -> Scene {
        try SceneDecoder.decode(Array(file.utf8), kinds: kinds).get()
    }

    @Test func aSceneBuildsItAndWritesItBack() throws {
        let scene = try scene()
        #expect(scene.elements[0].kindName == "stepper")
        #expect(scene.elements[0].displayText == "< Low >")
        let written = SceneEncoder.encode(scene, kinds: kinds)
        #expect(written.contains(#""options": "Low,Medium,High""#))
        #expect(try SceneDecoder.decode(Array(written.utf8), kinds: kinds).get().elements == scene.elements)
        // Without the entry the kind is refused by name, never built as another kind.
        guard case .failure(let error) = SceneDecoder.decode(Array(file.utf8)) else { Issue.record("an unknown kind was built"); return }
        #expect(error.problems.map(\.message) == ["must be ruler, rating or digitroll"])
        // A key of another kind is not one of its settings.
        let wrong = #"{"controls": [{"kind": "stepper", "id": "fan", "majorEvery": 2}]}"#
        guard case .failure(let refused) = SceneDecoder.decode(Array(wrong.utf8), kinds: kinds) else { Issue.record("majorEvery was taken"); return }
        #expect(refused.problems.map(\.message) == ["is not a setting of a stepper"])
    }

    @Test func aSessionStepsTypesAndAnnouncesIt() throws {
        var session = Session(elements: try scene().elements, verbosity: .normal)
        #expect(session.perform(line: "inc").announcements.map(\.text) == ["Medium"])
        #expect(session.perform(line: "set high").announcements.map(\.text) == ["High max"])
        let refused = session.perform(line: "set fast").announcements.map(\.text)
        #expect(refused.count == 1 && refused[0].hasSuffix("Low to High"), "\(refused)")
        var terse = Session(elements: try scene().elements, verbosity: .terse)
        _ = terse.perform(line: "inc")
        #expect(terse.perform(line: "focus fan").announcements.map(\.text) == ["Fan speed, Medium"])
    }

    @Test func itIsDrawnAndDescribed() throws {
        let element = try scene().elements[0]
        #expect(ControlRenderer(width: 40, color: false).lines(for: element) == ["Fan speed  < Low >", "[Low] Medium High"])
        #expect(ScreenReaderDescription.sentence(for: element)
            == "Fan speed, Low, Low to High in steps of 1")
        #expect(Announcer(verbosity: .verbose).description(of: element).hasSuffix("Home and End go to Low and High"))
    }

    @Test func theAuditWalksIt() throws {
        let report = Auditor().audit(try scene(), file: "fan.json")
        let applied = report.rules.filter { $0.passes.contains { $0.control == "fan" } }.map(\.rule.id)
        #expect(applied.contains("keyboard-reachable"), "\(applied)")
        #expect(!report.rules.contains { $0.violations.contains { $0.control == "fan" } }, "\(report.rules.flatMap(\.violations))")
        // Its figure never differs from its value: the roll's rule does not apply.
        #expect(report.rules.first { $0.rule.id == "figure-matches-value" }?.passes.contains { $0.control == "fan" } == false)
    }

    /// A kind brings its own motion: its frames are its own type, drawn by its own drawing,
    /// and the session and the drawing play it as they play the three built in.
    @Test func itsOwnMotionIsPlayedFrameByFrame() throws {
        let scene = try scene()
        var session = Session(elements: scene.elements)
        let reply = session.perform(.set("High"))
        let transition = try #require(reply.transition?.transition)
        guard case .animated(let timeline) = transition else {
            Issue.record("no animation: \(transition)")
            return
        }
        #expect(timeline.duration == 0.2)
        #expect(timeline.frame(at: 0.15) == .own(BracketAt(option: 1)))
        #expect(timeline.frame(at: 0.15) != .own(BracketAt(option: 2)))
        let renderer = ControlRenderer(width: 40, color: false)
        let element = session.elements[0]
        #expect(renderer.lines(for: element, frame: timeline.frame(at: 0.05)).joined().contains("[Low]"))
        #expect(renderer.lines(for: element, frame: timeline.frame(at: 0.15)).joined().contains("[Medium]"))
        #expect(renderer.lines(for: element).joined().contains("[High]"))
        session = Session(elements: scene.elements, motion: .reduce)
        #expect(session.perform(.set("High")).transition?.transition == .jump)
    }
}
