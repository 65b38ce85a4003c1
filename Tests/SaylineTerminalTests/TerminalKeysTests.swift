import Foundation
import PseudoTerminal
import Testing

/// Every key of the key map, spelled as each terminal sends it (terminfo's own sequences, read
/// with infocmp at test time), with the distribution's /etc/inputrc read as a person's session
/// reads it: the Linux console, screen and tmux, where Fenrir and speakup users live, xterm in
/// both cursor modes, rxvt and VTE.
extension EndToEndTests { @Suite struct TerminalKeysTests {
    /// A terminal's spellings of the keys the key map names.
    struct Spellings {
        var up: [String] = [], down: [String] = [], right: [String] = [], left: [String] = []
        var home: [String] = [], end: [String] = [], pageUp: [String] = [], pageDown: [String] = []
        var shiftTab: [String] = []
    }

    /// Terminfo describes a terminal in keypad-transmit mode; without it (readline never asks
    /// for it) xterm, VTE, screen and tmux send the arrows, Home and End as CSI rather than SS3,
    /// and rxvt sends SS3 arrows once a program asks for application cursor keys. Both forms
    /// of each are pressed.
    static func spellings(of term: String) throws -> Spellings? {
        let described = try runShell("infocmp -1 \(term)")
        guard described.status == 0 else { return nil }
        var capabilities: [String: String] = [:]
        for line in described.stdout.split(separator: "\n") {
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard let equals = entry.firstIndex(of: "="), entry.hasSuffix(",") else { continue }
            let value = entry[entry.index(after: equals)..<entry.index(before: entry.endIndex)]
            capabilities[String(entry[..<equals])] = value.replacingOccurrences(of: "\\E", with: "\u{1B}").replacingOccurrences(of: "^I", with: "\t")
        }
        func both(_ capability: String) -> [String] {
            guard let sequence = capabilities[capability] else { return [] }
            let csi = sequence.replacingOccurrences(of: "\u{1B}O", with: "\u{1B}[")
            let ss3 = sequence.replacingOccurrences(of: "\u{1B}[", with: "\u{1B}O")
            // Only the cursor keys, Home and End have both forms (\e[A, \eOA); \e[1~ and
            // Shift-Tab's \e[Z are the same in both modes.
            let cursorKey = sequence.count == 3 && "ABCDHF".contains(sequence.last ?? " ")
            return cursorKey ? Array(Set([csi, ss3])).sorted() : [sequence]
        }
        var keys = Spellings()
        keys.up = both("kcuu1"); keys.down = both("kcud1"); keys.right = both("kcuf1"); keys.left = both("kcub1")
        keys.home = both("khome"); keys.end = both("kend")
        keys.pageUp = both("kpp"); keys.pageDown = both("knp"); keys.shiftTab = both("kcbt")
        return keys
    }

    static let terminals = ["linux", "screen", "tmux-256color", "xterm", "xterm-256color", "rxvt-unicode", "vte-256color"]

    /// Presses one key and waits for the line it should say.
    static func press(_ key: String, in repl: TerminalProcess, expecting spoken: String, term: String) {
        let mark = repl.mark
        repl.send(key)
        #expect(repl.waitForSpeech(spoken, since: mark), "TERM=\(term): \(key.debugDescription) should say \(spoken.debugDescription)")
    }

    @Test(arguments: terminals) func everyKeyWorksAsTheTerminalSendsItWithTheSystemsInputrc(term: String) throws {
        try #require(FileManager.default.fileExists(atPath: "/etc/inputrc"), "the distribution's /etc/inputrc")
        guard let keys = try Self.spellings(of: term) else {
            Issue.record("no terminfo entry for \(term) (ncurses-term)")
            return
        }
        #expect(!keys.home.isEmpty && !keys.end.isEmpty && !keys.up.isEmpty && !keys.shiftTab.isEmpty)
        // No INPUTRC and no ~/.inputrc: readline reads /etc/inputrc, as a new user's session does.
        let repl = try TerminalProcess(["--settle", "0", "--display", "plain"], environment: ["TERM": term, "INPUTRC": ""])
        #expect(repl.waitForSpeech("Weight, 62 kilograms\n"))
        #expect(repl.waitForDisplay("weight, "))
        for up in keys.up {
            Self.press(up, in: repl, expecting: "62.5 kilograms\n", term: term)
            Self.press(keys.down[0], in: repl, expecting: "62 kilograms\n", term: term)
        }
        for down in keys.down {
            Self.press(down, in: repl, expecting: "61.5 kilograms\n", term: term)
            Self.press(keys.up[0], in: repl, expecting: "62 kilograms\n", term: term)
        }
        for right in keys.right {
            Self.press(right, in: repl, expecting: "62.5 kilograms\n", term: term)
            Self.press(keys.left[0], in: repl, expecting: "62 kilograms\n", term: term)
        }
        for left in keys.left {
            Self.press(left, in: repl, expecting: "61.5 kilograms\n", term: term)
            Self.press(keys.right[0], in: repl, expecting: "62 kilograms\n", term: term)
        }
        for pageUp in keys.pageUp {
            Self.press(pageUp, in: repl, expecting: "67 kilograms\n", term: term)
            Self.press(keys.pageDown[0], in: repl, expecting: "62 kilograms\n", term: term)
        }
        for (index, home) in keys.home.enumerated() {
            Self.press(home, in: repl, expecting: "40 kilograms", term: term)
            Self.press(keys.end[index % keys.end.count], in: repl, expecting: "120 kilograms", term: term)
        }
        for end in keys.end {
            Self.press(keys.home[0], in: repl, expecting: "40 kilograms", term: term)
            Self.press(end, in: repl, expecting: "120 kilograms", term: term)
        }
        for shiftTab in keys.shiftTab {
            Self.press("\t", in: repl, expecting: "Rating, 0 out of 10 stars", term: term)
            Self.press(shiftTab, in: repl, expecting: "Weight, 120 kilograms", term: term)
        }
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
    }

    /// The person's own `$if sayline` lines still win over Sayline's keys, even where the same
    /// file includes the distribution's lines that bind the same key for every program.
    @Test func aPersonsOwnSaylineLinesWinOverTheKeys() throws {
        try #require(FileManager.default.fileExists(atPath: "/etc/inputrc"))
        let scratch = try ScratchFolder()
        let inputrc = try scratch.file("inputrc", """
            $include /etc/inputrc
            $if sayline
            "\\e[4~": sayline-minimum
            "\\e[1~": end-of-line
            $endif

            """)
        let repl = try TerminalProcess(["--settle", "0", "--display", "plain"], environment: ["TERM": "linux", "INPUTRC": inputrc])
        #expect(repl.waitForDisplay("weight, "))
        // End, rebound by the person to the minimum.
        Self.press("\u{1B}[4~", in: repl, expecting: "40 kilograms", term: "linux")
        // Home, bound by the person to a readline function: on an empty line it moves nothing
        // and says nothing, so a step after it is the next thing heard.
        let mark = repl.mark
        repl.send("\u{1B}[1~")
        repl.send("\u{1B}[A")
        #expect(repl.waitForSpeech("40.5 kilograms\n", since: mark))
        #expect(repl.speech(since: mark) == "40.5 kilograms\n")
    }
} }
