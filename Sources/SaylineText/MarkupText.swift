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
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(isAllowedInHTML(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// Text for XML 1.0 element content or, with `inAttribute`, a double-quoted attribute
    /// value (where line ends and tabs are kept as character references, or a reader would
    /// fold them to spaces). XML has no form at all for most control characters nor for
    /// U+FFFE and U+FFFF: each becomes U+FFFD and the file stays well formed.
    public static func xml(_ text: String, inAttribute: Bool) -> String {
        if isPlain(text, quotes: inAttribute) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "\n" where inAttribute: out += "&#10;"
            case "\t" where inAttribute: out += "&#9;"
            case "\r": out += "&#13;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
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
