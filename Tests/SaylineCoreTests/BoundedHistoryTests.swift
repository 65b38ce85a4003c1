import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

/// The undo history's ring: the newest entries, in order, whatever was pushed and popped.
@Suite struct BoundedHistoryTests {
    @Test func keepsTheNewestInOrderThroughPushesAndPops() {
        var ring = BoundedHistory<Int>(capacity: 3)
        var model: [Int] = []
        // A fixed walk of pushes and pops that wraps the ring several times.
        for step in 0..<200 {
            if step % 5 == 3 || step % 7 == 6 {
                #expect(ring.popLast() == model.popLast())
            } else {
                ring.push(step)
                model.append(step)
                if model.count > 3 { model.removeFirst() }
            }
            #expect(ring.count == model.count)
        }
        var drained: [Int] = []
        while let last = ring.popLast() { drained.append(last) }
        #expect(drained == model.reversed())
        ring.push(1)
        ring.removeAll()
        #expect(ring.isEmpty && ring.popLast() == nil)
    }
}
