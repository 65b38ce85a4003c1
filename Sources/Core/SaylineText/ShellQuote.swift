/// A string made one word for a POSIX shell, as bash's `printf %q` makes it: a line Sayline
/// asks a person to paste (the PATH hint of `install`) says exactly the folder it means, and
/// shows no control character raw, however the folder is named.
public enum ShellQuote {
    /// Characters that end or change a word in bash, each written after a backslash.
    private static let special: Set<Unicode.Scalar> = [" ", "\t", "'", "\"", "\\", "|", "&", ";", "(", ")", "<", ">", "!",
                                                       "{", "}", "*", "[", "?", "]", "^", "$", "`", ","]

    public static func word(_ text: String) -> String {
        if text.isEmpty { return "''" }
        if text.unicodeScalars.contains(where: TextSanitiser.isUnprintable) { return ansiC(text) }
        var out = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            // A tilde or hash opens a word's meaning only at its start.
            if special.contains(scalar) || (index == 0 && (scalar == "~" || scalar == "#")) { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// `$'…'`, with bash's escapes, and every other character that needs one as octal bytes.
    private static func ansiC(_ text: String) -> String {
        var out = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{07}": out += "\\a"
            case "\u{08}": out += "\\b"
            case "\u{1B}": out += "\\E"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0B}": out += "\\v"
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            default:
                guard TextSanitiser.isUnprintable(scalar) else {
                    out.unicodeScalars.append(scalar)
                    continue
                }
                for byte in String(scalar).utf8 {
                    let digits = String(byte, radix: 8)
                    out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
                }
            }
        }
        return out + "'"
    }
}
