import SaylineText
/// A ruler of tick marks that snaps to the value under a fixed centre indicator
/// (the seed's `RulerScrollPicker`).
///
/// Page Up and Page Down move one major interval. Changes glide on the seed's
/// `.smooth(duration: 0.7)` unless motion is reduced, then they jump.
public struct RulerPicker: AdjustableControl {
    /// The seed's glide for outside changes.
    public static let glideDuration = 0.7
    /// The kind's name in scenes: "ruler".
    public static let kindName = "ruler"

    /// The grid the value moves on.
    public let scale: TickScale
    /// A major (labelled) tick every this many ticks; at least 1.
    public let majorEvery: Int
    /// Points between ticks in the source design; at least 4.
    public let tickSpacing: Double
    /// Repairs the configuration needed, for audits.
    public let repairs: [Repair]
    /// Decimal places of the step and the minimum, worked out once: reading them takes the
    /// shortest decimal form of a Double, and every spoken value needs them.
    private let places: Int

    /// A ruler; settings out of range are repaired and each repair recorded.
    public init(minimum: Double, maximum: Double, step: Double = 1, majorEvery: Int = 10, tickSpacing: Double = 12) {
        scale = TickScale(lowerBound: minimum, upperBound: maximum, step: step, maximumTickCount: TickScale.rulerTickCap)
        var repairs = scale.repairs
        self.majorEvery = max(majorEvery, 1)
        if majorEvery < 1 {
            repairs.append(Repair(field: "majorEvery", .belowOne(majorEvery), instead: .number(1)))
        }
        self.tickSpacing = tickSpacing.isFinite ? max(tickSpacing, 4) : 12
        if self.tickSpacing != tickSpacing {
            repairs.append(Repair(field: "tickSpacing", .notFiniteFromFour(tickSpacing), instead: .number(self.tickSpacing)))
        }
        self.repairs = repairs
        places = max(NumberText.decimalPlaces(of: scale.step), NumberText.decimalPlaces(of: scale.lowerBound))
    }

    /// Page Up and Page Down move one major interval.
    public var pageStepCount: Int { majorEvery }

    /// How tall a tick is drawn: majors carry labels, middles mark half an interval.
    public func mark(at index: Int) -> TickMark {
        if index % majorEvery == 0 { return .major }
        if majorEvery >= 2 && index % (majorEvery / 2) == 0 { return .middle }
        return .minor
    }

    /// The label under a major tick, trimmed as the seed's `.formatted()` writes it; nil elsewhere.
    public func label(at index: Int) -> String? {
        guard mark(at: index) == .major else { return nil }
        return NumberText.format(scale.value(at: index), places: places, trimmingZeros: true)
    }

    /// The scroll offset that puts a tick under the indicator.
    public func offset(forIndex index: Int) -> Double { Double(index) * tickSpacing }

    /// The value in a fixed number of decimals with the unit's symbol: "62.0 kg".
    public func displayText(for value: Double, unit: UnitWords?) -> String {
        // The seed's headline shows a fixed number of decimals ("62.0 kg"), so the width never jumps.
        let number = NumberText.format(value, places: places)
        guard let symbol = unit?.symbol ?? unit?.plural else { return number }
        return "\(number) \(symbol)"
    }

    /// The value trimmed, with unit words: "62.5 kilograms".
    public func spokenValue(for value: Double, unit: UnitWords?) -> String {
        guard unit != nil else { return NumberText.spoken(value, places: places) }
        return Phrase.make { appendSpokenValue(for: value, unit: unit, to: &$0) }
    }

    public func appendSpokenValue(for value: Double, unit: UnitWords?, to phrase: inout Phrase) {
        guard let unit else { return phrase.append(number: value, places: places) }
        unit.appendSpoken(value, places: places, to: &phrase)
    }

    /// A glide on the seed's smooth curve.
    public func animation(from oldValue: Double, to newValue: Double) -> MotionTimeline {
        MotionTimeline(motion: .glide(from: oldValue, to: newValue, curve: .smooth(duration: Self.glideDuration)))
    }
}

/// A tick's kind on the ruler.
public enum TickMark: Sendable, Equatable {
    case major
    case middle
    case minor
}
