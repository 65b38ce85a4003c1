/// Text cut into windows of a braille display's width, each ending between words where it
/// can: what panning steps through. One character is one cell, as it is for the computer
/// braille BRLTTY makes of text and for the Unicode braille patterns liblouis makes.
public struct BrailleWindows: Sendable, Equatable {
    /// The windows in reading order; never empty (a blank text is one blank window).
    public let windows: [String]

    /// - Parameter width: the display's cells; a width under 1 is taken as 1.
    public init(_ text: String, width: Int) {
        let width = max(1, width)
        var windows: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            let fits = rest.prefix(width + 1)
            // Break after the last space that leaves something in the window; a word longer
            // than the display is cut where the display ends.
            if let space = fits.lastIndex(where: Self.isSpace), space > rest.startIndex {
                windows.append(String(rest[..<space]))
                rest = rest[rest.index(after: space)...].drop(while: Self.isSpace)
            } else {
                windows.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
        }
        windows.append(String(rest))
        self.windows = windows
    }

    /// A blank cell, in either form: a space of text, or the braille pattern with no dots.
    static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\u{2800}"
    }
}
