import CoreMath

/// A timing curve from the source designs, as a pure function of elapsed seconds.
public enum Curve: Sendable, Equatable {
    /// SwiftUI's `.easeInOut(duration:)`: the cubic Bézier (0.42, 0) (0.58, 1).
    case easeInOut(duration: Double)
    /// SwiftUI's `.smooth(duration:)`: a spring with no bounce, scaled to land at `duration`.
    case smooth(duration: Double)

    /// Seconds until the curve has settled.
    public var duration: Double {
        switch self {
        case .easeInOut(let duration), .smooth(let duration): max(duration, 0)
        }
    }

    /// Progress from 0 to 1 at `time` seconds.
    /// - Complexity: O(1); the Bézier is solved in a fixed number of iterations.
    public func progress(at time: Double) -> Double {
        switch self {
        case .easeInOut(let duration):
            guard duration > 0 else { return 1 }
            return Self.cubicBezier(x: min(max(time / duration, 0), 1), x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case .smooth(let duration):
            guard duration > 0, time < duration else { return 1 }
            // A critically damped spring never quite arrives; scale it so it does, at `duration`.
            let end = Spring.settle(duration, response: duration, damping: 1)
            return Spring.settle(time, response: duration, damping: 1) / end
        }
    }

    /// y for a given x on a unit cubic Bézier, by bisection (monotone in x for these controls).
    private static func cubicBezier(x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        var low = 0.0
        var high = 1.0
        var t = x
        for _ in 0..<40 {
            let guess = coordinate(t, x1, x2)
            if abs(guess - x) < 1e-7 { break }
            if guess < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return coordinate(t, y1, y2)
    }
}

/// The closed-form unit step response of a damped spring, as the digit roll seed evaluates it.
public enum Spring {
    /// Progress at `time` seconds. Underdamped below damping 1, critically damped at 1.
    public static func settle(_ time: Double, response: Double, damping: Double) -> Double {
        guard time > 0 else { return 0 }
        let omega = 2 * Double.pi / max(response, 0.01)
        let zeta = min(max(damping, 0.05), 1)
        if zeta >= 1 { return 1 - sayline_exp(-omega * time) * (1 + omega * time) }
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let decay = sayline_exp(-zeta * omega * time)
        return 1 - decay * (sayline_cos(damped * time) + (zeta * omega / damped) * sayline_sin(damped * time))
    }

    /// The seed's settle allowance: 2.6 responses.
    public static func settleTime(response: Double) -> Double {
        max(response, 0.01) * 2.6
    }
}
