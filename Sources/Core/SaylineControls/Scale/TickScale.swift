import SaylineText
/// Converts between values, tick indices and offsets on an evenly stepped scale.
///
/// This is the ruler seed's `RulerScrollPickerScale`, kept exact, with the tick cap made a
/// parameter so the rating and the digit roll can share it. Bad input yields a usable scale,
/// and every repair is recorded so an audit can report it.
/// - Complexity: every operation is O(1); no tick is ever stored.
public struct TickScale: Sendable, Equatable {
    /// The ruler seed's cap: a 20,000-tick ruler is the largest it will lay out.
    public static let rulerTickCap = 20_000
    /// The cap for scales that draw no ticks. Far above any real control (a nine-column roll
    /// has 10^9 ticks), and low enough that index × step keeps about 12 bits below one step,
    /// so every tick's value maps back to its own index; at 2^52 ticks neighbours collide.
    public static let unboundedTickCap = 1 << 40

    /// The lowest value: the first tick.
    public let lowerBound: Double
    /// The distance between ticks; always positive and finite.
    public let step: Double
    /// How many ticks the scale has; at least 1.
    public let tickCount: Int
    /// The upper bound that was asked for, before the cap or the grid cut it short.
    public let requestedUpperBound: Double
    /// Repairs the bounds and the step needed, for audits.
    public let repairs: [Repair]

    /// A scale; bad bounds, steps and tick counts are repaired and each repair recorded.
    public init(lowerBound requestedLower: Double, upperBound: Double, step: Double,
                maximumTickCount: Int = TickScale.rulerTickCap) {
        var repairs: [Repair] = []
        let lower = requestedLower.isFinite ? requestedLower : 0
        if !requestedLower.isFinite {
            repairs.append(Repair(field: "minimum", .notFinite, instead: .number(0)))
        }
        let safeStep = step.isFinite && step > 0 ? step : 1
        if safeStep != step {
            repairs.append(Repair(field: "step", .notPositiveFinite(step), instead: .number(1)))
        }
        let cap = max(maximumTickCount, 1)
        // Bounds of opposite sign near the largest Double overflow when subtracted; divided
        // first they do not.
        let span = (upperBound - lower) / safeStep
        let quotient = span.isInfinite && upperBound.isFinite ? upperBound / safeStep - lower / safeStep : span
        // 0.1 has no exact binary form, so 0.3 / 0.1 lands just under 3.
        let ticks = abs(quotient - quotient.rounded()) < 1e-9 ? quotient.rounded() : quotient.rounded(.down)
        let count = ticks.isFinite ? Int(min(max(ticks, 0), Double(cap - 1))) + 1 : 1
        if !upperBound.isFinite {
            repairs.append(Repair(field: "maximum", .notFinite, instead: .minimum))
        } else if upperBound < lower {
            repairs.append(Repair(field: "maximum", .belowMinimum(upperBound), instead: .minimum))
        } else if ticks.isFinite, ticks > Double(cap - 1) {
            repairs.append(Repair(field: "tickCount", .tooManyTicks(ticks + 1, cap: cap), instead: .cutOff(ticks: cap)))
        }
        self.lowerBound = lower
        self.step = safeStep
        self.tickCount = count
        self.requestedUpperBound = upperBound.isFinite ? upperBound : lower
        self.repairs = repairs
    }

    /// The value of the last tick: the real maximum.
    public var upperBound: Double { value(at: tickCount - 1) }

    /// Whether the cap or a bad bound made part of the asked-for range unreachable.
    public var cutsOffRequestedRange: Bool {
        requestedUpperBound - upperBound >= step * (1 - 1e-9)
    }

    /// The value of a tick, the index clamped to the scale.
    public func value(at index: Int) -> Double {
        let ticks = Double(min(max(index, 0), tickCount - 1))
        var value = lowerBound + ticks * step
        if value.isInfinite {
            // Across the largest Doubles the distance from the minimum overflows though the
            // tick itself does not: halved, the sum fits, and doubling it back is exact.
            value = (lowerBound / 2 + ticks * (step / 2)) * 2
        }
        // Rounding at the top of the Double range must not turn a finite maximum into infinity.
        return value.isFinite ? value : requestedUpperBound
    }

    /// The nearest tick to a value, clamped to the scale.
    public func index(for value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return clampedIndex(stepsFromLowerBound(to: value).rounded())
    }

    /// The fractional tick position of a value, unclamped; nil when the value is not finite.
    public func position(of value: Double) -> Double? {
        guard value.isFinite else { return nil }
        return stepsFromLowerBound(to: value)
    }

    /// Steps from the minimum to a value. From −1.797e308 to 1e308 the difference overflows to
    /// infinity, which read every high value as the last tick; divided first it does not.
    private func stepsFromLowerBound(to value: Double) -> Double {
        let steps = (value - lowerBound) / step
        return steps.isInfinite ? value / step - lowerBound / step : steps
    }

