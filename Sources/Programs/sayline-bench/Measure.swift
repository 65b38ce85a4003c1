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
/// all of them rather than on whichever ran then. Each round begins one further along, so that
/// each takes each place in the turn as often.
func interleaved(_ bodies: [(name: String, start: () -> Double)], unit: String, runs: Int) -> [Figure] {
    for body in bodies { _ = body.start() }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for round in 0..<runs {
        for turn in 0..<bodies.count {
            let index = (round + turn) % bodies.count
            samples[index].append(bodies[index].start())
        }
    }
    return zip(bodies, samples).map { body, unsorted in figure(body.name, unsorted, unit: unit) }
}

/// Measurements held to a peer's, each run right after a run of the peer and the peer's right
/// after each of them. A program started right after another run of the same program starts
/// faster (its pages are warm in the caches): by 3-5 % here for sayline, so taking turns with
/// two kinds of sayline start and bash, the sayline start that followed the other was flattered
/// and bash, which never followed itself, was not. The last figure is the peer's.
func alternated(_ bodies: [(name: String, start: () -> Double)], peer: (name: String, start: () -> Double),
                unit: String, runs: Int) -> [Figure] {
    for body in bodies {
        _ = peer.start()
        _ = body.start()
    }
    var samples = Array(repeating: [Double](), count: bodies.count)
    var peerSamples: [Double] = []
    for _ in 0..<runs {
        for (index, body) in bodies.enumerated() {
            peerSamples.append(peer.start())
            samples[index].append(body.start())
        }
    }
    return zip(bodies, samples).map { body, unsorted in figure(body.name, unsorted, unit: unit) } + [figure(peer.name, peerSamples, unit: unit)]
}

private func figure(_ name: String, _ unsorted: [Double], unit: String) -> Figure {
    let sorted = unsorted.sorted()
    return Figure(name: name, median: sorted[sorted.count / 2], min: sorted.first ?? 0, max: sorted.last ?? 0, unit: unit)
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
