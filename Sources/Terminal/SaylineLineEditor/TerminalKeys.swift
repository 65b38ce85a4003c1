/// One sequence a terminal sends for a key, and the readline function the key keeps when the
/// line has text (nil rings the bell).
package struct KeySpelling: Sendable {
    /// The bytes the terminal sends, such as `\e[A`.
    package let sequence: String
    /// The readline function it runs with text on the line, such as `previous-history`.
    package let withText: String?
}

/// A key the key table names, as terminals spell it: terminfo's sequences as xterm, VTE, rxvt,
/// the Linux console, screen and tmux send them, in both cursor modes.
package struct TerminalKey: Sendable {
    /// The key in the key table's words: "Up", "Page Up", "+".
    package let name: String
    /// Every sequence that means the key, each with what it keeps with text on the line.
    package let spellings: [KeySpelling]

    /// A key whose every spelling keeps the same readline function with text on the line.
    init(_ name: String, sends sequences: [String], withText function: String?) {
        self.name = name
        spellings = sequences.map { KeySpelling(sequence: $0, withText: function) }
    }

    /// A key whose spellings keep different functions with text on the line.
    init(_ name: String, _ spellings: [KeySpelling]) {
        self.name = name
        self.spellings = spellings
    }
}

extension TerminalKey {
    /// Every key the key table names that a terminal sends, and how: the one place the
    /// sequences are written, read by the binder, the keys' meaning with text on the line and
    /// Docs/keys.md. A key of the table missing here is bound nowhere, which the in-process
    /// bridge tests catch. An array, not a dictionary: it is read at every start, and a
    /// dictionary's generic type is made at run time on its first use, which was a tenth of
    /// the time to the first prompt.
    static let all: [TerminalKey] = [
        // Normal cursor mode sends CSI (\e[A), application cursor mode SS3 (\eOA).
        TerminalKey("Up", sends: ["\u{1B}[A", "\u{1B}OA"], withText: "previous-history"),
        TerminalKey("Down", sends: ["\u{1B}[B", "\u{1B}OB"], withText: "next-history"),
        TerminalKey("Right", sends: ["\u{1B}[C", "\u{1B}OC"], withText: "forward-char"),
        TerminalKey("Left", sends: ["\u{1B}[D", "\u{1B}OD"], withText: "backward-char"),
        TerminalKey("+", sends: ["+"], withText: "self-insert"),
        TerminalKey("-", sends: ["-"], withText: "self-insert"),
        TerminalKey("?", sends: ["?"], withText: "self-insert"),
        TerminalKey("Page Up", sends: ["\u{1B}[5~"], withText: nil),
        TerminalKey("Page Down", sends: ["\u{1B}[6~"], withText: nil),
        // Terminfo's khome and kend: xterm and VTE send \e[H or \eOH (normal or application
        // cursor mode), the Linux console, screen and tmux \e[1~, rxvt \e[7~.
        TerminalKey("Home", sends: ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"], withText: "beginning-of-line"),
        TerminalKey("End", sends: ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"], withText: "end-of-line"),
        TerminalKey("Tab", sends: ["\t"], withText: "complete"),
        // Terminfo's kcbt: \e[Z, but Escape Tab on the Linux console (readline's tab-insert).
        TerminalKey("Shift-Tab", [KeySpelling(sequence: "\u{1B}[Z", withText: nil), KeySpelling(sequence: "\u{1B}\t", withText: "tab-insert")]),
    ]

    /// The spellings of a key the key table names; none for a key no terminal sends as bytes
    /// of its own (Ctrl-C is the terminal's).
    static func spellings(of name: String) -> [KeySpelling] {
        all.first { $0.name == name }?.spellings ?? []
    }

    /// The key table's spelling that is `sequence`, if one is.
    static func spelling(_ sequence: String) -> KeySpelling? {
        all.lazy.flatMap(\.spellings).first { $0.sequence == sequence }
    }
}
