import SaylineText
/// An odometer: one 0–9 strip per digit, rolling on a staggered spring (the seed's `DigitRoll`).
///
/// The prefix and the group separators never move. VoiceOver wants the figure, not ten digits
/// per column, so the whole figure is one spoken value.
public struct DigitRoll: AdjustableControl {
    /// The most columns the seed draws.
    public static let maximumColumns = 9
    /// The kind's name in scenes: "digitroll".
    public static let kindName = "digitroll"
    /// Messages call one a roll.
    public static let noun = "roll"

    /// How many digits are drawn, 1 to 9.
    public let columns: Int
    /// Text before the figure that never rolls: "$".
    public let prefix: String
    /// What stands between groups of three digits.
    public let separator: String
    /// Whether leading zeros are drawn instead of dropped.
    public let leadingZeros: Bool
    /// The digit every strip starts from before its first roll.
    public let startDigit: Int
    /// Which column rolls first.
    public let order: DigitRollOrder
    /// Milliseconds between neighbouring columns starting their roll.
    public let stagger: Double
    /// Settle spring. At 0.82 damping the strip overshoots by about a percent,
    /// which is the difference between mechanical and merely eased.
    public let response: Double
    /// The settle spring's damping, 0.05 to 1.
    public let damping: Double
    /// The grid the value moves on.
    public let scale: TickScale
    /// Steps in one Page Up or Page Down.
    public let pageStepCount: Int
    /// Repairs the configuration needed, for audits.
    public let repairs: [Repair]

    /// A roll; settings out of range are repaired and each repair recorded.
    public init(columns: Int = 6, prefix: String = "$", separator: String = ",", leadingZeros: Bool = false,
                startDigit: Int = 0, order: DigitRollOrder = .rtl, stagger: Double = 60,
                response: Double = 0.55, damping: Double = 0.82, step: Double = 1, pageStepCount: Int = 10,
                minimum: Double? = nil, maximum: Double? = nil) {
        var repairs: [Repair] = []
        self.columns = min(max(columns, 1), Self.maximumColumns)
        if self.columns != columns {
            repairs.append(Repair(field: "digits", .digitsOutside(columns), instead: .number(Double(self.columns))))
        }
        // Spaces are part of a figure ("USD 12 480", a no-break space between groups): only
        // control characters and line breaks are taken out.
        self.prefix = TextSanitiser.cleanKeepingLayout(prefix).filter { $0 != "\n" && $0 != "\t" }
        self.separator = TextSanitiser.cleanKeepingLayout(separator).filter { $0 != "\n" && $0 != "\t" }
        self.leadingZeros = leadingZeros
        self.startDigit = min(max(startDigit, 0), 9)
        if self.startDigit != startDigit {
            repairs.append(Repair(field: "start", .notADigit(startDigit), instead: .number(Double(self.startDigit))))
        }
        self.order = order
        self.stagger = stagger.isFinite ? min(max(stagger, 0), 10_000) : 60
        if self.stagger != stagger {
            repairs.append(Repair(field: "stagger", .staggerOutside(stagger), instead: .number(self.stagger)))
        }
        self.response = response.isFinite ? min(max(response, 0.01), 60) : 0.55
        if self.response != response {
            repairs.append(Repair(field: "response", .responseOutside(response), instead: .number(self.response)))
        }
        self.damping = damping.isFinite ? min(max(damping, 0.05), 1) : 0.82
        if self.damping != damping {
            repairs.append(Repair(field: "damping", .dampingOutside(damping), instead: .number(self.damping)))
        }
        // The strips hold whole digits, so a step is a whole number of at least 1.
        let wholeStep = step.isFinite ? max(step.rounded(), 1) : 1
        if wholeStep != step {
            repairs.append(Repair(field: "step", .notWholeFromOne(step), instead: .number(wholeStep)))
        }
        self.pageStepCount = max(pageStepCount, 1)
        if self.pageStepCount != pageStepCount {
            repairs.append(Repair(field: "pageSteps", .belowOne(pageStepCount), instead: .number(1)))
        }
        let widest = Double(Self.power(of: 10, self.columns) - 1)
        scale = TickScale(lowerBound: minimum ?? 0, upperBound: maximum ?? widest, step: wholeStep,
                          maximumTickCount: TickScale.unboundedTickCap)
        self.repairs = repairs + scale.repairs
    }

