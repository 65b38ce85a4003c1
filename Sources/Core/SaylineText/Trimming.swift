extension String {
    /// Without white space at either end, in any script's sense of white space.
    ///
    /// Most lines (every script line, most commands) start and end with a printable ASCII
    /// byte: they are returned as they are, and ASCII ends are trimmed by their bytes, so the
    /// Unicode property table (a lookup a character) is read only for a line with non-ASCII
    /// characters at an end.
    package func trimmingWhitespace() -> String {
        let bytes = utf8
        guard let firstByte = bytes.first, let lastByte = bytes.last else { return self }
        func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        if isPrintableASCII(firstByte) && isPrintableASCII(lastByte) { return self }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start].isASCIIWhitespace { start = bytes.index(after: start) }
        while start < end, bytes[bytes.index(before: end)].isASCIIWhitespace { end = bytes.index(before: end) }
        // Both new ends are printable ASCII (or nothing is left): done by bytes alone.
        if start == end { return "" }
        if isPrintableASCII(bytes[start]) && isPrintableASCII(bytes[bytes.index(before: end)]) {
            return String(self[start..<end])
        }
        let scalars = String(self[start..<end]).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}

extension UInt8 {
    /// A space, tab, line feed, vertical tab, form feed or carriage return: the white space a
    /// line's ends are trimmed of by their bytes.
    /// Inlinable: a script's every line is trimmed with it, and a call across modules cost more
    /// than the comparison.
    @inlinable package var isASCIIWhitespace: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }
}