    /// Whether a value is exactly the value of its nearest tick, as this scale computes ticks.
    /// (A tolerance on the position would fail far from zero: at 3e19 one ulp is 4,096.)
    public func isOnGrid(_ value: Double) -> Bool {
        value.isFinite && self.value(at: index(for: value)) == value
    }

    /// Moves an index by a signed count without overflowing, then clamps it to the scale.
    public func index(_ index: Int, movedBy count: Int) -> Int {
        let (sum, overflow) = index.addingReportingOverflow(count)
        if overflow { return count > 0 ? tickCount - 1 : 0 }
        return min(max(sum, 0), tickCount - 1)
    }

    func clampedIndex(_ index: Double) -> Int {
        // (value - lower) / step overflows to infinity for 1e308: that is past the last tick.
        guard !index.isNaN else { return 0 }
        return Int(min(max(index, 0), Double(tickCount - 1)))
    }
}

/// One repair that bad configuration needed: what was wrong and what is used instead.
///
/// Its words are made when they are read, in the phrasebook in use then: a scene is read once
/// and may be reported in another language (an audit's report, a check's line), so a repair
/// keeps what was wrong, not a sentence already said in one language.
public struct Repair: Sendable, Equatable, Hashable {
    /// The setting that was wrong: "step".
    public let field: String
    /// What was wrong with it, and what is used instead.
    let wrong: Wrong
    let instead: Instead

    /// What was wrong, with the numbers as the scene gave them.
    enum Wrong: Sendable, Hashable {
        /// Words given whole, as a kind of another program's gives them.
        case words(String)
        case notFinite
        case notPositiveFinite(Double)
        case belowMinimum(Double)
        case tooManyTicks(Double, cap: Int)
        case notOnScale(Double)
        case digitsOutside(Int)
        case notADigit(Int)
        case staggerOutside(Double)
        case responseOutside(Double)
        case dampingOutside(Double)
        case notWholeFromOne(Double)
        case belowOne(Int)
        case notFiniteFromFour(Double)
    }

    /// What is used instead.
    enum Instead: Sendable, Hashable {
        case words(String)
        case number(Double)
        case minimum
        case cutOff(ticks: Int)
    }

    /// A repair in words of its own (a kind another program adds).
    public init(field: String, problem: String, replacement: String) {
        self.init(field: field, .words(problem), instead: .words(replacement))
    }

    init(field: String, _ wrong: Wrong, instead: Instead) {
        self.field = field
        self.wrong = wrong
        self.instead = instead
    }

    /// What was wrong with it, in the language in use: "-3 is not a positive finite number".
    public var problem: String {
        switch wrong {
        case .words(let words): words
        case .notFinite: translated("is not a finite number")
        case .notPositiveFinite(let value): translated("%s is not a positive finite number", NumberText.plain(value))
        case .belowMinimum(let value): translated("%s is below the minimum", NumberText.plain(value))
        case .tooManyTicks(let ticks, let cap): translated("needs %s ticks, more than the cap of %s", NumberText.plain(ticks), NumberText.spoken(cap))
        case .notOnScale(let value): translated("%s is not on the scale", NumberText.plain(value))
        case .digitsOutside(let columns): translated("%s is outside 1 to 9", NumberText.spoken(columns))
        case .notADigit(let digit): translated("%s is not a digit", NumberText.spoken(digit))
        // Translators: milliseconds; write the range as your language writes numbers in a sentence, ungrouped for a voice.
        case .staggerOutside(let value): translated("%s ms is outside 0 to 10,000", NumberText.plain(value))
        // Translators: seconds; write the numbers with your language's decimal mark.
        case .responseOutside(let value): translated("%s s is outside 0.01 to 60", NumberText.plain(value))
        case .dampingOutside(let value): translated("%s is outside 0.05 to 1", NumberText.plain(value))
        case .notWholeFromOne(let value): translated("%s is not a whole number of at least 1", NumberText.plain(value))
        case .belowOne(let value): translated("%s is below 1", NumberText.spoken(value))
        case .notFiniteFromFour(let value): translated("%s is not a finite number of at least 4", NumberText.plain(value))
        }
    }

    /// What is used instead, in the language in use: "1", "the minimum".
    public var replacement: String {
        switch instead {
        case .words(let words): words
        case .number(let value): NumberText.plain(value)
        case .minimum: translatedIn("used instead of a setting", "the minimum")
        case .cutOff(let ticks): translatedCount("a scale cut off at %s tick", "a scale cut off at %s ticks", count: ticks, NumberText.spoken(ticks))
        }
    }

    /// The repair as a sentence: "step 0 is not a positive finite number; 1 is used instead".
    // Translators: the setting's name as the control calls it ("step", "maximum": kept as
    // typed), what is wrong with it, then what is used instead ("1", "the minimum").
    public var sentence: String { translated("%s %s; %s is used instead", field, problem, replacement) }
}