    /// The largest figure the columns can show: 999,999 for six.
    public var widestFigure: Int { Self.power(of: 10, columns) - 1 }

    /// The seed's `shownDigits`: the value's last `columns` digits, most significant first.
    /// Negative values show as 0, as the seed's `max(value, 0)` does.
    public func shownDigits(for value: Double) -> [Int] {
        var remainder = max(Self.whole(value), 0)
        var out: [Int] = []
        out.reserveCapacity(columns)
        for _ in 0..<columns {
            out.append(remainder % 10)
            remainder /= 10
        }
        return out.reversed()
    }

    /// The seed's `firstShown`: leading zeros are dropped, not blanked, keeping the figure centred.
    public func firstShown(in digits: [Int]) -> Int {
        guard !leadingZeros else { return 0 }
        var index = 0
        while index < digits.count - 1 && digits[index] == 0 { index += 1 }
        return index
    }

    /// The seed's slots: rolling columns and the separators between groups of three.
    public func slots(for value: Double) -> [DigitSlot] {
        let list = shownDigits(for: value)
        let first = firstShown(in: list)
        let shown = list.count - first
        var out: [DigitSlot] = []
        var position = 0
        for index in first..<list.count {
            let place = list.count - 1 - index
            out.append(DigitSlot(digit: list[index], order: order.rank(position, of: shown)))
            position += 1
            if place > 0 && place.isMultiple(of: 3) {
                out.append(DigitSlot(digit: nil, order: 0))
            }
        }
        return out
    }

    /// The figure exactly as the seed builds its spoken label: "$12,480".
    public func figure(for value: Double) -> String {
        // The slots' digits and separators, written into one phrase (every audit and every
        // change of a roll builds it; a string a slot was most of a roll's cost, and appending
        // scalar by scalar to a string still a twentieth of an audit).
        let list = shownDigits(for: value)
        return Phrase.make { figure in
            figure.append(prefix)
            for index in firstShown(in: list)..<list.count {
                figure.append(ascii: UInt8(ascii: "0") + UInt8(list[index]))
                let place = list.count - 1 - index
                if place > 0 && place.isMultiple(of: 3) { figure.append(separator) }
            }
        }
    }

    /// The seed's cascade length: the last column's delay plus its settle.
    public func duration(for value: Double) -> Double {
        let list = shownDigits(for: value)
        let shown = list.count - firstShown(in: list)
        let last = order == .all ? 0 : Double(max(shown - 1, 0)) * stagger
        return last / 1000 + Spring.settleTime(response: response)
    }

    /// The figure as the seed draws it: "$12,480".
    public func displayText(for value: Double, unit: UnitWords?) -> String { figure(for: value) }

    /// "12480 dollars" with unit words; without them, the prefix and the number: "$12480".
    /// Always the true value: a figure the columns cannot show is never spoken as the value.
    public func spokenValue(for value: Double, unit: UnitWords?) -> String {
        Phrase.make { appendSpokenValue(for: value, unit: unit, to: &$0) }
    }

    public func appendSpokenValue(for value: Double, unit: UnitWords?, to phrase: inout Phrase) {
        // The value, not the separators: "USD 12 480" is said as "USD 12480".
        guard let unit else {
            phrase.append(prefix)
            phrase.append(number: value, places: 0)
            return
        }
        unit.appendSpoken(value, places: 0, to: &phrase)
    }

    /// The number alone, whole and ungrouped: "12480" (no prefix, no unit).
    public func terseValue(for value: Double, places: Int) -> String { NumberText.spoken(value, places: 0) }

    /// Negative values and values wider than the columns are shown otherwise.
    public var figureMayDiffer: Bool { true }

    /// What the columns show instead of a negative value or one wider than they are. Both
    /// figures are said as the numbers they are: the shown one with the prefix and its digits
    /// ungrouped ("$234560", not "$234,560", which a German, French, Spanish or Polish voice
    /// reads as 234.56), the true one with the language's minus.
    public func misstatement(for value: Double) -> String? {
        let whole = Self.whole(value)
        let truth = NumberText.spoken(value, places: 0)
        if whole < 0 { return translated("shows %s for %s, the columns cannot show a minus sign", spokenFigure(for: value), truth) }
        if whole > widestFigure {
            return translatedCount("shows %s for %s, %s column drops the leading digits", "shows %s for %s, %s columns drop the leading digits",
                                   count: columns, spokenFigure(for: value), truth, NumberText.spoken(columns))
        }
        return nil
    }

