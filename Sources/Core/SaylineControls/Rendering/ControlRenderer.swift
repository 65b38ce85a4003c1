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
    /// Whether lines are painted with terminal colours.
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
        return [header] + element.control.drawing(at: element.value, frame: frame, renderer: self)
    }

    /// Text in a terminal colour (an SGR code such as "33"), when colour is on.
    public func paint(_ text: String, code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A line cut to the layout's width, counted in terminal cells, not characters.
    public func fit(_ line: String) -> String {
        TerminalCells.fit(line, to: width)
    }
}

extension Double {
    /// The number kept within a range.
    package func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}

extension String {
    /// The text without the spaces at its end.
    package var trailingSpacesTrimmed: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
