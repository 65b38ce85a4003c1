import Foundation

/// One figure: the median, minimum and maximum of several runs after a warm-up.
struct Figure: Codable {
    let name: String
    let median: Double
    let min: Double
    let max: Double
    let unit: String

    var line: String {
        "\(name.padding(toLength: 52, withPad: " ", startingAt: 0)) median \(format(median)) min \(format(min)) max \(format(max)) \(unit)"
    }

    private func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%10.0f", value) : String(format: "%10.3f", value)
    }
}

/// Seconds on the monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `body` once to warm up, then `runs` times; each run reports its own figure.
func measure(_ name: String, unit: String, runs: Int = 7, _ body: () -> Double) -> Figure {
    _ = body()
    let samples = (0..<runs).map { _ in body() }.sorted()
    return Figure(name: name, median: samples[samples.count / 2], min: samples.first ?? 0, max: samples.last ?? 0, unit: unit)
}

/// Several measurements in turns, one sample of each a round, after one round unrecorded: for
/// figures that are compared with each other, so that a slow stretch of the machine falls on
/// all of them rather than on whichever ran then.
func interleaved(_ bodies: [(name: String, start: () -> Double)], unit: String, runs: Int) -> [Figure] {
    for body in bodies { _ = body.start() }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for _ in 0..<runs {
        for (index, body) in bodies.enumerated() { samples[index].append(body.start()) }
    }
    return zip(bodies, samples).map { body, unsorted in
        let sorted = unsorted.sorted()
        return Figure(name: body.name, median: sorted[sorted.count / 2], min: sorted.first ?? 0, max: sorted.last ?? 0, unit: unit)
    }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
