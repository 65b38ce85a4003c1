/// Whether the focused control goes to a braille display through BRLTTY (`--braille`).
package enum BrailleChoice: String, CaseIterable, Sendable {
    /// Where BRLTTY answers, without a word where it does not.
    case auto
    /// Always, saying why not when it cannot.
    case on
    case off
}

/// How text is made braille (`--braille-code`).
package enum BrailleCode: Equatable, Sendable {
    /// Contracted when the reader has set BRLTTY's text style to contracted, with BRLTTY's
    /// contraction table; else computer braille.
    case auto
    /// Uncontracted computer braille, in BRLTTY's own text table.
    case computer
    /// Contracted braille in BRLTTY's contraction table, or Unified English Braille grade 2.
    case contracted
    /// Contracted through this liblouis table list.
    case table(String)

    init?(_ word: String) {
        switch word {
        case "auto": self = .auto
        case "computer", "uncontracted", "off": self = .computer
        case "contracted", "on": self = .contracted
        default:
            guard !word.isEmpty, !word.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
            self = .table(word)
        }
    }

    var text: String {
        switch self {
        case .auto: "auto"
        case .computer: "computer"
        case .contracted: "contracted"
        case .table(let name): name
        }
    }
}
