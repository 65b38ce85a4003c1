import Foundation
import Testing
@testable import SaylineScene
@testable import SaylineAudit

/// A clock that moves on by the same step each time it is read.
final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now: UInt64 = 0
    let step: UInt64

    init(step: UInt64) { self.step = step }

    func read() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        now += step
        return now
    }
}

/// Each check's time is the clock's between it and the check before (the control's first
/// check also carrying the shared walk), as JUnit's testcases show it.
@Suite struct AuditTimingTests {
    @Test func everyCheckIsTimedByTheClock() {
        let clock = SteppingClock(step: 2_500_000)
        let report = Auditor().audit(.demo, clock: { clock.read() })
        let nodes = report.rules.flatMap { $0.violations + $0.passes + $0.incomplete }
        #expect(!nodes.isEmpty)
        #expect(nodes.allSatisfy { $0.nanoseconds == 2_500_000 })
        #expect(report.junit(ReportSettings(version: "0")).contains(" time=\"0.003\"/>"))
    }
}
