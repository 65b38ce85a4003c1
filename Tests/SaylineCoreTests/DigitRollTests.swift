import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct DigitRollTests {
    let dollars = UnitWords(singular: "dollar", plural: "dollars")

    @Test func theFigureIsBuiltAsTheSeedBuildsIt() {
        let roll = DigitRoll()
        #expect(roll.figure(for: 12_480) == "$12,480")
        #expect(roll.figure(for: 0) == "$0")
        #expect(roll.figure(for: 999_999) == "$999,999")
        #expect(DigitRoll(leadingZeros: true).figure(for: 12_480) == "$012,480")
        #expect(DigitRoll(columns: 4, prefix: "", separator: ".").figure(for: 1234) == "1.234")
        #expect(roll.shownDigits(for: 12_480) == [0, 1, 2, 4, 8, 0])
    }

    @Test func slotsOrderTheCascade() {
        let rtl = DigitRoll().slots(for: 12_480)
        #expect(rtl.map(\.digit) == [1, 2, nil, 4, 8, 0])
        #expect(rtl.compactMap { $0.digit == nil ? nil : $0.order } == [4, 3, 2, 1, 0])
        let ltr = DigitRoll(order: .ltr).slots(for: 12_480)
        #expect(ltr.compactMap { $0.digit == nil ? nil : $0.order } == [0, 1, 2, 3, 4])
        #expect(DigitRoll(order: .all).slots(for: 12_480).allSatisfy { $0.order == 0 })
    }

    @Test func columnsAreCappedAtNineAndRepaired() {
        #expect(DigitRoll(columns: 12).columns == 9)
        #expect(DigitRoll(columns: 0).columns == 1)
        #expect(DigitRoll(columns: 0).repairs.map(\.field) == ["digits"])
        #expect(DigitRoll(damping: 7).damping == 1)
        #expect(DigitRoll(response: .nan).response == 0.55)
        #expect(DigitRoll(step: 2.5).scale.step == 3)
    }

    @Test func spokenAsAFigureWithUnitWords() {
        let roll = DigitRoll()
        #expect(roll.spokenValue(for: 12_480, unit: dollars) == "12480 dollars")
        #expect(roll.spokenValue(for: 1, unit: dollars) == "1 dollar")
        #expect(roll.spokenValue(for: 12_480, unit: nil) == "$12480")
    }

    @Test func aValueTheColumnsCannotShowIsReportedAndNeverSpokenAsTheFigure() {
        let roll = DigitRoll(minimum: -100, maximum: 9_999_999)
        #expect(roll.figure(for: 1_234_567) == "$234,567")
        #expect(roll.misstatement(for: 1_234_567) != nil)
        #expect(roll.spokenValue(for: 1_234_567, unit: dollars) == "1234567 dollars")
        #expect(roll.figure(for: -5) == "$0")
        #expect(roll.misstatement(for: -5) != nil)
        #expect(roll.spokenValue(for: -5, unit: nil) == "$-5")
        #expect(roll.misstatement(for: 12_480) == nil)
    }

    @Test func theSpringOvershootsByAboutOnePercentAtTheSeedsDamping() {
        let peak = stride(from: 0.0, through: 2, by: 0.001).map { Spring.settle($0, response: 0.55, damping: 0.82) }.max() ?? 0
        #expect(peak > 1.005 && peak < 1.02)
        // Critically damped never passes its target.
        let critical = stride(from: 0.0, through: 3, by: 0.001).map { Spring.settle($0, response: 0.55, damping: 1) }.max() ?? 0
        #expect(critical <= 1)
        #expect(Spring.settle(0, response: 0.55, damping: 0.82) == 0)
        #expect(Spring.settle(-1, response: 0.55, damping: 0.82) == 0)
    }

    @Test func theCascadeLastsTheLastDelayPlusTheSettle() {
        // Five shown columns, 60 ms apart: 0.24 s of delays plus 2.6 × 0.55 s.
        #expect(abs(DigitRoll().duration(for: 12_480) - (0.24 + 1.43)) < 1e-9)
        #expect(abs(DigitRoll(order: .all).duration(for: 12_480) - 1.43) < 1e-9)
        #expect(abs(DigitRoll().duration(for: 7) - 1.43) < 1e-9)
    }

    @Test func aRollMovesEachColumnFromItsOldDigitAfterItsDelay() {
        let roll = DigitRoll()
        let timeline = roll.animation(from: 12_480, to: 12_490)
        #expect(abs(timeline.duration - roll.duration(for: 12_490)) < 1e-9)
        #expect(timeline.frame(at: 0) == .digits([1, 2, 4, 8, 0]))
        #expect(timeline.frame(at: timeline.duration) == .digits([1, 2, 4, 9, 0]))
        guard case .digits(let mid) = timeline.frame(at: 0.15) else { Issue.record("not a roll"); return }
        #expect(mid[3] > 8 && mid[3] < 9.2)
        #expect(roll.columnOffset(from: 0, to: 8, elapsed: 0) == 0)
        #expect(abs(roll.columnOffset(from: 0, to: 8, elapsed: 5) - 8) < 1e-6)
    }
}
