import Foundation
import PseudoTerminal
import Testing

/// The real binary in a pseudo-terminal: what a keyboard user presses, what they hear.
extension EndToEndTests { @Suite struct ReplTests {
    static let up = Keys.up, down = Keys.down, pageUp = Keys.pageUp, end = Keys.end, tab = Keys.tab

    @Test func startsByAnnouncingTheFocusedControl() throws {
        let repl = try TerminalProcess()
        #expect(repl.waitForSpeech("Weight, 62 kilograms\n"))
        #expect(repl.waitForDisplay("weight> "))
    }

    @Test func keysAdjustWithoutEnter() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send(Self.up)
        #expect(repl.waitForSpeech("62.5 kilograms\n"))
        repl.send(Self.pageUp)
        #expect(repl.waitForSpeech("67.5 kilograms\n"))
        repl.send(Self.end)
        #expect(repl.waitForSpeech("120 kilograms max\n"))
        // A step past the bound says only "maximum": wait for new speech, not the line above.
        let atMaximum = repl.mark
        repl.send(Self.up)
        #expect(repl.waitForSpeech("\n", since: atMaximum))
        #expect(repl.speech(since: atMaximum) == "maximum\n")
        repl.send("-")
        #expect(repl.waitForSpeech("119.5 kilograms\n"))
        repl.send("\u{1B}OB")
        #expect(repl.waitForSpeech("119 kilograms\n"))
    }

