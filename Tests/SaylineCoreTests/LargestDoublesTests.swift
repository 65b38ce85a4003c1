import PseudoTerminal
import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

/// Ranges across the largest Doubles: every tick keeps its own value and every key moves.
@Suite struct LargestDoublesTests {
    let element = AdjustableElement(identity: ControlIdentity(id: "x", label: "X"),
                                    control: RulerPicker(minimum: -1.797e308, maximum: 1.797e308, step: 1e305), value: 0)

    @Test func aValueInsideTheRangeLandsOnItsOwnTick() {
        var moved = element
        _ = moved.apply(.typed("1e308"))
        #expect(moved.value < moved.maximum)
        #expect(abs(moved.value - 1e308) <= 1e305)
        #expect(moved.scale.index(for: 1e308) < moved.scale.tickCount - 1)
        // Ticks near the top are distinct, not all read as the maximum.
        let last = moved.scale.tickCount - 1
        #expect(moved.scale.value(at: last - 1) < moved.scale.value(at: last))
        #expect(moved.scale.value(at: last - 1).isFinite)
    }

    @Test func fromTheMaximumEveryKeyMovesDown() {
        var top = element
        _ = top.apply(.toMaximum)
        for key in [Adjustment.decrement(1), .pageDown] {
            var moved = top
            guard case .changed(let change) = moved.apply(key) else { Issue.record("\(key) did not move from the maximum"); continue }
            #expect(change.new < top.value)
        }
        var back = top
        _ = back.apply(.decrement(1))
        _ = back.apply(.increment(1))
        #expect(back.value == top.value)
    }
}
