extension RulerPicker {
    /// The ruler's centre indicator, the ticks around the value, and labels under the majors;
    /// mid-glide the ticks sit at the frame's value.
    public func drawing(at value: Double, frame: MotionFrame?, renderer: ControlRenderer) -> [String] {
        var shown = value
        if case .value(let moving)? = frame { shown = moving }
        let width = renderer.width
        let centre = width / 2
        let centreIndex = Int((scale.position(of: shown) ?? 0).rounded().clamped(to: -1e12...1e12))
        // Ticks are ASCII, one byte a column; labels are laid left to right, so their line is
        // appended to, spaces first. A Character a column, joined into a String, was most of the
        // cost of drawing a ruler.
        var ticks = [UInt8](repeating: UInt8(ascii: " "), count: width)
        var labels = ""
        var labelFreeFrom = 0
        for column in 0..<width {
            let (index, overflow) = centreIndex.addingReportingOverflow(column - centre)
            guard !overflow, index >= 0, index < scale.tickCount else { continue }
            switch mark(at: index) {
            case .major:
                ticks[column] = UInt8(ascii: "|")
                if let label = label(at: index), column >= labelFreeFrom, column + label.count <= width {
                    labels.append(String(repeating: " ", count: column - labelFreeFrom + (labelFreeFrom > 0 ? 1 : 0)))
                    labels.append(label)
                    labelFreeFrom = column + label.count + 1
                }
            case .middle: ticks[column] = UInt8(ascii: ":")
            case .minor: ticks[column] = UInt8(ascii: ".")
            }
        }
        let tickEnd = (ticks.lastIndex { $0 != UInt8(ascii: " ") } ?? -1) + 1
        let indicator = String(repeating: " ", count: centre) + renderer.paint("v", code: "35")
        return [indicator, String(decoding: ticks[..<tickEnd], as: UTF8.self), labels.trailingSpacesTrimmed]
    }
}
