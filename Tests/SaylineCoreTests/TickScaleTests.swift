import Testing
import PseudoTerminal
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct TickScaleTests {
    @Test func pointOneStepsLandOnTheirTicksDespiteBinaryFloats() {
        // 0.3 / 0.1 is just under 3; the 1e-9 tolerance still counts four ticks.
        let scale = TickScale(lowerBound: 0, upperBound: 0.3, step: 0.1)
        #expect(scale.tickCount == 4)
        #expect(abs(scale.upperBound - 0.3) < 1e-12)
    }

    @Test func aPartialLastStepIsDropped() {
        #expect(TickScale(lowerBound: 0, upperBound: 1.05, step: 0.1).tickCount == 11)
        #expect(TickScale(lowerBound: 40, upperBound: 120, step: 0.5).tickCount == 161)
    }

    @Test func rulersAreCappedAtTwentyThousandTicksAndSayWhatWasCutOff() {
        let scale = TickScale(lowerBound: 0, upperBound: 1_000_000, step: 1)
        #expect(scale.tickCount == 20_000)
        #expect(scale.upperBound == 19_999)
        #expect(scale.cutsOffRequestedRange)
        #expect(scale.repairs.map(\.field) == ["tickCount"])
        #expect(!TickScale(lowerBound: 0, upperBound: 19_999, step: 1).cutsOffRequestedRange)
    }

    @Test(arguments: [0.0, -1, .nan, .infinity, -.infinity])
    func aStepThatIsNotPositiveAndFiniteBecomesOne(step: Double) {
        let scale = TickScale(lowerBound: 0, upperBound: 10, step: step)
        #expect(scale.step == 1)
        #expect(scale.tickCount == 11)
        #expect(scale.repairs.map(\.field) == ["step"])
    }

    @Test func badBoundsYieldAOneTickScaleInsteadOfATrap() {
        #expect(TickScale(lowerBound: 10, upperBound: 0, step: 1).tickCount == 1)
        #expect(TickScale(lowerBound: 0, upperBound: .infinity, step: 1).tickCount == 1)
        #expect(TickScale(lowerBound: 0, upperBound: .nan, step: 1).tickCount == 1)
        let nanLower = TickScale(lowerBound: .nan, upperBound: 5, step: 1)
        #expect(nanLower.lowerBound == 0)
        #expect(nanLower.tickCount == 6)
        // The span itself overflows to infinity: the seed's rule gives one tick, not a trap.
        #expect(TickScale(lowerBound: -1e308, upperBound: 1e308, step: 1e-300).tickCount == 1)
        #expect(TickScale(lowerBound: 0, upperBound: 1e300, step: 1).tickCount == 20_000)
    }

    @Test func valuesAndIndicesClampToTheScale() {
        let scale = TickScale(lowerBound: 40, upperBound: 120, step: 0.5)
        #expect(scale.value(at: -5) == 40)
        #expect(scale.value(at: 44) == 62)
        #expect(scale.value(at: 10_000) == 120)
        #expect(scale.index(for: 62.2) == 44)
        #expect(scale.index(for: 62.3) == 45)
        #expect(scale.index(for: 1e300) == 160)
        #expect(scale.index(for: -1e300) == 0)
        #expect(scale.index(for: .nan) == 0)
        #expect(scale.index(for: .infinity) == 0)
    }

    @Test func offsetsSnapToTheNearestTick() {
        let scale = TickScale(lowerBound: 0, upperBound: 100, step: 1)
        #expect(scale.index(forOffset: 125, spacing: 12) == 10)
        #expect(scale.index(forOffset: 131, spacing: 12) == 11)
        #expect(scale.index(forOffset: 1e9, spacing: 12) == 100)
        #expect(scale.index(forOffset: -50, spacing: 12) == 0)
        #expect(scale.index(forOffset: .nan, spacing: 12) == 0)
        #expect(scale.index(forOffset: 40, spacing: 0) == 0)
        #expect(TickScale.snappedOffset(125, spacing: 12) == 120)
        #expect(TickScale.snappedOffset(131, spacing: 12) == 132)
        #expect(TickScale.snappedOffset(.infinity, spacing: 12) == 0)
    }

    @Test func movingAnIndexNeverOverflows() {
        let scale = TickScale(lowerBound: 0, upperBound: 10, step: 1)
        #expect(scale.index(5, movedBy: Int.max) == 10)
        #expect(scale.index(5, movedBy: Int.min) == 0)
        #expect(scale.index(5, movedBy: -2) == 3)
    }
}