    @Test func tabMovesFocusAndTypedCommandsWork() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        let onWeight = repl.mark
        repl.send(Self.tab)
        #expect(repl.waitForSpeech("Rating, 0 out of 10 stars\n"))
        // readline rewrites only what changed of the prompt: "\rrating" and the cursor past "> ".
        #expect(repl.waitForDisplay("\rrating", since: onWeight))
        let onRating = repl.mark
        repl.send("\u{1B}[Z")
        #expect(repl.waitForSpeech("\n", since: onRating))
        #expect(repl.speech(since: onRating) == "Weight, 62 kilograms\n")
        #expect(repl.waitForDisplay("\rweight", since: onRating))
        repl.send("set 70 kilograms\r")
        #expect(repl.waitForSpeech("70 kilograms\n"))
        repl.send("focus balanse\r")
        #expect(repl.waitForSpeech("No control named balanse. Did you mean balance?\n"))
    }

    @Test func withTextOnTheLineKeysKeepReadlinesMeaning() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        // "+" on a non-empty line is typed, not an increment; Left moves the cursor.
        repl.send("set 6+")
        repl.send("\u{7F}")       // backspace the "+"
        repl.send("8")
        repl.send("\u{1B}[D\u{1B}[D")  // Left twice: before "6"
        repl.send("\r")
        #expect(repl.waitForSpeech("68 kilograms\n"))
        #expect(!repl.speechText.contains("62.5"))
    }

    @Test func asyncAnnouncementsKeepAHalfTypedLine() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("focus 2\r")
        #expect(repl.waitForSpeech("Rating, 0 out of 10 stars"))
        repl.send("tour\r")
        #expect(repl.waitForSpeech("started"))
        // Half a command, then the tour speaks above it.
        repl.send("set 7")
        #expect(repl.waitForSpeech("Weight, 78.5 kilograms\n", timeout: 5))
        #expect(repl.waitForDisplay("rating> set 7"))
        repl.send("\r")
        #expect(repl.waitForSpeech("7 out of 10 stars\n"))
    }

    @Test func ctrlCStopsTheTourAndClearsTheLineButDoesNotQuit() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("tour\r")
        #expect(repl.waitForSpeech("78.5 kilograms", timeout: 5))
        repl.send("set 9")
        repl.send("\u{03}")
        #expect(repl.waitForSpeech("Tour stopped\n"))
        repl.send(Self.up)
        #expect(repl.waitForSpeech("79 kilograms\n"))
        #expect(repl.exitStatus == nil)
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
    }

    /// Every way out leaves the terminal exactly as it was found: cooked, echoing, bracketed
    /// paste off, and the history saved.
    @Test(arguments: ["quit\r", "q\r", "exit\r", "\u{04}", "\u{1C}", "SIGTERM", "SIGHUP", "listener gone"])
    func everyExitPathRestoresTheTerminal(way: String) throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        #expect(!repl.terminalIsAsFound())
        repl.send("say\r")
        #expect(repl.waitForSpeech("kilograms\nWeight, 62 kilograms\n"))
        let expected: Int32
        switch way {
        case "SIGTERM": kill(repl.pid, SIGTERM); expected = 143
        case "SIGHUP": kill(repl.pid, SIGHUP); expected = 129
        case "\u{1C}": repl.send(way); expected = 131   // Ctrl-\, SIGQUIT from the terminal
        case "listener gone":
            repl.closeSpeech()
            // The first write after the reader went away is refused; press until one is.
            for _ in 0..<20 where !repl.readOutput(upTo: 0.1, until: { $0.displayText.contains("listener closed") }) { repl.send(Self.up) }
            expected = 0
        default: repl.send(way); expected = 0
        }
        #expect(repl.waitForExit() == expected)
        #expect(repl.terminalIsAsFound())
        #expect(repl.bracketedPasteIsOff)
        // No prompt is drawn after the last command.
        #expect(!repl.displayText.hasSuffix("weight> "))
        let history = try String(contentsOfFile: repl.home + "/.local/state/sayline/history", encoding: .utf8)
        #expect(history.hasPrefix("say\n"))
    }

    @Test func historyGoesToXDGStateHomeWhenItIsSet() throws {
        let scratch = try ScratchFolder()
        let repl = try TerminalProcess(environment: ["XDG_STATE_HOME": scratch.path])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("say\r")
        #expect(repl.waitForSpeech("kilograms\nWeight"))
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
        #expect(scratch.read("sayline/history") == "say\n")
        #expect(!FileManager.default.fileExists(atPath: repl.home + "/.local/state/sayline/history"))
    }

    /// Keys pressed while a command's output is being written (help, list, an animation) are
    /// applied after it, in order, exactly once, and the kernel never echoes them.
    @Test(arguments: ["help\r", "list\r", "set 100\r"])
    func typeAheadDuringOutputIsNeverEchoedNorLost(command: String) throws {
        let seed = UInt64(command.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })
        var generator = SplitMix(seed: seed)
        let (first, second) = command == "set 100\r" ? ("100.5 kilograms", "101 kilograms") : ("62.5 kilograms", "63 kilograms")
        for run in 0..<6 {
            let offset = UInt32(generator.next() % 50_000)
            let repl = try TerminalProcess(["--settle", "0"])
            #expect(repl.waitForDisplay("weight> "))
            let before = repl.mark
            repl.send(command)
            usleep(offset)
            repl.send(Self.up + Self.up + "\u{04}")
            #expect(repl.waitForExit(timeout: 3) == 0, "seed \(seed), run \(run), \(offset) µs after Enter")
            let heard = repl.speech(since: before).split(separator: "\n").map(String.init)
            #expect(Array(heard.suffix(2)) == [first, second], "seed \(seed), run \(run), \(offset) µs: \(heard)")
            #expect(heard.filter { $0 == first || $0 == second }.count == 2)
            // A kernel echo of an arrow key would show as ^[[A.
            #expect(!repl.display(since: before).contains("^["), "seed \(seed), run \(run), \(offset) µs")
            #expect(repl.terminalIsAsFound())
        }
    }

    /// The same, made certain: `list` on a scene of 3,000 controls fills the speech pipe while
    /// nobody reads it, so the program sits in write() inside the command when the keys arrive.
    @Test func keysTypedWhileACommandIsBlockedOnOutputAreNotEchoedNorLost() throws {
        let scratch = try ScratchFolder()
        let controls = (0..<3_000).map { #"{"kind": "ruler", "id": "r\#($0)", "label": "Ruler \#($0)", "max": 10}"# }
        let scene = try scratch.file("many.json", "{\"controls\": [" + controls.joined(separator: ",") + "]}")
        let repl = try TerminalProcess(["--scene", scene, "--settle", "0"])
        #expect(repl.waitForDisplay("r0> "))
        let before = repl.mark
        repl.send("list\r")
        #expect(ProcessProbe.waitUntilBlockedInWrite(repl.pid), "the program never blocked writing the list")
        // The first Ctrl-D is told of the unsaved change (the scene is a file), the second quits.
        repl.send(Self.up + Self.up + "\u{04}\u{04}")
        #expect(repl.waitForExit() == 0)
        let heard = repl.speech(since: before).split(separator: "\n").map(String.init)
        #expect(heard.count == 3_003)
        #expect(Array(heard.suffix(3)) == ["1", "2", "1 unsaved change, type save, or quit again"])
        #expect(!repl.display(since: before).contains("^["))
        #expect(repl.terminalIsAsFound())
    }


    @Test func stdoutCarriesAnnouncementsOnly() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send(Self.up)
        #expect(repl.waitForSpeech("62.5 kilograms\n"))
        repl.send("help\r")
        #expect(repl.waitForDisplay("For more, type help keys"))
        #expect(repl.waitForSpeech("For more, type help keys"))
        repl.send("hlep\r")
        #expect(repl.waitForSpeech("Unknown command, hlep. Did you mean help?"))
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
        #expect(!repl.speechText.contains("\u{1B}"))
        #expect(!repl.speechText.contains("weight>"))
        #expect(!repl.speechText.contains("Commands"))
        // Where help is, once, then the control: the listener on the pipe sees no display.
        #expect(repl.speechLines.prefix(2) == ["Press question mark to describe a control, or type help.", "Weight, 62 kilograms"])
        #expect(repl.speechLines.contains("62.5 kilograms"))
    }

    @Test func heldKeysSpeakTheFirstAndTheSettledValueLast() throws {
        let repl = try TerminalProcess(["--settle", "300"])
        #expect(repl.waitForDisplay("weight> "))
        for _ in 0..<10 { repl.send(Self.up) }
        #expect(repl.waitForSpeech("67 kilograms\n", timeout: 5))
        #expect(repl.speechLines == ["Press question mark to describe a control, or type help.", "Weight, 62 kilograms", "62.5 kilograms", "67 kilograms"])
    }

    /// Plain output is chosen by the flag, its older name and TERM=dumb alike.
    @Test(arguments: [(["--plain"], [:]), (["--display", "plain"], [:]), ([], ["TERM": "dumb"])] as [([String], [String: String])])
    func plainModeNeverMovesTheCursor(arguments: [String], environment: [String: String]) throws {
        let repl = try TerminalProcess(arguments + ["--settle", "0"], environment: environment)
        #expect(repl.waitForDisplay("weight, "))
        repl.send(Self.up)
        repl.send(Self.tab)
        repl.send("inc 3\r")
        #expect(repl.waitForSpeech("3 out of 10 stars\n"))
        #expect(repl.waitForDisplay("Rating, 3/10"))
        #expect(repl.displayText.contains("Weight, 62.5 kg\r\n"))
        for sequence in ["\u{1B}[J", "\u{1B}[K", "\u{1B}[?25l", "\u{1B}[?2004h"] {
            #expect(!repl.displayText.contains(sequence))
        }
        #expect(repl.displayText.range(of: "\u{1B}\\[[0-9]*[ABCDHJ]", options: .regularExpression) == nil)
    }

    /// Frames are written in place above the prompt, cursor saved and restored: one write each,
    /// never one the same as what is on screen, and never clearing or reprinting the prompt.
    /// The screen-reader display, by flag or by ACCESSIBLE=1: append-only, every line as it is
    /// spoken (never "kg" or "3/10"), the last line said on the cursor's line as the prompt
    /// (what Orca, Fenrir and BRLTTY all read), no prompt word, no symbol a reader names, and
    /// no cursor movement.
    @Test(arguments: [(["--display", "screen-reader"], [:]), ([], ["ACCESSIBLE": "1"])] as [([String], [String: String])])
    func screenReaderDisplayPutsWhatIsSaidOnTheCursorLine(arguments: [String], environment: [String: String]) throws {
        let repl = try TerminalProcess(arguments + ["--settle", "0"], environment: environment)
        #expect(repl.waitForDisplay("Screen reader display. Press question mark to describe a control, or type help.\r\nWeight, 62 kilograms "))
        let beforeUp = repl.mark
        repl.send(Self.up)
        #expect(repl.waitForDisplay("\r\n62.5 kilograms "))
        // No line feed: the kernel would pass the update to a reader in pieces at each one, and
        // a reader that looked in between would say "blank" for the cursor line.
        #expect(!repl.display[beforeUp.display...].contains(UInt8(ascii: "\n")), "\(repl.display(since: beforeUp).debugDescription)")
        repl.send(Self.tab)
        #expect(repl.waitForDisplay("\r\nRating, 0 out of 10 stars "))
        repl.send("inc 3\r")
        #expect(repl.waitForDisplay("Rating, 0 out of 10 stars inc 3\r\n3 out of 10 stars "))
        #expect(repl.waitForSpeech("3 out of 10 stars\n"))
        #expect(repl.speechLines == ["Press question mark to describe a control, or type help.", "Weight, 62 kilograms", "62.5 kilograms", "Rating, 0 out of 10 stars", "3 out of 10 stars"])
        // Each value once on the screen: on its own cursor line, never also printed above it.
        #expect(repl.displayText.components(separatedBy: "62.5 kilograms").count == 2)
        for drawn in ["kg", "3/10", "rating> ", "weight> ", "sayline", ">", ";", ":", "\u{1B}[J", "\u{1B}[K", "\u{1B}7", "\u{1B}[?2004h"] {
            #expect(!repl.displayText.contains(drawn), "\(drawn.debugDescription) on the screen")
        }
    }

    /// With stdout on the terminal itself, each line is written once, not twice.
    @Test func screenReaderDisplayWritesEachLineOnceWhenSpeechSharesTheTerminal() throws {
        let repl = try TerminalProcess(["--display", "screen-reader", "--settle", "0"], speechOnTerminal: true)
        #expect(repl.waitForDisplay("Weight, 62 kilograms "))
        repl.send(Self.up)
        #expect(repl.waitForDisplay("\r\n62.5 kilograms "))
        #expect(repl.displayText.components(separatedBy: "62.5 kilograms").count == 2)
        #expect(repl.displayText.components(separatedBy: "Weight, 62 kilograms").count == 2)
    }

    /// With stdout on the terminal too, a value change is shown on the drawing's status line,
    /// in place: the prompt is not pushed down or drawn again.
    @Test func aValueChangeWithSpeechOnTheTerminalNeverReprintsThePrompt() throws {
        let repl = try TerminalProcess(["--display", "full", "--reduce-motion", "--settle", "0"], speechOnTerminal: true)
        #expect(repl.waitForDisplay("weight> "))
        for (key, heard) in [(Self.up, "62.5 kilograms"), (Self.up, "63 kilograms"), (Self.end, "120 kilograms max")] {
            let before = repl.mark
            repl.send(key)
            #expect(repl.waitForDisplay("\r\(heard)\u{1B}[K", since: before))
            #expect(repl.waitForQuiet(milliseconds: 100))
            let drawn = repl.display(since: before)
            #expect(!drawn.contains("weight> ") && !drawn.contains("\u{1B}[J"), "\(drawn.debugDescription)")
            #expect(drawn.hasPrefix("\u{1B}7") && drawn.hasSuffix("\u{1B}8"), "\(drawn.debugDescription)")
        }
    }

    /// A terminal that stops reading never holds back speech: frames that cannot be written at
    /// once are dropped, not queued, and the program never blocks on the drawing.
    @Test func aTerminalThatStopsReadingNeverDelaysSpeech() throws {
        let repl = try TerminalProcess(["--display", "full", "--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.readsDisplay = false
        // Each glide from end to end draws about 40 frames: far more than the terminal holds.
        for index in 0..<40 {
            let lines = repl.speechLines.count
            repl.send(index % 2 == 0 ? Self.end : "\u{1B}[H")
            #expect(repl.waitUntil(timeout: 5, "speech after press \(index)") { $0.speechLines.count > lines })
            repl.readOutput(upTo: 0.05)
        }
        #expect(repl.speechLines.last == "40 kilograms min")
        repl.readsDisplay = true
        #expect(repl.waitForQuiet(milliseconds: 300))
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
    }

    @Test func fullMotionPlaysFramesAndReduceMotionDrawsOnce() throws {
        func frames(_ arguments: [String]) throws -> Int {
            let repl = try TerminalProcess(arguments + ["--settle", "0"])
            #expect(repl.waitForDisplay("weight> "))
            let before = repl.mark
            repl.send(Self.end)     // 62 to 120: 116 ticks glide past the indicator
            #expect(repl.waitForSpeech("120 kilograms max"))
            // The 0.7 s glide has played out when the screen has been still for a quarter second.
            #expect(repl.waitForQuiet(milliseconds: 250))
            let drawn = repl.display(since: before)
            let written = drawn.components(separatedBy: "\u{1B}7").dropFirst()
            for frame in written {
                #expect(frame.contains("\u{1B}[K") && frame.contains("\u{1B}8"), "a frame that rewrites nothing: \(frame.debugDescription)")
            }
            #expect(!drawn.contains("\u{1B}[J"), "the drawing was cleared")
            #expect(!drawn.contains("weight> "), "the prompt was reprinted")
            #expect(Set(written).count == written.count, "a frame was written twice")
            return written.count
        }
        #expect(try frames([]) > 10)
        #expect(try frames(["--reduce-motion"]) == 1)
    }

    @Test func theSpeechListenerGoingAwayEndsTheSessionCleanly() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForSpeech("62 kilograms"))
        #expect(repl.waitForDisplay("weight> "))
        repl.closeSpeech()
        // The first write after the reader went away is refused; press until one is.
        for _ in 0..<20 where !repl.readOutput(upTo: 0.1, until: { $0.displayText.contains("listener closed") }) { repl.send(Self.up) }
        #expect(repl.waitForExit() == 0)
        #expect(repl.displayText.contains("speech listener closed"))
        #expect(repl.terminalIsCooked())
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func terminationRestoresTheTerminal(signal: Int32) throws {
        let repl = try TerminalProcess()
        #expect(repl.waitForDisplay("weight> "))
        repl.send(Self.up)
        #expect(repl.waitForSpeech("62.5"))
        kill(repl.pid, signal)
        #expect(repl.waitForExit() == 128 + signal)
        #expect(repl.terminalIsAsFound())
    }

    @Test func escapeSequencesInTypedInputNeverReachTheSpeech() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("set \u{16}\u{1B}]0;owned\u{16}\u{07}x\r")
        #expect(repl.waitForSpeech("Not a number"))
        #expect(!repl.speechText.contains("\u{1B}"))
        #expect(!repl.speechText.contains("\u{07}"))
    }
}

}
