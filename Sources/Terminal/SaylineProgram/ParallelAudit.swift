import Glibc
import SaylineScene
import SaylineAudit
import SaylineSystem

/// An audit of many controls on every core: each scene cut into runs of controls, the runs
/// audited in parallel, then joined in order, so the report is the same as one thread's.
enum ParallelAudit {
    /// The report of `scenes` by `auditor` on `threads` threads.
    /// - Parameter ranges: the controls of each scene to audit (a shard's); all when nil. A
    ///   scene with none is left out of the report.
    static func audit(_ scenes: [AuditedScene], ranges: [Range<Int>]? = nil, auditor: Auditor, threads: Int) -> AuditReport {
        var units: [(scene: Int, controls: Range<Int>)] = []
        for (index, entry) in scenes.enumerated() {
            let mine = ranges.map { $0[index] } ?? entry.scene.elements.indices
            if ranges != nil && mine.isEmpty { continue }
            let count = mine.count
            // Four runs a thread evens out uneven controls; each run sets up the scene's
            // context (its names) once, so runs are not made smaller than that is worth.
            let runLength = max(64, (count + threads * 4 - 1) / (threads * 4))
            for start in stride(from: 0, to: max(count, 1), by: runLength) {
                units.append((index, mine.lowerBound + start..<mine.lowerBound + min(start + runLength, count)))
            }
        }
        let work = units
        // What rules know of a whole scene (its names), made once a scene, not once a run.
        let contexts = scenes.map { AuditContext(elements: $0.scene.elements, options: auditor.options) }
        let reports = Parallel.map(work.count, threads: threads) { unit in
            auditor.audit(scenes[work[unit].scene].scene, file: scenes[work[unit].scene].name,
                          controls: work[unit].controls, clock: monotonicNanoseconds, context: contexts[work[unit].scene])
        }
        // A part with no control at all: an empty report, with every rule inapplicable.
        // It names no file: it audited none.
        return AuditReport.joined(reports) ?? auditor.audit(scenes.first?.scene ?? .demo, file: "", controls: 0..<0, clock: monotonicNanoseconds)
    }
}

/// Nanoseconds on the monotonic clock, for the time each check takes.
@Sendable package func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}
