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

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
