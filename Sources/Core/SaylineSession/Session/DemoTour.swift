/// The ruler demo's tour: the value visits 78.5, 55, 91 and 62, three times, 1.2 s apart.
///
/// It stops for good as soon as the person changes the value, and never starts under
/// reduce motion. The front owns the clock: it calls `Session.advanceTour()` every `interval`.
public struct DemoTour: Sendable, Equatable {
    /// The values the tour glides to, in turn.
    public static let stops: [Double] = [78.5, 55.0, 91.0, 62.0]
    /// How many times the tour goes round its stops.
    public static let rounds = 3
    /// Seconds between stops.
    public static let interval = 1.2

    /// The ruler the tour moves.
    public let elementIndex: Int
    /// The stop to visit next, counted across all rounds.
    public private(set) var nextStop = 0
    /// The value the tour last set; any other value means the person took over.
    public private(set) var lastAutoValue: Double

    /// A tour of a ruler from its value now.
    public init(elementIndex: Int, startValue: Double) {
        self.elementIndex = elementIndex
        self.lastAutoValue = startValue
    }

    /// Whether every stop of every round has been reached.
    public var isFinished: Bool { nextStop >= Self.stops.count * Self.rounds }

    /// The next target, advancing the tour; nil when it is finished.
    mutating func takeNextTarget() -> Double? {
        guard !isFinished else { return nil }
        let target = Self.stops[nextStop % Self.stops.count]
        nextStop += 1
        return target
    }

    mutating func recordArrival(at value: Double) { lastAutoValue = value }
}
