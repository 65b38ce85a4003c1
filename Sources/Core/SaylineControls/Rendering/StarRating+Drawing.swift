import SaylineText
extension StarRating {
    /// A line for the star above the bar, then the bar of whole stars with "n/10"; mid-change
    /// the thumb, the star's place, its lean and its lift come from the frame's pose.
    public func drawing(at value: Double, frame: MotionFrame?, renderer: ControlRenderer) -> [String] {
        var pose = StarRatingPose(thumb: value, star: value, rotation: 0, lift: hasValue(value) ? 1 : 0)
        if case .rating(let moving)? = frame { pose = moving }
        let width = renderer.width
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
            above = String(repeating: " ", count: starColumn + 1) + renderer.paint(glyph, code: "33")
        } else {
            above = hasValue(value) ? "" : renderer.fit(" Slide to rate")
        }
        // Fit the plain text, then paint: escape sequences take no columns.
        let figure = displayText(for: value, unit: nil)
        let plainBar = "[" + bar + "] " + figure
        let barLine = TerminalCells.width(of: plainBar) <= width ? "[" + renderer.paint(bar, code: "33") + "] " + figure : renderer.fit(plainBar)
        return [above, barLine]
    }
}
