import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// What happens when things go wrong around the program: killed, its listener gone, flooded.
extension EndToEndTests { @Suite struct FaultTests {
    static let keys = ["\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[H", "\u{1B}[F", "\t", "\u{1B}[Z", "+", "-"]
    static let commands: [Command] = [.increment(1), .decrement(1), .increment(1), .decrement(1), .page(.up), .page(.down), .minimum, .maximum, .next, .previous, .increment(1), .decrement(1)]

    @Test func theListenerDyingMidSessionSavesHistoryAndRestoresTheTerminal() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        repl.waitForDisplay("weight> ")
        repl.send("say\r")
        #expect(repl.waitForSpeech("adjustable\nWeight in kilograms, 62 kilograms, adjustable\n"))
        repl.closeSpeech()
        repl.send("\u{1B}[A")
        // A write that lands while the reader is going away may still succeed; the next one fails.
        if !repl.waitUntil(timeout: 1, { $0.displayText.contains("listener closed") }) { repl.send("\u{1B}[A") }
        #expect(repl.waitForExit() == 0)
        #expect(repl.displayText.contains("the speech listener closed standard output"))
        #expect(repl.terminalIsCooked())
        let history = try String(contentsOfFile: repl.home + "/.local/state/sayline/history", encoding: .utf8)
        #expect(history.contains("say"))
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalDuringAnAnimationRestoresTheTerminalAndSavesHistory(signal: Int32) throws {
        let repl = try TerminalProcess(["--settle", "0"])
        repl.waitForDisplay("weight> ")
        repl.send("inc\r")
        repl.waitForSpeech("62.5")
        repl.send("\u{1B}[5~")
        repl.waitForSpeech("67.5")
        // The glide lasts 0.7 s: the signal lands mid-animation.
        kill(repl.pid, signal)
        #expect(repl.waitForExit() == 128 + signal)
        #expect(repl.terminalIsCooked())
        #expect(repl.displayText.hasSuffix("\u{1B}[?2004l\r\n") || repl.displayText.hasSuffix("\r\n"))
        #expect((try? String(contentsOfFile: repl.home + "/.local/state/sayline/history", encoding: .utf8))?.contains("inc") == true)
    }

    @Test func killingTheAuditWhileItWritesNeverLeavesAHalfReport() throws {
        let folder = try ScratchFolder()
        let controls = (0..<300).map { #"{"kind": "ruler", "id": "r\#($0)", "label": "Ruler \#($0)", "max": \#($0 * 50 + 10)}"# }
        let scene = try folder.file("scene.json", "{\"controls\": [" + controls.joined(separator: ",") + "]}")
        let report = folder.path + "/report.json"
        #expect(try runPiped(["audit", "--scene", scene, "--format", "json", "--output", report], input: "").status == 0)
        let complete = try String(contentsOfFile: report, encoding: .utf8)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let process = try TerminalProcess(["audit", "--scene", scene, "--format", "json", "--output", report])
            // Kill at a different moment each round, from at once to after it has finished.
            usleep(UInt32(round * 40_000) + UInt32.random(in: 0..<20_000, using: &generator))
            kill(process.pid, SIGKILL)
            _ = process.waitForExit()
            #expect(try String(contentsOfFile: report, encoding: .utf8) == complete)
        }
    }

    @Test func killingTheReplAtExitNeverTruncatesHistory() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<8 {
            let repl = try TerminalProcess()
            repl.waitForDisplay("weight> ")
            let lines = (0..<40).map { "say \(round) \($0)" }
            for line in lines { repl.send("# \(line)\r") }
            repl.waitForDisplay("# say \(round) 39")
            let path = repl.home + "/.local/state/sayline/history"
            repl.send("\u{04}")
            usleep(UInt32.random(in: 0..<30_000, using: &generator))
            kill(repl.pid, SIGKILL)
            _ = repl.waitForExit()
            // Either the exit finished writing, or nothing was written: never half a file.
            if let saved = try? String(contentsOfFile: path, encoding: .utf8) {
                #expect(saved == lines.map { "# \($0)\n" }.joined())
            }
        }
    }

    @Test func aFloodOfRandomKeysEndsOnTheFinalValueInFlatMemory() throws {
        let presses = 100_000
        let repl = try TerminalProcess(["--reduce-motion", "--plain", "--settle", "50"])
        repl.waitForDisplay("weight> ")
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
            repl.waitUntil(timeout: 0.05) { _ in false }
            if sent == 10_000 { residentAfterWarmUp = Self.residentKilobytes(repl.pid) }
        }
        let final = model.elements[model.focusIndex]
        // The last line heard names the final value: as a change ("62.5 kilograms", "120
        // kilograms, maximum") or, when focus moved last, as a focus line ("Rating, 3 out of 10, adjustable").
        func namesFinalValue(_ line: String?) -> Bool {
            guard let line else { return false }
            return line == final.spokenValue || line.hasPrefix(final.spokenValue + ",") || line == "\(final.identity.label), \(final.spokenValue), adjustable"
        }
        #expect(repl.waitUntil(timeout: 120) { namesFinalValue($0.speechLines.last) }, "last heard: \(repl.speechLines.last ?? "nothing"), final: \(final.spokenValue)")
        #expect(repl.speechLines.count > 100)
        repl.waitUntil(timeout: 0.5) { _ in false }
        #expect(repl.exitStatus == nil)
        let residentAtEnd = Self.residentKilobytes(repl.pid)
        #expect(residentAtEnd < residentAfterWarmUp + residentAfterWarmUp / 4, "resident memory grew from \(residentAfterWarmUp) kB to \(residentAtEnd) kB")
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
    }

    static func residentKilobytes(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
} }
