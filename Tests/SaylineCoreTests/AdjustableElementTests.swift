import PseudoTerminal
import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct AdjustableElementTests {
    func weight(_ value: Double = 62) -> AdjustableElement {
        DemoScene.elements[0].with(value: value)
    }

    @Test func stepsReportChangesBoundsAndCorrections() {
        var element = weight(119.5)
        #expect(element.apply(.increment(1)) == .changed(ValueChange(old: 119.5, new: 120, reachedBound: .maximum, correction: nil)))
        #expect(element.apply(.increment(1)) == .unchanged(.atBound(.maximum)))
        #expect(element.apply(.toMaximum) == .unchanged(.atBound(.maximum)))
        #expect(element.apply(.decrement(3)) == .changed(ValueChange(old: 120, new: 118.5, reachedBound: nil, correction: nil)))
        #expect(element.apply(.toMinimum) == .changed(ValueChange(old: 118.5, new: 40, reachedBound: .minimum, correction: nil)))
        #expect(element.apply(.decrement(Int.max)) == .unchanged(.atBound(.minimum)))
        #expect(element.apply(.increment(Int.max)).isChange)
        #expect(element.value == 120)
    }

    @Test func typedValuesSnapAndClampAndSaySo() {
        var element = weight()
        #expect(element.apply(.typed("62.7 kilograms")) == .changed(ValueChange(old: 62, new: 62.5, reachedBound: nil, correction: .snapped(requested: 62.7))))
        #expect(element.apply(.typed("500")) == .changed(ValueChange(old: 62.5, new: 120, reachedBound: .maximum, correction: .clamped(requested: 500))))
        #expect(element.apply(.typed("120")) == .unchanged(.sameValue))
        #expect(element.apply(.typed("min")) == .changed(ValueChange(old: 120, new: 40, reachedBound: .minimum, correction: nil)))
    }

    @Test(arguments: ["abc", "62,5", "nan", "65 pounds", "", String(repeating: "1", count: 10_000)])
    func aRejectedValueLeavesTheElementExactlyAsItWas(text: String) {
        var element = weight()
        let before = element
        guard case .rejected = element.apply(.typed(text)) else { Issue.record("\(text) was not rejected"); return }
        #expect(element == before)
    }

    @Test func aBadStartingValueIsRepairedAndRecorded() {
        let offGrid = weight(62.2)
        #expect(offGrid.value == 62)
        #expect(offGrid.repairs.map(\.field) == ["value"])
        #expect(weight(.nan).value == 40)
        #expect(weight(1e300).value == 120)
    }

    @Test func theHintNamesTheKeysAndThePageStep() {
        #expect(weight().hint == "Up or down arrow adjusts by 0.5, Page Up or Page Down by 5, Home and End go to 40 and 120")
        #expect(DemoScene.elements[1].hint.hasPrefix("Slide to rate. "))
        #expect(weight().rangeSentence == "40 to 120")
        #expect(weight().rangeWithStep == "40 to 120 in steps of 0.5")
    }

    /// From any start, increments reach the maximum and decrements the minimum in a bounded
    /// number of steps, and every step has an outcome a person would hear.
    @Test func everyStartReachesBothBoundsInBoundedSteps() {
        var generator = SplitMix(seed: 7)
        let kinds: [any AdjustableControl] = [
            RulerPicker(minimum: 0, maximum: 0.3, step: 0.1),
            RulerPicker(minimum: -50, maximum: 50, step: 2.5),
            StarRating(),
            DigitRoll(columns: 3, step: 7),
        ]
        for kind in kinds {
            for _ in 0..<25 {
                let scale = kind.scale
                let start = scale.lowerBound + Double(generator.next() % UInt64(scale.tickCount)) * scale.step
                var element = AdjustableElement(identity: ControlIdentity(id: "x", label: "X"), control: kind, value: start)
                let announcer = Announcer(verbosity: .normal)
                var steps = 0
                while element.value < element.maximum, steps <= scale.tickCount {
                    let outcome = element.apply(.increment(1))
                    #expect(outcome.isChange)
                    if case .changed(let change) = outcome {
                        #expect(!announcer.announcements(for: .changed(element, change)).isEmpty)
                    }
                    steps += 1
                }
                #expect(element.value == element.maximum)
                #expect(element.apply(.increment(1)) == .unchanged(.atBound(.maximum)))
                steps = 0
                while element.value > element.minimum, steps <= scale.tickCount {
                    #expect(element.apply(.decrement(1)).isChange)
                    steps += 1
                }
                #expect(element.value == element.minimum)
                #expect(steps == scale.tickCount - 1)
            }
        }
    }
}

extension AdjustableElement {
    func with(value: Double) -> AdjustableElement {
        AdjustableElement(identity: identity, control: control, value: value)
    }
}

extension AdjustmentOutcome {
    var isChange: Bool { if case .changed = self { true } else { false } }
}
