/// How many terminal cells text takes, as `wcwidth` counts them: wide East Asian characters and
/// emoji take two, combining marks and invisible characters none, escape sequences none.
/// Characters are not cells: a label in Chinese or with an emoji drawn by its character count
/// runs past the line and leaves stale rows behind.
public enum TerminalCells {
    /// - Complexity: O(n) in the text's length.
    public static func width(of text: String) -> Int {
        var total = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                // CSI sequences end at a final byte in @...~.
                if scalar.value >= 0x40 && scalar.value <= 0x7E && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            total += width(of: scalar)
        }
        return total
    }

    /// The cells one scalar takes: 0 for a combining mark, 2 for a wide character, else 1.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        // Most of what is drawn is ASCII, whose width needs no Unicode property: one cell for
        // what prints, none for the controls.
        if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        // East Asian Wide and Fullwidth blocks, as cases rather than a table: a table's first
        // use instantiated its generic type at start-up.
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `cells` cells, with "…" when cut; escape sequences are kept whole
    /// and cost nothing.
    public static func fit(_ text: String, to cells: Int) -> String {
        guard width(of: text) > cells else { return text }
        guard cells > 1 else { return cells == 1 ? "…" : "" }
        var out = ""
        var used = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape || scalar == "\u{1B}" {
                out.unicodeScalars.append(scalar)
                if scalar != "\u{1B}" && scalar.value >= 0x40 && scalar.value <= 0x7E && scalar != "[" { inEscape = false } else { inEscape = true }
                continue
            }
            let cost = width(of: scalar)
            if used + cost > cells - 1 { break }
            out.unicodeScalars.append(scalar)
            used += cost
        }
        // A colour left open by the cut is closed.
        return out + (out.contains("\u{1B}[") ? "\u{1B}[0m…" : "…")
    }
}
