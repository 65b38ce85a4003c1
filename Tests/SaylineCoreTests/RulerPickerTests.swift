import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct RulerPickerTests {
    let kilograms = UnitWords(singular: "kilogram", plural: "kilograms", symbol: "kg")

    @Test func spacingAndMajorIntervalAreSanitisedAsTheSeedDoes() {
        #expect(RulerPicker(minimum: 0, maximum: 10, tickSpacing: 2).tickSpacing == 4)
        #expect(RulerPicker(minimum: 0, maximum: 10, tickSpacing: .nan).tickSpacing == 12)
        #expect(RulerPicker(minimum: 0, maximum: 10, tickSpacing: .infinity).tickSpacing == 12)
        #expect(RulerPicker(minimum: 0, maximum: 10, tickSpacing: 20).tickSpacing == 20)
        let zeroMajor = RulerPicker(minimum: 0, maximum: 10, majorEvery: 0)
        #expect(zeroMajor.majorEvery == 1)
        #expect(zeroMajor.repairs.map(\.field) == ["majorEvery"])
        #expect(RulerPicker(minimum: 0, maximum: 10, tickSpacing: 2).repairs.map(\.field) == ["tickSpacing"])
    }

    @Test func majorsCarryLabelsAndMiddlesMarkHalfAnInterval() {
        let ruler = RulerPicker(minimum: 40, maximum: 120, step: 0.5)
        #expect(ruler.mark(at: 0) == .major)
        #expect(ruler.mark(at: 5) == .middle)
        #expect(ruler.mark(at: 3) == .minor)
        #expect(ruler.label(at: 10) == "45")
        #expect(ruler.label(at: 3) == nil)
        #expect(RulerPicker(minimum: 0, maximum: 1, step: 0.25, majorEvery: 2).label(at: 2) == "0.5")
        // With a major every tick there is no middle.
        #expect(RulerPicker(minimum: 0, maximum: 10, majorEvery: 1).mark(at: 3) == .major)
        #expect(ruler.offset(forIndex: 44) == 528)
    }

    @Test func displayKeepsTheStepsDecimalsAndSpeechUsesUnitWords() {
        let ruler = RulerPicker(minimum: 40, maximum: 120, step: 0.5)
        #expect(ruler.displayText(for: 62, unit: kilograms) == "62.0 kg")
        #expect(ruler.spokenValue(for: 62, unit: kilograms) == "62 kilograms")
        #expect(ruler.spokenValue(for: 62.5, unit: kilograms) == "62.5 kilograms")
        #expect(RulerPicker(minimum: 0, maximum: 5).spokenValue(for: 1, unit: kilograms) == "1 kilogram")
        let tenths = RulerPicker(minimum: 0, maximum: 1, step: 0.1)
        #expect(tenths.spokenValue(for: 0.1 + 0.2, unit: nil) == "0.3")
    }

    @Test func pageStepIsOneMajorInterval() {
        var element = AdjustableElement(identity: ControlIdentity(id: "w", label: "W"),
                                        control: RulerPicker(minimum: 40, maximum: 120, step: 0.5), value: 62)
        #expect(element.pageStep == 5)
        #expect(element.apply(.pageUp) == .changed(ValueChange(old: 62, new: 67, reachedBound: nil, correction: nil)))
    }

    @Test func changesGlideForSevenTenthsOfASecondAndEndOnTheValue() {
        let timeline = RulerPicker(minimum: 40, maximum: 120, step: 0.5).animation(from: 62, to: 78.5)
        #expect(timeline.duration == 0.7)
        #expect(timeline.frame(at: 0) == .value(62))
        #expect(timeline.frame(at: 0.7) == .value(78.5))
        guard case .value(let middle) = timeline.frame(at: 0.2) else { Issue.record("not a glide"); return }
        #expect(middle > 62 && middle < 78.5)
        // A smooth glide never overshoots.
        let samples = timeline.frameTimes().map { timeline.frame(at: $0) }
        for case .value(let value) in samples { #expect(value <= 78.5 + 1e-9) }
        #expect(timeline.frameTimes(framesPerSecond: 60).count == 42)
    }
}