    /// The figure the columns show, as it is said: the prefix, then the shown digits as one
    /// number, with no separator a voice could take for a decimal mark.
    func spokenFigure(for value: Double) -> String {
        let shown = shownDigits(for: value).reduce(0) { $0 * 10 + $1 }
        return prefix + NumberText.spoken(shown)
    }

    /// The prefix may be typed before a number: "$12,480".
    public var typedPrefix: String? { prefix.isEmpty ? nil : prefix }
    /// A separator other than a comma (a space) may be typed in a figure.
    public var typedGroupSeparator: String? { separator.isEmpty || separator == "," || separator == "." ? nil : separator }

    /// Each column rolls from its digit to the new one, staggered, on the settle spring.
    public func animation(from oldValue: Double, to newValue: Double) -> MotionTimeline {
        let target = slots(for: newValue).compactMap { slot in slot.digit.map { ($0, slot.order) } }
        // Columns align from the right: the old figure's units column rolls to the new units column.
        let oldDigits = shownDigits(for: oldValue)
        let offset = columns - target.count
        let columnsMotion = target.enumerated().map { position, entry in
            DigitRollMotion.Column(from: oldDigits[offset + position], to: entry.0,
                                   delay: order == .all ? 0 : Double(entry.1) * stagger / 1000)
        }
        return MotionTimeline(motion: .roll(DigitRollMotion(columns: columnsMotion, response: response, damping: damping)))
    }

    /// The column's position the seed samples in preview: start + (digit − start) × settle.
    public func columnOffset(from start: Int, to digit: Int, elapsed: Double) -> Double {
        Double(start) + Double(digit - start) * Spring.settle(elapsed, response: response, damping: damping)
    }

    /// A finite value as a whole number, clamped well inside `Int`'s range.
    static func whole(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value.rounded(), -1e15), 1e15))
    }

    static func power(of base: Int, _ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { product, _ in product * base }
    }
}

/// Which end of the figure leads the cascade.
public enum DigitRollOrder: String, Sendable, Equatable, CaseIterable {
    /// Least-significant column first — the way a real odometer trips.
    case rtl
    /// Most-significant column first. Reads better on a headline figure.
    case ltr
    /// Every column together.
    case all

    func rank(_ position: Int, of columns: Int) -> Int {
        switch self {
        case .ltr: position
        case .rtl: columns - 1 - position
        case .all: 0
        }
    }
}

/// One position in the figure: a rolling column, or a separator that does not roll.
public struct DigitSlot: Sendable, Equatable {
    /// The digit shown, or nil for a separator.
    public let digit: Int?
    /// The column's place in the cascade: 0 rolls first.
    public let order: Int
}

/// The columns of one roll, each on its own delayed spring.
public struct DigitRollMotion: Sendable, Equatable {
    /// One column's roll: the digit it leaves and the one it lands on, and when it starts.
    public struct Column: Sendable, Equatable {
        /// The digit the column leaves.
        public let from: Int
        /// The digit it lands on.
        public let to: Int
        /// Seconds before this column starts.
        public let delay: Double
    }

    /// Every shown column, left to right.
    public let columns: [Column]
    /// Seconds the settle spring takes to respond.
    public let response: Double
    /// The spring's damping.
    public let damping: Double

    /// Seconds until the last column has settled.
    public var duration: Double {
        (columns.map(\.delay).max() ?? 0) + Spring.settleTime(response: response)
    }

    /// Each column's digit position at `time`; 7.4 is between 7 and 8, 10.1 an overshoot past 0.
    /// - Complexity: O(columns), at most nine.
    public func columnPositions(at time: Double) -> [Double] {
        columns.map { column in
            let settle = time >= duration ? 1 : Spring.settle(time - column.delay, response: response, damping: damping)
            return Double(column.from) + Double(column.to - column.from) * settle
        }
    }
}
