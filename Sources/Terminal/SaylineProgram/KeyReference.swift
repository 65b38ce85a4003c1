import SaylineText
import SaylineSession
import SaylineLineEditor

/// Docs/keys.md's table and the man page's keys, from the key table and the terminal's
/// spellings of each key.
package enum KeyReference {
    private static func spelled(_ key: String) -> String {
        let sequences = ReadlineBridge.spellings(of: key).map(\.sequence).filter { $0.utf8.count > 1 }
        guard !sequences.isEmpty else { return key.count == 1 ? "`\(key)`" : key }
        let shown = sequences.map { "`" + $0.replacing("\u{1B}", with: "\\e") + "`" }.joined(separator: ", ")
        return "\(key) (\(shown))"
    }

    /// What each of a key's spellings does with text on the line.
    private static func withText(_ key: KeySpec) -> String {
        guard key.function != nil else { return "the same" }
        var seen: [String] = []
        for name in key.keys {
            for spelling in ReadlineBridge.spellings(of: name) {
                let words: String
                switch spelling.withText {
                case nil: words = "bell"
                case "self-insert": words = "insert `\(name)`"
                case let function?: words = "`\(function)`"
                }
                if !seen.contains(words) { seen.append(words) }
            }
        }
        return seen.joined(separator: ", ")
    }

    static func markdown() -> String {
        var out = "| keys | readline function | on an empty line | with text on the line |\n|---|---|---|---|\n"
        for key in KeyTable.all {
            let keys = key.keys.map(spelled).joined(separator: ", ")
            out += "| \(keys) | \(key.function.map { "`\($0)`" } ?? "(readline's own)") | \(key.help) | \(withText(key)) |\n"
        }
        return out
    }

    static func man() -> String {
        KeyTable.all.map { key in
            let keys = key.keys.map { ManPage.escape(KeyTable.shownName(of: $0)) }.joined(separator: ", ")
            let function = key.function.map { " (\\fB\(ManPage.escape($0))\\fR)" } ?? ""
            return ".TP\n.B \(keys)\n\(ManPage.escape(Phrasebook.current.text(key.help)))\(function).\n"
        }.joined()
    }

    /// Docs/keys.md's table of a braille display's keys, from `BrailleKey`.
    static func brailleMarkdown() -> String {
        var out = "| display key (BRLTTY command) | what it does |\n|---|---|\n"
        for key in BrailleKey.allCases {
            out += "| `\(key.brlttyName)` | \(key.meaning) |\n"
        }
        return out
    }

    static func brailleMan() -> String {
        BrailleKey.allCases.map { key in
            ".TP\n.B \(key.brlttyName)\n\(ManPage.escape(key.meaning)).\n"
        }.joined()
    }
}
