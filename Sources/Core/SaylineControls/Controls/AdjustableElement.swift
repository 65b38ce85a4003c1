import SaylineText
/// One control on screen with its current value: the adjustable element every front drives.
///
/// Every action returns an `AdjustmentOutcome`; a rejected or unchanged action leaves the
/// element exactly as it was.
public struct AdjustableElement: Sendable, Equatable {
    /// What never changes once a control is made, shared by every copy: an element is copied
    /// into each event and reply of a command, and one reference to count is far cheaper than
    /// a retain for each string, array and box it holds (a script spent a third of its time
    /// in retain and release before).
    private final class Fixed: Sendable {
        let identity: ControlIdentity
        let control: any AdjustableControl
        let scale: TickScale
        let precision: Int
        let repairs: [Repair]

        init(identity: ControlIdentity, control: any AdjustableControl, scale: TickScale, precision: Int, repairs: [Repair]) {
            self.identity = identity
            self.control = control
            self.scale = scale
            self.precision = precision
            self.repairs = repairs
        }
    }

    private var fixed: Fixed

    /// Who the control is to a person: id, label, unit words.
    public var identity: ControlIdentity { fixed.identity }
    /// The label as it is said (`ControlIdentity.spokenLabel`), read where it is kept: through
    /// `identity`, the whole identity (id, label, short name, unit words, hint) was copied for
    /// one text of it, on every focus.
    public var spokenLabel: String { fixed.identity.spokenLabel }
    /// The control's kind and configuration; stored once, so a press reaches it through one
    /// existential box instead of making one each time.
    public var control: any AdjustableControl { fixed.control }
    /// The kind's scale, kept: every press and every announcement reads it.
    public var scale: TickScale { fixed.scale }
    /// Decimal places the scale needs, those of its step and of its minimum; kept, as reading
    /// them takes a Double's shortest decimal form.
    public var precision: Int { fixed.precision }
    /// The current value, always on the scale's grid unless it came from a drag.
    public private(set) var value: Double
    /// Repairs to the configuration and to the starting value, for audits.
    public var repairs: [Repair] { fixed.repairs }

    /// A control at a starting value; a value off the grid or not finite is repaired and
    /// the repair recorded.
    public init(identity: ControlIdentity, control: some AdjustableControl, value: Double) {
        let scale = control.scale
        let precision = max(NumberText.decimalPlaces(of: scale.step), NumberText.decimalPlaces(of: scale.lowerBound))
        var repairs = control.repairs
        let start: Double
        if !value.isFinite {
            start = scale.lowerBound
            repairs.append(Repair(field: "value", .notFinite, instead: .minimum))
        } else {
            let snapped = scale.value(at: scale.index(for: value))
            if abs(snapped - value) > scale.step * 1e-6 {
                repairs.append(Repair(field: "value", .notOnScale(value), instead: .number(snapped)))
            }
            start = snapped
        }
        self.value = start
        fixed = Fixed(identity: identity, control: control, scale: scale, precision: precision, repairs: repairs)
    }

    /// A control of a running application at the value it reports, taken as it is: the
    /// application's value is the truth, on Sayline's grid or not.
    public init(live identity: ControlIdentity, control: some AdjustableControl, value: Double) {
        let scale = control.scale
        let precision = max(NumberText.decimalPlaces(of: scale.step), NumberText.decimalPlaces(of: scale.lowerBound))
        self.value = value.isFinite ? value : scale.lowerBound
        fixed = Fixed(identity: identity, control: control, scale: scale, precision: precision, repairs: control.repairs)
    }

    /// The same control, sharing no reference with this one, for another thread to keep: two
    /// threads counting references to one object slow each other down at every copy.
    public func detached() -> AdjustableElement {
        var copy = self
        copy.fixed = Fixed(identity: identity, control: control, scale: scale, precision: precision, repairs: repairs)
        return copy
    }

    /// This control at a value it has held: what another thread, keeping its own copy, says
    /// for a step the session reported (the value is taken as it is).
    public func holding(_ value: Double) -> AdjustableElement {
        var copy = self
        copy.value = value
        return copy
    }

