/// Text made safe inside HTML and XML, decided one Unicode scalar at a time.
///
/// Never one character (grapheme cluster) at a time: a prepended or combining mark joins the
/// "<" beside it into one cluster that is not "<", so an escaper that compares clusters lets
/// `\u{0D4E}<script>` through whole, and a browser, which parses scalars, runs it.
public enum MarkupText {
    /// Text for HTML content or a quoted attribute value: `& < > " '` as character
    /// references, and every scalar HTML calls a parse error (control characters other than
    /// tab, line feed and carriage return, and noncharacters) as U+FFFD, so the reader sees
    /// that something was there.
    public static func html(_ text: String) -> String {
        if isPlain(text, quotes: true) { return text }
        return replacing(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\t", "\n", "\r": nil
            default: isAllowedInHTML(scalar) ? nil : "\u{FFFD}"
            }
        }
    }

    /// Text for XML 1.0 element content or, with `inAttribute`, a double-quoted attribute
    /// value (where line ends and tabs are kept as character references, or a reader would
    /// fold them to spaces). XML has no form at all for most control characters nor for
    /// U+FFFE and U+FFFF: each becomes U+FFFD and the file stays well formed.
    public static func xml(_ text: String, inAttribute: Bool) -> String {
        if isPlain(text, quotes: inAttribute) { return text }
        return replacing(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"" where inAttribute: "&quot;"
            case "\n" where inAttribute: "&#10;"
            case "\t" where inAttribute: "&#9;"
            case "\r": "&#13;"
            case "\n", "\t": nil
            default:
                (0x20...0xD7FF).contains(scalar.value) || (0xE000...0xFFFD).contains(scalar.value) || scalar.value >= 0x10000 ? nil : "\u{FFFD}"
            }
        }
    }

    /// The text with each scalar `replacement` gives a string for replaced by it, the rest kept.
    private static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Printable ASCII with nothing to escape (a control's id, a rule's words): most text,
    /// checked on its bytes and given back as it is.
    public static func isPlain(_ text: String, quotes: Bool) -> Bool {
        text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && !(quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")))
        }
    }

    /// HTML's parse errors among scalars: C0 and C1 controls and DEL (tab, line feed and
    /// carriage return are handled before), and the noncharacters (U+FDD0–U+FDEF and the last
    /// two of every plane).
    private static func isAllowedInHTML(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
        if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE { return false }
        return true
    }
}
