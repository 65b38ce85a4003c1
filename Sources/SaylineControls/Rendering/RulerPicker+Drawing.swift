import SaylineText
extension RulerPicker {
    /// The ruler's centre indicator, the ticks around the value, and labels under the majors;
    /// mid-glide the ticks sit at the frame's value.
    public func drawing(at value: Double, frame: MotionFrame?, renderer: ControlRenderer) -> [String] {
        var shown = value
        if case .value(let moving)? = frame { shown = moving }
        let width = renderer.width
        let centre = width / 2
        let centreIndex = Int((scale.position(of: shown) ?? 0).rounded().clamped(to: -1e12...1e12))
        var ticks = [Character](repeating: " ", count: width)
        var labels = [Character](repeating: " ", count: width)
        var labelFreeFrom = 0
        for column in 0..<width {
            let (index, overflow) = centreIndex.addingReportingOverflow(column - centre)
            guard !overflow, index >= 0, index < scale.tickCount else { continue }
            switch mark(at: index) {
            case .major:
                ticks[column] = "|"
                if let label = label(at: index), column >= labelFreeFrom, column + label.count <= width {
                    for (offset, character) in label.enumerated() { labels[column + offset] = character }
                    labelFreeFrom = column + label.count + 1
                }
            case .middle: ticks[column] = ":"
            case .minor: ticks[column] = "."
            }
        }
        let indicator = String(repeating: " ", count: centre) + renderer.paint("v", code: "35")
        return [indicator, String(ticks).trailingSpacesTrimmed, String(labels).trailingSpacesTrimmed]
    }
}