    /// Two elements are equal when their identity, value and control are.
    public static func == (lhs: AdjustableElement, rhs: AdjustableElement) -> Bool {
        lhs.value == rhs.value && (lhs.fixed === rhs.fixed || (lhs.identity == rhs.identity && lhs.control.isSame(as: rhs.control)))
    }

    /// The kind's name in scenes and messages: "ruler".
    public var kindName: String { type(of: control).kindName }
    /// The lowest value.
    public var minimum: Double { scale.lowerBound }
    /// The highest reachable value: the scale's last tick.
    public var maximum: Double { scale.upperBound }
    /// How far one Page Up or Page Down moves.
    public var pageStep: Double { Double(control.pageStepCount) * scale.step }
    /// The tick the value sits on.
    public var index: Int { scale.index(for: value) }

    /// What the screen shows: "62.5 kg", "7/10", "$12,480".
    public var displayText: String { control.displayText(for: value, unit: identity.unit) }
    /// What is said for the value: "62.5 kilograms".
    public var spokenValue: String { control.spokenValue(for: value, unit: identity.unit) }
    /// `spokenValue`, written into a phrase being built.
    public func appendSpokenValue(to phrase: inout Phrase) {
        control.appendSpokenValue(for: value, unit: identity.unit, to: &phrase)
    }
    /// The value without unit words, for terse speech.
    public var terseValue: String { control.terseValue(for: value, places: precision) }
    /// Why the screen shows another figure than the value, or nil.
    public var misstatement: String? { control.misstatement(for: value) }
    /// The bound the value sits on, if any.
    public var bound: Bound? {
        if value <= minimum { return .minimum }
        if value >= maximum { return .maximum }
        return nil
    }

    /// The number alone at the scale's precision: "62.5", for terse speech.
    public var spokenNumber: String { NumberText.spoken(value, places: precision) }

    /// The value in the step's precision, no grouping, no unit: what `pick` answers and a
    /// change command is given ("62.5", "7", "12480").
    public var answerText: String { NumberText.format(value, places: precision, grouping: false) }

    /// The value as a file keeps it: rounded to the scale's precision, so a value that steps
    /// left at 27.299999999999997 is saved as the 27.3 a person heard.
    public var storedValue: Double {
        Double(NumberText.format(value, places: precision, trimmingZeros: true, grouping: false)) ?? value
    }


    /// "Up or down arrow adjusts, Page Up or Page Down by 5", led by the control's own words.
    public var hint: String {
        var parts: [String] = []
        if let lead = control.hintLead(for: value) { parts.append(lead) }
        if let extra = identity.hint { parts.append(extra) }
        parts.append(keysHint)
        return parts.joinedText(separator: ". ")
    }

    /// "Up or down arrow adjusts by 0.5, Page Up or Page Down by 5, Home and End go to 40 and 120".
    public var keysHint: String {
        let step = NumberText.spoken(scale.step, places: precision)
        let page = NumberText.spoken(pageStep, places: precision)
        return translated("Up or down arrow adjusts by %s, Page Up or Page Down by %s, Home and End go to %s and %s",
                          step, page, control.valueWords(for: minimum, places: precision), control.valueWords(for: maximum, places: precision))
    }

    /// "40 to 120": what a rejection ends with, short, so an error is heard in four seconds.
    public var rangeSentence: String {
        translated("%s to %s", control.valueWords(for: minimum, places: precision), control.valueWords(for: maximum, places: precision))
    }

    /// "40 to 120 in steps of 0.5": the range as `describe` says it.
    public var rangeWithStep: String {
        translated("%s in steps of %s", rangeSentence, NumberText.spoken(scale.step, places: precision))
    }

    /// Applies one action.
    /// - Complexity: O(1) for steps, pages and bounds; O(n) in the typed text's length.
    public mutating func apply(_ adjustment: Adjustment) -> AdjustmentOutcome {
        let scale = self.scale
        switch adjustment {
        case .increment(let count):
            return step(by: count)
        case .decrement(let count):
            return step(by: count == Int.min ? Int.max : -count)
        case .pageUp:
            return step(by: control.pageStepCount)
        case .pageDown:
            return step(by: -control.pageStepCount)
        case .toMinimum:
            return move(to: scale.lowerBound, correction: nil, pastBound: .minimum)
        case .toMaximum:
            return move(to: scale.upperBound, correction: nil, pastBound: .maximum)
        case .typed(let text):
            switch control.typedValue(text, unit: identity.unit) {
            case .failure(let rejection):
                return .rejected(rejection)
            case .success(.bound(let bound)):
                return apply(bound == .minimum ? .toMinimum : .toMaximum)
            case .success(.number(let number)):
                return set(number)
            }
        case .exactly(let number):
            return set(number)
        }
    }

