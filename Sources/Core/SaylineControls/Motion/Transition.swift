/// How a change reaches the screen: at once, or along a timeline of frames.
public enum Transition: Sendable, Equatable {
    /// Reduce motion, or nothing to animate: the new state is drawn once.
    case jump
    case animated(MotionTimeline)

    /// Frames drawn between the old and the new state at a frame rate; zero for a jump.
    public func intermediateFrameCount(framesPerSecond: Double = MotionTimeline.defaultFrameRate) -> Int {
        switch self {
        case .jump: 0
        case .animated(let timeline): timeline.frameTimes(framesPerSecond: framesPerSecond).count - 1
        }
    }
}

/// Whether changes animate. Reduce motion makes every transition a jump and starts no timers.
public enum MotionPreference: String, Sendable, Equatable, CaseIterable {
    case full
    case reduce
}

/// A timeline of frames for one change, sampled as a pure function of elapsed time.
public struct MotionTimeline: Sendable, Equatable {
    /// Frames a second when none is asked for.
    public static let defaultFrameRate = 60.0

    /// Seconds from the first frame to the last.
    public let duration: Double
    /// What moves.
    public let motion: Motion

    /// The timeline of a motion.
    public init(motion: Motion) {
        self.motion = motion
        self.duration = motion.duration
    }

    /// The frame at `time` seconds from the start; at or past the duration it is the final state.
    /// - Complexity: O(1) for a glide or a rating, O(columns) for a digit roll.
    public func frame(at time: Double) -> MotionFrame {
        motion.frame(at: min(max(time, 0), duration))
    }

    /// The sample times at a frame rate: 1/fps apart, always ending on the duration itself.
    /// - Complexity: O(duration × fps); independent of the control's range.
    public func frameTimes(framesPerSecond: Double = MotionTimeline.defaultFrameRate) -> [Double] {
        let rate = framesPerSecond.isFinite && framesPerSecond > 0 ? min(framesPerSecond, 240) : Self.defaultFrameRate
        let count = Int(min((duration * rate).rounded(.up), 10_000))
        guard count > 1 else { return [duration] }
        return (1...count).map { min(Double($0) / rate, duration) }
    }
}

/// What moves in a change, per control.
public enum Motion: Sendable, Equatable {
    /// The ruler's glide from one value to another.
    case glide(from: Double, to: Double, curve: Curve)
    case rating(StarRatingMotion)
    case roll(DigitRollMotion)
    /// A kind's own motion: a control type brings it, and draws its frames, with no case here.
    case own(any OwnMotion)

    var duration: Double {
        switch self {
        case .glide(_, _, let curve): curve.duration
        case .rating(let motion): motion.duration
        case .roll(let motion): motion.duration
        case .own(let motion): motion.duration
        }
    }

    func frame(at time: Double) -> MotionFrame {
        switch self {
        case .glide(let from, let to, let curve):
            .value(from + (to - from) * curve.progress(at: time))
        case .rating(let motion): .rating(motion.pose(at: time))
        case .roll(let motion): .digits(motion.columnPositions(at: time))
        case .own(let motion): .own(motion.frame(at: time))
        }
    }

    public static func == (lhs: Motion, rhs: Motion) -> Bool {
        switch (lhs, rhs) {
        case let (.glide(a, b, c), .glide(d, e, f)): a == d && b == e && c == f
        case let (.rating(a), .rating(b)): a == b
        case let (.roll(a), .roll(b)): a == b
        case let (.own(a), .own(b)): a.isSame(as: b)
        default: false
        }
    }
}

/// A motion a kind of control brings of its own (the ruler's glide, the rating's stars and
/// the roll's columns are the three built in): how long it takes and what it shows at each
/// moment, in a frame the kind's drawing reads (`MotionFrame.own`).
public protocol OwnMotion: Sendable {
    /// Seconds from the first frame to the last.
    var duration: Double { get }
    /// What is drawn `time` seconds in, from 0 to `duration`.
    func frame(at time: Double) -> any OwnMotionFrame
    /// Whether it is the same motion as another (for comparing transitions).
    func isSame(as other: any OwnMotion) -> Bool
}

/// One drawn moment of a kind's own motion.
public protocol OwnMotionFrame: Sendable {
    /// Whether it is the same moment as another.
    func isSame(as other: any OwnMotionFrame) -> Bool
}

extension OwnMotion where Self: Equatable {
    public func isSame(as other: any OwnMotion) -> Bool { (other as? Self) == self }
}

extension OwnMotionFrame where Self: Equatable {
    public func isSame(as other: any OwnMotionFrame) -> Bool { (other as? Self) == self }
}

/// One drawn moment of a transition.
public enum MotionFrame: Sendable, Equatable {
    /// A value between ticks, as the ruler shows mid-glide.
    case value(Double)
    case rating(StarRatingPose)
    /// The digit each rolling column shows, fractional mid-roll, left to right.
    case digits([Double])
    /// A moment of a kind's own motion, which its drawing reads.
    case own(any OwnMotionFrame)

    public static func == (lhs: MotionFrame, rhs: MotionFrame) -> Bool {
        switch (lhs, rhs) {
        case let (.value(a), .value(b)): a == b
        case let (.rating(a), .rating(b)): a == b
        case let (.digits(a), .digits(b)): a == b
        case let (.own(a), .own(b)): a.isSame(as: b)
        default: false
        }
    }
}
