import SaylineText

/// A slider or spin button of a running application as an adjustable control: its range and
/// step as the application reports them, and its value said as the application exposes it.
///
/// The application owns the value. Sayline asks it to move (by the control's own keys, or by
/// setting its value) and then reads back what it exposes; each reading makes a new element
/// (`AccessibleSlider.element`), whose words are the application's words for that value.
public struct LiveSlider: AdjustableControl {
    public static let kindName = "slider"

    /// What the bus said at the last reading.
    public let accessible: AccessibleSlider
    public let scale: TickScale
    /// Page Up and Page Down move a tenth of the range, as GTK's and the ARIA pattern's do
    /// where the application says nothing of its own.
    public let pageStepCount: Int
    public let repairs: [Repair]

    /// The step Sayline moves by when the application reports none (GTK 4, ARIA sliders): 1
    /// on a whole-number range of at most 1,000 values, else a hundredth of the range.
    public static func step(for accessible: AccessibleSlider) -> Double {
        if let increment = accessible.increment, increment > 0 { return increment }
        let minimum = accessible.minimum ?? 0, maximum = accessible.maximum ?? minimum
        let span = maximum - minimum
        guard span.isFinite, span > 0 else { return 1 }
        if minimum.rounded() == minimum, maximum.rounded() == maximum, span <= 1_000 { return 1 }
        return span / 100
    }

    public init(_ accessible: AccessibleSlider) {
        self.accessible = accessible
        let minimum = accessible.minimum ?? 0
        scale = TickScale(lowerBound: minimum, upperBound: accessible.maximum ?? minimum, step: Self.step(for: accessible),
                          maximumTickCount: TickScale.unboundedTickCap)
        pageStepCount = max(1, min(scale.tickCount / 10, 1_000))
        repairs = scale.repairs
    }

    /// The control as an element at the value the application reports, labelled by its
    /// accessible name (empty when it has none, as an audit must see it); `namingNameless`
    /// labels a nameless one by its role, as a screen reader says it.
    /// - Parameter id: what commands and scripts name it by; its whole path by default.
    public static func element(_ accessible: AccessibleSlider, namingNameless: Bool = false, id: String? = nil) -> AdjustableElement {
        let control = LiveSlider(accessible)
        let label = accessible.name.isEmpty && namingNameless ? accessible.role.spokenName : accessible.name
        let identity = ControlIdentity(id: id ?? accessible.path.text, label: label)
        return AdjustableElement(live: identity, control: control, value: accessible.current ?? control.scale.lowerBound)
    }

    /// The application's text at the value it was read at; at any other value (a step the
    /// audit works out before the application is asked), the number as a reader formats it.
    public func spokenValue(for value: Double, unit: UnitWords?) -> String {
        if value == accessible.current { return accessible.spokenValue }
        return NumberText.spokenKeepingPlaces(value, places: accessible.places)
    }

    /// What the screen shows: the same words.
    public func displayText(for value: Double, unit: UnitWords?) -> String {
        spokenValue(for: value, unit: unit)
    }

    /// A short glide: the application draws its own motion; the terminal's follows it.
    public func animation(from oldValue: Double, to newValue: Double) -> MotionTimeline {
        MotionTimeline(motion: .glide(from: oldValue, to: newValue, curve: .smooth(duration: 0.3)))
    }

    /// A track with the thumb at the value's place: `[=====o-----]`.
    public func drawing(at value: Double, frame: MotionFrame?, renderer: ControlRenderer) -> [String] {
        var shown = value
        if case .value(let moving)? = frame { shown = moving }
        let cells = max(renderer.width - 2, 1)
        // Halves: from -1e308 to 1e308 the span itself overflows to infinity, and infinity over
        // infinity is NaN, which no Int holds. An application chooses these numbers.
        let span = scale.upperBound / 2 - scale.lowerBound / 2
        let place = span > 0 ? (shown / 2 - scale.lowerBound / 2) / span : 0
        let fraction = place.isNaN ? 0 : place.clamped(to: 0...1)
        let thumb = Int((fraction * Double(cells - 1)).rounded())
        return ["[" + String(repeating: "=", count: thumb) + "o" + String(repeating: "-", count: max(cells - 1 - thumb, 0)) + "]"]
    }
}