    private mutating func step(by count: Int) -> AdjustmentOutcome {
        guard count != 0 else { return .unchanged(.sameValue) }
        // From a value on the grid, its own tick: far from zero a computed position is off by
        // more than any tolerance (at 1,000,000 with steps of 1e-7, thousandths of a tick).
        // From an off-grid value (a dragged rating) the first step lands on the next tick.
        guard let position = scale.position(of: value) else { return .unchanged(.sameValue) }
        let base = scale.isOnGrid(value) ? scale.index(for: value)
            : count > 0 ? Int(max(min((position + 1e-6).rounded(.down), Double(scale.tickCount)), -1))
                        : Int(max(min((position - 1e-6).rounded(.up), Double(scale.tickCount)), -1))
        let target = scale.value(at: scale.index(base, movedBy: count))
        return move(to: target, correction: nil, pastBound: count > 0 ? .maximum : .minimum)
    }

    private mutating func set(_ number: Double) -> AdjustmentOutcome {
        guard number.isFinite else {
            return .rejected(Rejection(.notANumber, input: NumberText.plain(number)))
        }
        let snapped = scale.value(at: scale.index(for: number))
        var correction: Correction? = nil
        if number < scale.lowerBound - scale.step * 1e-9 {
            correction = .clamped(requested: number)
        } else if number > scale.upperBound + scale.step * 1e-9 {
            correction = .clamped(requested: number)
        } else if abs(snapped - number) > scale.step * 1e-9 {
            correction = .snapped(requested: number)
        }
        return move(to: snapped, correction: correction, pastBound: nil)
    }

    private mutating func move(to target: Double, correction: Correction?, pastBound: Bound?) -> AdjustmentOutcome {
        if target == value {
            if let pastBound, bound == pastBound { return .unchanged(.atBound(pastBound)) }
            if case .clamped(let requested)? = correction, let bound { return .unchanged(.clamped(requested: requested, bound: bound)) }
            return .unchanged(.sameValue)
        }
        let old = value
        value = target
        return .changed(ValueChange(old: old, new: target, reachedBound: bound, correction: correction))
    }
}

/// An action on an adjustable element.
public enum Adjustment: Sendable, Equatable {
    case increment(Int)
    case decrement(Int)
    case pageUp
    case pageDown
    case toMinimum
    case toMaximum
    /// What a person typed: "62.5", "12,480", "62.5 kilograms", "max".
    case typed(String)
    /// A value from outside (a tour, an undo), snapped to the grid.
    case exactly(Double)
}

/// What an action did.
public enum AdjustmentOutcome: Sendable, Equatable {
    case changed(ValueChange)
    case unchanged(UnchangedReason)
    case rejected(Rejection)
}

/// Why an action left the value as it was.
public enum UnchangedReason: Sendable, Equatable {
    /// A step past a bound: the value is already there.
    case atBound(Bound)
    /// The value asked for is the value it has.
    case sameValue
    /// A typed value outside the range, moved to the bound the value already sits on.
    case clamped(requested: Double, bound: Bound)
}

/// A value that moved, and whether the request had to be corrected to get there.
public struct ValueChange: Sendable, Equatable {
    /// The value before the change.
    public let old: Double
    /// The value after it.
    public let new: Double
    /// The bound the new value sits on, if any.
    public let reachedBound: Bound?
    /// How the request was corrected to fit, if it was.
    public let correction: Correction?

    public init(old: Double, new: Double, reachedBound: Bound?, correction: Correction?) {
        self.old = old
        self.new = new
        self.reachedBound = reachedBound
        self.correction = correction
    }
}

/// How a typed value was corrected to fit the control.
public enum Correction: Sendable, Equatable {
    /// Off the step grid, moved to the nearest tick.
    case snapped(requested: Double)
    /// Outside the range, moved to the nearest bound.
    case clamped(requested: Double)
}
