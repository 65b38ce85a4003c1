/// Makes text from a scene or a person safe to write to a terminal or a speech engine.
public enum TextSanitiser {
    /// Removes escape sequences and control characters and folds runs of white space.
    /// - Complexity: O(n) in the length of the text.
    public static func clean(_ text: String) -> String {
        if isAlreadyClean(text) { return text }
        var out = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pendingSpace = false
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" || scalar == "\u{9B}" {
                skipEscapeSequence(after: scalar, in: &scalars)
                continue
            }
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
                || scalar.properties.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace && !out.isEmpty { out.unicodeScalars.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Whether `clean` would give these bytes back as they are: printable text with single
    /// spaces inside (most announcements), checked where they lie. Beyond ASCII, the letters,
    /// marks and punctuation of the scripts the catalogs are written in count too: a German,
    /// French, Spanish or Polish sentence was looked up scalar by scalar in Unicode's tables
    /// (a quarter of a Polish script's time), though none of them is ever removed.
    public static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousWasSpace = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 {
                guard let length = keptScalarLength(bytes, at: index) else { return false }
                index += length
                previousWasSpace = false
                continue
            }
            guard byte >= 0x20 && byte < 0x7F else { return false }
            let isSpace = byte == 0x20
            if isSpace && previousWasSpace { return false }
            previousWasSpace = isSpace
            index += 1
        }
        return !previousWasSpace || bytes.isEmpty
    }

    /// The length of the UTF-8 sequence at `index` when it is a scalar `clean` keeps as it is
    /// and that is surely not a control, format, separator or space character: Latin letters
    /// and their marks, Greek, Cyrillic, general punctuation (dashes, quotes, the ellipsis),
    /// currency and letterlike symbols. Nil for anything else, a malformed sequence included,
    /// which `clean` then looks at scalar by scalar.
    @inline(__always)
    private static func keptScalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = UInt32(bytes[index])
        func continuation(_ offset: Int) -> UInt32? {
            guard index + offset < bytes.count, bytes[index + offset] & 0xC0 == 0x80 else { return nil }
            return UInt32(bytes[index + offset] & 0x3F)
        }
        if lead >= 0xC2 && lead <= 0xDF, let second = continuation(1) {
            let scalar = (lead & 0x1F) << 6 | second
            // U+00A0 is a space and U+00AD a format character; U+0530 on is left to `clean`.
            return (0xA1...0x52F).contains(scalar) && scalar != 0xAD ? 2 : nil
        }
        if lead >= 0xE0 && lead <= 0xEF, let second = continuation(1), let third = continuation(2) {
            let scalar = (lead & 0x0F) << 12 | second << 6 | third
            // Not U+200B–200F, 2028–202F (format, separators, the narrow no-break space) or
            // 205F on (a space, then format characters).
            let kept = (0x2010...0x2027).contains(scalar) || (0x2030...0x205E).contains(scalar)
                || (0x20A0...0x20CF).contains(scalar) || (0x2100...0x214F).contains(scalar)
            return kept ? 3 : nil
        }
        return nil
    }

    /// Printable text with single spaces inside needs no work: most announcements are that.
    private static func isAlreadyClean(_ text: String) -> Bool {
        // Every announcement passes here: its bytes are scanned in place, not through an iterator.
        text.utf8.withContiguousStorageIfAvailable(isClean) ?? Array(text.utf8).withUnsafeBufferPointer(isClean)
    }

    /// A bounded, cleaned echo of what a person typed, for messages. When control characters
    /// or escape sequences were taken out it says so, or "set" typed with a bell in it would be
    /// answered "Unknown command: set. Did you mean set?".
    public static func echo(_ text: String, limit: Int = 40) -> String {
        let cleaned = clean(text)
        let removed = text.unicodeScalars.contains { isUnprintable($0) } ? " (control characters removed)" : ""
        guard cleaned.count > limit else { return cleaned + removed }
        return String(cleaned.prefix(limit)) + "…" + removed
    }

    /// Text for a terminal line by line, such as an error message that quotes a file: escape
    /// sequences and control characters removed, but line breaks, tabs and spacing kept.
    /// - Complexity: O(n) in the length of the text.
    public static func cleanKeepingLayout(_ text: String) -> String {
        // Printable ASCII, line ends, tabs and the catalogs' scripts, read where they lie: no
        // scalar looked up in Unicode's tables (each catalog's translation is cleaned so).
        if text.utf8.withContiguousStorageIfAvailable({ isPrintableKeepingLayout($0) }) == true { return text }
        guard text.unicodeScalars.contains(where: { isUnprintable($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var out = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" || scalar == "\u{9B}" {
                skipEscapeSequence(after: scalar, in: &scalars)
            } else if scalar == "\n" || scalar == "\t" || !isUnprintable(scalar) {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether every scalar of these bytes is one `cleanKeepingLayout` keeps and surely keeps:
    /// printable ASCII, a line feed or tab, or a scalar `keptScalarLength` passes.
    private static func isPrintableKeepingLayout(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 {
                guard let length = keptScalarLength(bytes, at: index) else { return false }
                index += length
                continue
            }
            guard (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09 else { return false }
            index += 1
        }
        return true
    }

    /// Control and format characters, and line and paragraph separators: never written raw,
    /// here nor where other text is made safe (file names, shell words).
    public static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    private static func skipEscapeSequence(after introducer: Unicode.Scalar, in scalars: inout String.UnicodeScalarView.Iterator) {
        // CSI (ESC [ or 0x9B) runs to a final byte in @...~; OSC (ESC ]) runs to BEL or ESC \;
        // any other ESC takes one more character.
        var kind: Unicode.Scalar? = introducer == "\u{9B}" ? "[" : nil
        if kind == nil {
            guard let next = scalars.next() else { return }
            kind = next
            if next != "[" && next != "]" && next != "P" && next != "_" && next != "^" { return }
        }
        if kind == "[" {
            while let scalar = scalars.next() {
                if scalar.value >= 0x40 && scalar.value <= 0x7E { return }
            }
            return
        }
        while let scalar = scalars.next() {
            if scalar == "\u{07}" || scalar == "\u{9C}" { return }
            if scalar == "\u{1B}" { _ = scalars.next(); return }
        }
    }
}
