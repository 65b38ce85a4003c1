import Foundation
import PseudoTerminal
import Testing

extension EndToEndTests { @Suite struct DisplayTests {
    @Test func aResizedTerminalGetsARulerOfItsNewWidth() throws {
        let repl = try TerminalProcess(columns: 100)
        #expect(repl.waitForDisplay("weight> "))
        let before = repl.mark
        repl.resize(columns: 40, rows: 24)
        // The ruler's tick line is redrawn for 40 columns: 39 characters at most.
        #expect(repl.waitUntil(timeout: 5) { process in
            let redrawn = process.display(since: before)
            return redrawn.components(separatedBy: "\r\n").contains { $0.contains("|") && $0.count <= 39 && $0.count > 30 }
        }, "after the resize: \(repl.display(since: before).debugDescription)")
    }

    @Test func colourOnlyWithoutNoColor() throws {
        let coloured = try TerminalProcess()
        #expect(coloured.waitForDisplay("\u{1B}[35m"))
        let plain = try TerminalProcess(environment: ["NO_COLOR": "1"])
        #expect(plain.waitForDisplay("weight> "))
        #expect(!plain.displayText.contains("\u{1B}[35m"))
        let flag = try TerminalProcess(["--no-color"])
        #expect(flag.waitForDisplay("weight> "))
        #expect(!flag.displayText.contains("\u{1B}[35m"))
    }

    @Test func tabCompletesCommandsAndControls() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("foc\t")
        #expect(repl.waitForDisplay("focus "))
        repl.send("bal\t\r")
        #expect(repl.waitForSpeech("Balance, 12480 dollars\n"))
    }

    @Test func speakRunsTheEngineAndInterruptsAStaleValue() throws {
        let scratch = try ScratchFolder()
        let folder = scratch.path
        // A stand-in engine: notes what it was asked to say, then "speaks" for ten seconds.
        // The text comes after "--", so the engine's options are never taken from it. Its sleep
        // is a copy of this test's own: the processes counted are this test's, not any other
        // "sleep 10" on the machine.
        let sleep = folder + "/sleep"
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: sleep)
        let engine = try scratch.file("engine", "#!/bin/sh\n[ \"$1\" = -- ] && echo \"$2\" >> \(folder)/said\nexec \(sleep) 10\n", executable: true)
        let repl = try TerminalProcess(["--speak", engine, "--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        #expect(repl.waitUntil { _ in scratch.read("said") != nil })
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("62.5 kilograms"))
        #expect(repl.waitUntil { _ in scratch.read("said")?.contains("62.5 kilograms") == true })
        // Each new line stops the engine still speaking: only the newest one is alive. Sayline
        // reaps the stale engine before it starts the next, so the old sleep is gone by now; the
        // new engine is waited for until it has become its sleep. (While it execs, its command
        // line reads empty for a moment, so one look may find no engine at all: under load that
        // moment is long enough to be seen.)
        #expect(repl.waitUntil(timeout: 10, "the engine to become its sleep") { _ in
            ProcessProbe.processes(named: "/bin/sh \(engine) -- 62.5 kilograms").isEmpty
                && !ProcessProbe.processes(named: "\(sleep) 10").isEmpty
        })
        #expect(ProcessProbe.processes(named: "\(sleep) 10").count == 1)
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
        // The engine is stopped at exit; the kernel may take a moment to end it.
        #expect(repl.waitUntil { _ in ProcessProbe.processes(named: "\(sleep) 10").isEmpty })
        // The start's hint and the focus line are one utterance: the hint is never cut off by
        // the focus line a moment after it began, whatever the load.
        let said = scratch.read("said")
        #expect(said == "Press question mark to describe a control, or type help. Weight, 62 kilograms\n62.5 kilograms\n")
    }

} }

extension EndToEndTests.DisplayTests {
    @Test func aSpeechCommandThatCannotStartIsReportedOnceAndTheSessionGoesOn() throws {
        let repl = try TerminalProcess(["--speak", "/nonexistent/engine", "--settle", "0"])
        #expect(repl.waitForDisplay("cannot start the speech command /nonexistent/engine"))
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("62.5 kilograms\n"))
        #expect(repl.displayText.components(separatedBy: "cannot start").count == 2)
    }
}

extension EndToEndTests.DisplayTests {
    /// A warning said while the start is drawn comes after the lines written before it: the
    /// display's first lines wait for readline's first write, and a message never overtakes them.
    @Test func aWarningAtStartComesAfterTheLinesBeforeIt() throws {
        let repl = try TerminalProcess(["--speak", "/nonexistent/engine", "--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        let shown = repl.displayText
        let start = shown.range(of: "Full display"), warning = shown.range(of: "cannot start the speech command")
        #expect(start != nil && warning != nil)
        if let start, let warning { #expect(start.lowerBound < warning.lowerBound) }
    }
}

extension EndToEndTests.DisplayTests {
    @Test func questionMarkDescribesAndInputrcRebindsTheNamedFunctions() throws {
        let scratch = try ScratchFolder()
        let inputrc = try scratch.file("inputrc", "$if sayline\n\"j\": sayline-decrement\n\"k\": sayline-increment\n$endif\n")
        let repl = try TerminalProcess(["--settle", "0"], environment: ["INPUTRC": inputrc])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("?")
        #expect(repl.waitForSpeech("Weight, 62 kilograms, 40 to 120 in steps of 0.5"))
        repl.send("k")
        #expect(repl.waitForSpeech("62.5 kilograms\n"))
        repl.send("j")
        #expect(repl.waitForSpeech("62.5 kilograms\n62 kilograms\n"))
        // The default keys still work beside the user's.
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("62 kilograms\n62.5 kilograms\n"))
    }
}

extension EndToEndTests.DisplayTests {
    @Test func anEngineThatIgnoresSIGTERMCannotStallAKey() throws {
        let scratch = try ScratchFolder()
        // Its sleep is a copy of this test's own, as above: only this test's are counted.
        let sleep = scratch.path + "/sleep"
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: sleep)
        let engine = try scratch.file("stubborn", "#!/bin/sh\ntrap '' TERM\nexec \(sleep) 11\n", executable: true)
        let repl = try TerminalProcess(["--speak", engine, "--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send(Keys.up)
        repl.send(Keys.up)
        // Stalled by the engine, the second line would come after the 10 s wait runs out.
        #expect(repl.waitForSpeech("62.5 kilograms\n63 kilograms\n"))
        #expect(ProcessProbe.processes(named: "\(sleep) 11").count <= 1)
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
        // Ended by the terminal's hangup as Sayline exits; on a busy machine the kernel may
        // take a moment to end it after Sayline is gone.
        #expect(repl.waitUntil(timeout: 2) { _ in ProcessProbe.processes(named: "\(sleep) 11").isEmpty })
    }
}

extension EndToEndTests.DisplayTests {
    @Test func ctrlPRecallsHistoryOnAnEmptyLine() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("inc 3\r")
        #expect(repl.waitForSpeech("63.5 kilograms\n"))
        let before = repl.display.count
        repl.send("\u{10}")        // Ctrl-P: the previous line, not a step
        #expect(repl.waitUntil(timeout: 5) { String(decoding: $0.display[before...], as: UTF8.self).contains("inc 3") })
        repl.send("\r")
        #expect(repl.waitForSpeech("63.5 kilograms\n65 kilograms\n"))
    }
}
