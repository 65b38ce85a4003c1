import SaylineText
/// Draws a control as lines of text for a terminal, from its state or one frame of a transition.
///
/// The core computes every frame a person sees; the terminal only writes the lines.
/// - Complexity: O(width) per frame, never O(ticks): a 20,000-tick ruler draws only the
///   ticks that fit on the line.
public struct ControlRenderer: Sendable {
    /// The width the control is laid out in: at least 19 cells, so a ruler has ticks to show.
    public let width: Int
    /// The cells a line may take on this terminal; narrower terminals cut the layout, so no
    /// line wraps and leaves a stale row.
    public let columns: Int
    public let color: Bool

    /// - Parameter width: the terminal's columns; the layout keeps within 20 and 400.
    public init(width: Int, color: Bool) {
        // One column is left free: writing the last column makes some terminals wrap.
        self.width = min(max(width, 20), 400) - 1
        self.columns = min(max(width, 2), 400) - 1
        self.color = color
    }

    /// The control's lines at rest, or at `frame` mid-transition.
    public func lines(for element: AdjustableElement, frame: MotionFrame? = nil) -> [String] {
        let laidOut = layout(element, frame: frame)
        return columns >= width ? laidOut : laidOut.map { TerminalCells.fit($0, to: columns) }
    }

    private func layout(_ element: AdjustableElement, frame: MotionFrame?) -> [String] {
        let header = fit("\(element.identity.label)  \(element.displayText)")
        switch element.kind {
        case .ruler(let ruler):
            var shown = element.value
            if case .value(let value)? = frame { shown = value }
            return [header] + rulerLines(ruler, at: shown)
        case .rating(let rating):
            var pose = StarRatingPose(thumb: element.value, star: element.value, rotation: 0,
                                      lift: rating.hasValue(element.value) ? 1 : 0)
            if case .rating(let moving)? = frame { pose = moving }
            return [header] + ratingLines(rating, pose: pose, value: element.value)
        case .digitRoll(let roll):
            var positions: [Double]? = nil
            if case .digits(let digits)? = frame { positions = digits }
            return [header, fit("  " + rollFigure(roll, value: element.value, positions: positions))]
        }
    }

    /// The ruler's centre indicator, the ticks around the value, and labels under the majors.
    private func rulerLines(_ ruler: RulerPicker, at value: Double) -> [String] {
        let scale = ruler.scale
        let centre = width / 2
        let centreIndex = Int((scale.position(of: value) ?? 0).rounded().clamped(to: -1e12...1e12))
        var ticks = [Character](repeating: " ", count: width)
        var labels = [Character](repeating: " ", count: width)
        var labelFreeFrom = 0
        for column in 0..<width {
            let (index, overflow) = centreIndex.addingReportingOverflow(column - centre)
            guard !overflow, index >= 0, index < scale.tickCount else { continue }
            switch ruler.mark(at: index) {
            case .major:
                ticks[column] = "|"
                if let label = ruler.label(at: index), column >= labelFreeFrom, column + label.count <= width {
                    for (offset, character) in label.enumerated() { labels[column + offset] = character }
                    labelFreeFrom = column + label.count + 1
                }
            case .middle: ticks[column] = ":"
            case .minor: ticks[column] = "."
            }
        }
        let indicator = String(repeating: " ", count: centre) + paint("v", code: "35")
        return [indicator, String(ticks).trailingSpacesTrimmed, String(labels).trailingSpacesTrimmed]
    }

    /// A line for the star above the bar, then the bar of whole stars with "n/10".
    private func ratingLines(_ rating: StarRating, pose: StarRatingPose, value: Double) -> [String] {
        let scale = rating.scale
        let span = max(scale.upperBound - scale.lowerBound, 1e-9)
        let cells = min(max(Int(min(span, 1e6).rounded(.up)), 1), width - 8)
        let filled = Int(((pose.thumb - scale.lowerBound) / span * Double(cells)).rounded().clamped(to: 0...Double(cells)))
        let bar = String(repeating: "*", count: filled) + String(repeating: ".", count: cells - filled)
        let starColumn = Int(((pose.star - scale.lowerBound) / span * Double(cells - 1)).rounded().clamped(to: 0...Double(max(cells - 1, 0))))
        // The seed turns the star a tenth of a turn while it travels, anticlockwise (-36°) going
        // forwards: it leans back, its top to the left, as "\\" does.
        let glyph = abs(pose.rotation) > 12 ? (pose.rotation < 0 ? "\\" : "/") : "*"
        let above: String
        if pose.lift >= 0.5 {
            above = String(repeating: " ", count: starColumn + 1) + paint(glyph, code: "33")
        } else {
            above = rating.hasValue(value) ? "" : fit(" Slide to rate")
        }
        // Fit the plain text, then paint: escape sequences take no columns.
        let figure = rating.displayText(for: value, unit: nil)
        let plainBar = "[" + bar + "] " + figure
        let barLine = TerminalCells.width(of: plainBar) <= width ? "[" + paint(bar, code: "33") + "] " + figure : fit(plainBar)
        return [above, barLine]
    }

    /// The figure with each column at its rolling position: the nearest digit, wrapping past 9.
    private func rollFigure(_ roll: DigitRoll, value: Double, positions: [Double]?) -> String {
        guard let positions else { return roll.figure(for: value) }
        var digits = positions.makeIterator()
        var text = roll.prefix
        for slot in roll.slots(for: value) {
            if slot.digit == nil {
                text += roll.separator
            } else if let position = digits.next() {
                let nearest = Int(position.rounded().clamped(to: -1e6...1e6))
                text += String(((nearest % 10) + 10) % 10)
            }
        }
        return text
    }

    private func paint(_ text: String, code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A line cut to the layout's width, counted in terminal cells, not characters.
    private func fit(_ line: String) -> String {
        TerminalCells.fit(line, to: width)
    }
}

extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}

extension String {
    var trailingSpacesTrimmed: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
