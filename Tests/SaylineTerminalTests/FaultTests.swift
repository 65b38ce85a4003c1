import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// What happens when things go wrong around the program: killed, its listener gone, flooded.
extension EndToEndTests { @Suite struct FaultTests {
    static let keys = Keys.all
    static let commands: [Command] = [.increment(1), .decrement(1), .increment(1), .decrement(1), .page(.up), .page(.down), .minimum, .maximum, .next, .previous, .increment(1), .decrement(1)]

    @Test func theListenerDyingMidSessionSavesHistoryAndRestoresTheTerminal() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("say\r")
        #expect(repl.waitForSpeech("kilograms\nWeight, 62 kilograms\n"))
        repl.closeSpeech()
        // The first write after the reader went away is refused; press until one is.
        for _ in 0..<20 where !repl.readOutput(upTo: 0.1, until: { $0.displayText.contains("listener closed") }) { repl.send(Keys.up) }
        #expect(repl.waitForExit() == 0)
        #expect(repl.displayText.contains("the speech listener closed standard output"))
        #expect(repl.terminalIsAsFound())
        let history = try String(contentsOfFile: repl.home + "/.local/state/sayline/history", encoding: .utf8)
        #expect(history.contains("say"))
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalDuringAnAnimationRestoresTheTerminalAndSavesHistory(signal: Int32) throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("inc\r")
        #expect(repl.waitForSpeech("62.5"))
        repl.send(Keys.pageUp)
        #expect(repl.waitForSpeech("67.5"))
        // The glide lasts 0.7 s: the signal lands mid-animation.
        kill(repl.pid, signal)
        #expect(repl.waitForExit() == 128 + signal)
        #expect(repl.terminalIsAsFound())
        #expect(repl.bracketedPasteIsOff)
        #expect((try? String(contentsOfFile: repl.home + "/.local/state/sayline/history", encoding: .utf8))?.contains("inc") == true)
    }

    @Test func killingTheAuditWhileItWritesNeverLeavesAHalfReport() throws {
        let folder = try ScratchFolder()
        let controls = (0..<300).map { #"{"kind": "ruler", "id": "r\#($0)", "label": "Ruler \#($0)", "max": \#($0 * 50 + 10)}"# }
        let scene = try folder.file("scene.json", "{\"controls\": [" + controls.joined(separator: ",") + "]}")
        let report = folder.path + "/report.json"
        #expect(try runPiped(["audit", "--scene", scene, "--format", "json", "--output", report], input: "").status == 0)
        // Each report has its own timestamp: a whole one parses, names every control, and ends.
        func isWhole() -> Bool {
            guard let data = FileManager.default.contents(atPath: report),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
            return object["controlCount"] as? Int == 300 && (object["passes"] as? [Any])?.isEmpty == false
        }
        #expect(isWhole())
        let seed: UInt64 = 0x5A71_0001
        var generator = SplitMix(seed: seed)
        for round in 0..<12 {
            let process = try TerminalProcess(["audit", "--scene", scene, "--format", "json", "--output", report])
            // Kill at a different moment each round, from at once to after it has finished.
            let delay = UInt32(round * 40_000) + UInt32(generator.next() % 20_000)
            usleep(delay)
            kill(process.pid, SIGKILL)
            #expect(process.waitForExit() != nil)
            #expect(isWhole(), "seed \(seed), round \(round), killed after \(delay) µs")
        }
    }

    @Test func killingTheReplAtExitNeverTruncatesHistory() throws {
        let seed: UInt64 = 0x5A71_0002
        var generator = SplitMix(seed: seed)
        var sawNewHistory = false
        // The last round is not killed: it proves the exit writes the history at all.
        for round in 0..<9 {
            // A history from an earlier session, so that "nothing written" is a file to compare too.
            let state = try ScratchFolder()
            let old = "say earlier\n"
            let path = try state.file("sayline/history", old)
            let repl = try TerminalProcess(environment: ["XDG_STATE_HOME": state.path])
            #expect(repl.waitForDisplay("weight> "))
            let lines = (0..<40).map { "say \(round) \($0)" }
            for line in lines { repl.send("# \(line)\r") }
            #expect(repl.waitForDisplay("# say \(round) 39"))
            repl.send("\u{04}")
            let delay = UInt32(generator.next() % 30_000)
            if round < 8 {
                usleep(delay)
                kill(repl.pid, SIGKILL)
            }
            #expect(repl.waitForExit() != nil)
            let saved = try String(contentsOfFile: path, encoding: .utf8)
            let new = old + lines.map { "# \($0)\n" }.joined()
            // The old history or the new one, whole: never half a file.
            #expect(saved == old || saved == new, "seed \(seed), round \(round), killed after \(delay) µs: \(saved.debugDescription)")
            if saved == new { sawNewHistory = true }
        }
        #expect(sawNewHistory)
    }

    @Test func aFloodOfRandomKeysEndsOnTheFinalValueInFlatMemory() throws {
        let presses = 100_000
        let repl = try TerminalProcess(["--reduce-motion", "--plain", "--settle", "50"])
        #expect(repl.waitForDisplay("weight, "))
        var generator = SplitMix(seed: 42)
        var model = Session(elements: DemoScene.elements, motion: .reduce)
        var residentAfterWarmUp = 0
        var sent = 0
        while sent < presses {
            var chunk = ""
            for _ in 0..<500 {
                let choice = Int(generator.next() % UInt64(Self.keys.count))
                chunk += Self.keys[choice]
                _ = model.perform(Self.commands[choice])
            }
            repl.send(chunk)
            sent += 500
            // Flow control, not a wait for an event: let the program read before the next chunk.
            repl.readOutput(upTo: 0.05)
            if sent == 10_000 { residentAfterWarmUp = ProcessProbe.residentKilobytes(repl.pid) }
        }
        let final = model.elements[model.focusIndex]
        // The last line heard names the final value: as a change ("62.5 kilograms", "120
        // kilograms max") or, when focus moved last, as a focus line ("Rating, 3 out of 10 stars").
        func namesFinalValue(_ line: String?) -> Bool {
            guard let line else { return false }
            return line == final.spokenValue || line.hasPrefix(final.spokenValue + ",") || line.hasPrefix(final.spokenValue + " ")
                || line == "\(final.identity.label), \(final.spokenValue)" || line.hasSuffix(", \(final.spokenValue) max") || line.hasSuffix(", \(final.spokenValue) min")
        }
        #expect(repl.waitUntil(timeout: 120) { namesFinalValue($0.speechLines.last) }, "last heard: \(repl.speechLines.last ?? "nothing"), final: \(final.spokenValue)")
        #expect(repl.speechLines.count > 100)
        // Every key has been read when the output has been still for a while.
        #expect(repl.waitForQuiet(milliseconds: 300))
        #expect(repl.exitStatus == nil)
        let residentAtEnd = ProcessProbe.residentKilobytes(repl.pid)
        #expect(residentAtEnd < residentAfterWarmUp + residentAfterWarmUp / 4, "resident memory grew from \(residentAfterWarmUp) kB to \(residentAtEnd) kB")
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
    }

} }
