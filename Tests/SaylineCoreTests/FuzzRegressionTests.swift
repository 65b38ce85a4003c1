import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

/// Inputs the fuzzers found (Tests/fuzz), kept as plain tests so they never come back.
@Suite struct FuzzRegressionTests {
    /// Found by `sessions`: far from zero one ulp is larger than a tolerance on the position,
    /// so "on the grid" must mean "is exactly its tick's value".
    @Test func ticksFarFromZeroStayOnTheirGrid() {
        var element = AdjustableElement(identity: ControlIdentity(id: "r", label: "R"),
                                        control: RulerPicker(minimum: -3.276721484375e19, maximum: -2860.7999984741214, step: 6656039.0625, majorEvery: 0, tickSpacing: -3276.8),
                                        value: -3.276721484375e19)
        for _ in 0..<50 {
            _ = element.apply(.increment(1))
            #expect(element.scale.isOnGrid(element.value))
        }
    }

    /// Found by `sessions`: with 2^52 ticks, neighbouring ticks' values collided and a step
    /// landed between indices; the uncapped scales now stop at 2^40 ticks.
    @Test func hugeRatingsKeepEveryTickDistinct() {
        var element = AdjustableElement(identity: ControlIdentity(id: "s", label: "S"),
                                        control: StarRating(minimum: -30206996.215820312, maximum: 3.251249998474121e304, step: 32.57099998474121),
                                        value: 1.4668641765415805e17)
        #expect(element.scale.tickCount == TickScale.unboundedTickCap)
        for command in [Adjustment.decrement(9_999_999_999), .increment(Int.max), .decrement(3), .toMinimum, .pageUp] {
            _ = element.apply(command)
            #expect(element.scale.isOnGrid(element.value))
            #expect(element.value >= element.minimum && element.value <= element.maximum)
        }
    }
}
