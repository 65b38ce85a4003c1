extension DigitRoll {
    /// The figure on one line, indented; mid-roll each column shows the digit nearest its
    /// rolling position, wrapping past 9.
    public func drawing(at value: Double, frame: MotionFrame?, renderer: ControlRenderer) -> [String] {
        guard case .digits(let positions)? = frame else { return [renderer.fit("  " + figure(for: value))] }
        var digits = positions.makeIterator()
        var text = prefix
        for slot in slots(for: value) {
            if slot.digit == nil {
                text += separator
            } else if let position = digits.next() {
                let nearest = Int(position.rounded().clamped(to: -1e6...1e6))
                text += String(((nearest % 10) + 10) % 10)
            }
        }
        return [renderer.fit("  " + text)]
    }
}
