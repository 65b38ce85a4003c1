import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// `--on-change`: a settled value drives a real command, without a key ever waiting for it.
extension EndToEndTests { @Suite struct HookTests {
    /// A command that records its arguments and environment, then takes `seconds` to finish.
    static func recorder(in folder: ScratchFolder, seconds: Double = 0) throws -> String {
        try folder.file("record", """
        #!/bin/sh
        echo "$1 $2 [$SAYLINE_ID=$SAYLINE_VALUE ($SAYLINE_TEXT)]" >> "\(folder.path)/runs.log"
        sleep \(seconds)
        """, executable: true)
    }

    @Test func aRunOfQuickStepsRunsTheCommandOnceOrTwiceEndingOnTheFinalValue() throws {
        let folder = try ScratchFolder()
        let record = try Self.recorder(in: folder)
        let repl = try TerminalProcess(["--on-change", "\(record) {id} {value}", "--settle", "300"])
        #expect(repl.waitForDisplay("weight> "))
        for _ in 0..<30 { repl.send(Keys.up) }
        #expect(repl.waitForSpeech("77 kilograms"))
        #expect(repl.waitUntil(timeout: 5) { _ in folder.read("runs.log")?.hasSuffix("weight 77.0 [weight=77.0 (77 kilograms)]\n") == true })
        let runs = folder.read("runs.log")?.split(separator: "\n") ?? []
        #expect((1...2).contains(runs.count), "\(runs)")
        // stdout is the speech channel: nothing of the command's in it.
        #expect(!repl.speechText.contains("weight 77.0"))
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
    }

    @Test func aSlowCommandNeverDelaysAKey() throws {
        let folder = try ScratchFolder()
        let record = try Self.recorder(in: folder, seconds: 4)
        let repl = try TerminalProcess(["--on-change", record + " {id} {value}", "--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send(Keys.up)
        #expect(repl.waitUntil(timeout: 3) { _ in folder.read("runs.log") != nil })
        // The command is still asleep; the next presses are heard at once.
        let before = repl.mark
        let began = Date()
        repl.send(Keys.up)
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("63.5 kilograms", since: before, timeout: 2))
        #expect(Date().timeIntervalSince(began) < 1)
        // At exit the last value is still applied, waited for a bounded time, and a command
        // that outlasts it (4 s, then 4 s more with the final value) is a failure that is said.
        repl.send("\u{04}")
        #expect(repl.waitForExit(timeout: 15) == 74)
        #expect(repl.displayText.contains("did not finish within 5 seconds"))
    }

    @Test func aFailingCommandIsReportedOnceAndSpeechStaysClean() throws {
        let repl = try TerminalProcess(["--on-change", "false", "--settle", "0", "--display", "plain"])
        #expect(repl.waitForDisplay("weight, "))
        repl.send(Keys.up)
        #expect(repl.waitForDisplay("The change command false exited with status 1"))
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("63 kilograms"))
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("63.5 kilograms"))
        #expect(repl.waitForQuiet(milliseconds: 300))
        #expect(repl.displayText.components(separatedBy: "exited with status").count == 2)
        #expect(!repl.speechText.contains("status"))
        let missing = try runPiped(["--on-change", "/nonexistent/command {value}"], input: "inc\ninc\n")
        // Said once, and the session does not end in success.
        #expect(missing.status == 74)
        #expect(missing.stderr.components(separatedBy: "cannot start").count == 2)
        #expect(missing.stdout == "Weight, 62 kilograms\n62.5 kilograms\n63 kilograms\n")
    }

    @Test func pipedChangesRunTheCommandAndItsEffectIsCompleteOnReturn() throws {
        let folder = try ScratchFolder()
        let record = try Self.recorder(in: folder, seconds: 0.1)
        let result = try runPiped(["--on-change", "'\(record)' {id} '{text}'"], input: "inc\nnext\nset 7\n")
        #expect(result.status == 0)
        #expect(folder.read("runs.log") == "weight 62.5 kilograms [weight=62.5 (62.5 kilograms)]\nrating 7 out of 10 stars [rating=7 (7 out of 10 stars)]\n")
    }

    /// A scene someone sent must not run anything: no key of a scene names a command.
    @Test func aSceneCannotCarryACommand() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("sent.json", #"{"controls": [{"kind": "ruler", "id": "w", "label": "W", "on-change": "touch pwned"}], "on-change": "touch pwned"}"#)
        let result = try runPiped(["--scene", scene], input: "inc\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("on-change: is not a known key"))
        #expect(result.stderr.contains("controls[0].on-change: is not a setting of a ruler"))
    }
} }
