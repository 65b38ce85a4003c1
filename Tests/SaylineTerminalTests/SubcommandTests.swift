import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// `sayline run`, `audit`, `describe` and `scene`, through the built binary.
extension EndToEndTests { @Suite struct SubcommandTests {
    static let badScene = """
    {
      "controls": [
        {"kind": "ruler", "id": "w", "label": "Weight", "step": "0.5"},
        {"kind": "dial", "id": "x"}
      ]
    }
    """

    static let flawedScene = """
    {"controls": [
      {"kind": "ruler", "id": "volume", "label": "Volume slider", "min": 0, "max": 10},
      {"kind": "rating", "id": "stars", "label": "Stars", "step": 0.5},
      {"kind": "digitroll", "id": "cash", "label": "Cash", "value": 5, "prefix": "$"}
    ],
    "suppress": [{"rule": "name-no-role-words", "control": "volume", "reason": "the product is called Volume Slider"}]}
    """

    @Test func runAnnouncesEveryChangeAndChecksExpectations() throws {
        let folder = try ScratchFolder()
        let script = try folder.file("ok.say", "inc\ninc\nexpect \"63 kilograms\"\nexpect value weight 63\n")
        let passed = try runPiped(["run", script], input: "")
        #expect(passed.status == 0)
        #expect(passed.stdout == "62.5 kilograms\n63 kilograms\n")
        let failing = try folder.file("bad.say", "inc\nexpect \"99 kilograms\"\ninc\nexpect focus rating\n")
        let stopped = try runPiped(["run", failing], input: "")
        #expect(stopped.status == 1)
        #expect(stopped.stderr == "\(failing):2: expected \"99 kilograms\", heard \"62.5 kilograms\"\n"
                + "sayline run: 0 of 1 expectation met, 1 failed, 1 command run, stopped at the first failure (--keep-going runs on)\n")
        #expect(stopped.stdout == "62.5 kilograms\n")
        let all = try runPiped(["run", failing, "--keep-going"], input: "")
        #expect(all.status == 1)
        #expect(all.stderr.split(separator: "\n").count == 3 && all.stderr.hasSuffix("sayline run: 0 of 2 expectations met, 2 failed, 2 commands run\n"), "\(all.stderr)")
        #expect(all.stdout == "62.5 kilograms\n63 kilograms\n")
    }

    @Test func runReadsStdinAndAScene() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("scene.json", #"{"controls": [{"kind": "rating", "id": "r", "label": "Rating"}]}"#)
        let result = try runPiped(["run", "-", "--scene", scene, "--reduce-motion", "--verbosity", "terse"], input: "inc 3\nexpect \"3 out of 10\"\nexpect frames 0\n")
        #expect(result.status == 0)
        #expect(result.stdout == "3 out of 10\n")
    }

    @Test func malformedScriptsAndScenesExitTwoWithFileAndLine() throws {
        let folder = try ScratchFolder()
        let script = try folder.file("broken.say", "inc\n\nfrobnicate\nexpect frames lots\n")
        let result = try runPiped(["run", script], input: "")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "\(script):3: Unknown command, frobnicate. Type help for commands\n\(script):4: expect frames takes a whole number: expect frames 0\n")
        let scene = try folder.file("bad.json", Self.badScene)
        let bad = try runPiped(["run", "-", "--scene", scene], input: "inc\n")
        #expect(bad.status == 2)
        #expect(bad.stderr == "\(scene):3: controls[0].step: must be a number, not a string\n\(scene):4: controls[1].kind: must be ruler, rating or digitroll\n")
        let missing = try runPiped(["run", folder.path + "/nope.say"], input: "")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot be read"))
        #expect(try runPiped(["run"], input: "").status == 64)
    }

    static let moves = ["inc", "inc", "dec", "next", "inc", "dec", "prev", "inc"]
    static func script(_ lines: Int) -> String { (0..<lines).map { moves[$0 % moves.count] + "\n" }.joined() }

    /// A script is read line by line, twice (checked, then run): its memory does not grow with
    /// its length.
    @Test(.enabled(if: Consumers.installed("/usr/bin/time"), "GNU time is not installed"))
    func aLongScriptRunsInTheSameMemory() throws {
        let folder = try ScratchFolder()
        // GNU time measures the run from a small process: a child of this large test process
        // would start its peak at the parent's size.
        func peak(_ file: String) throws -> Int? {
            let timed = try runPiped(["-f", "%M", TerminalProcess.binary, "run", file], input: "", executable: "/usr/bin/time")
            #expect(timed.status == 0, "\(timed.stderr.suffix(300))")
            return Int(timed.stderr.split(separator: "\n").last ?? "")
        }
        // Both long enough to be checked beside the run (more than 256 KiB), which holds at
        // most 1 MiB of what it says until the check has passed.
        let short = try #require(try peak(try folder.file("short.say", Self.script(60_000))))
        let long = try #require(try peak(try folder.file("long.say", Self.script(200_000))))
        #expect(long <= short + 2_048, "60,000 lines: \(short) KiB at most, 200,000 lines: \(long) KiB")
    }

    /// A long script runs whole, and a malformed last line still stops it before its first
    /// line runs.
    @Test func aLongScriptIsCheckedWhole() throws {
        let folder = try ScratchFolder()
        let all = try runPiped(["run", try folder.file("long.say", Self.script(200_000))], input: "")
        #expect(all.status == 0 && all.stdout.split(separator: "\n").count == 200_000)
        let spoiled = try runPiped(["run", try folder.file("spoiled.say", Self.script(200_000) + "inc by\n")], input: "")
        #expect(spoiled.status == 2)
        #expect(spoiled.stdout.isEmpty, "nothing ran")
        #expect(spoiled.stderr.hasPrefix("\(folder.path)/spoiled.say:200001: "), "\(spoiled.stderr)")
    }

    /// A long script is checked on a thread of its own while it runs: what it would say, save
    /// or report before the check has passed is held, so a malformed line near its end still
    /// means nothing was written, saved or reported but that line.
    @Test func aLongScriptCheckedBesideTheRunChangesNothingWhenALineIsMalformed() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("scene.json", #"{"controls": [{"kind": "rating", "id": "stars", "label": "Stars"}]}"#)
        let before = try #require(folder.read("scene.json"))
        // 300,000 lines (1.2 MB): the save and the failed expectation come first, the bad line last.
        let body = "inc\nsave\nexpect \"nothing\"\n" + String(repeating: "inc\ndec\n", count: 150_000)
        let spoiled = try runPiped(["run", try folder.file("spoiled.say", body + "inc by\n"), "--scene", scene, "--keep-going"], input: "", quietSeconds: 60)
        #expect(spoiled.status == 2)
        #expect(spoiled.stdout.isEmpty, "nothing was said")
        #expect(spoiled.stderr == "\(folder.path)/spoiled.say:300004: Not a whole number, by\n", "only the bad line is reported: \(spoiled.stderr)")
        #expect(folder.read("scene.json") == before, "nothing was saved")
        // The same script without the bad line runs, saves and reports, in order.
        let whole = try runPiped(["run", try folder.file("whole.say", body), "--scene", scene, "--keep-going"], input: "", quietSeconds: 60)
        #expect(whole.status == 1)
        #expect(whole.stdout.hasPrefix("1 out of 10 stars\nSaved 1 change to \(scene)\n2 out of 10 stars\n"), "\(whole.stdout.prefix(200))")
        #expect(whole.stdout.split(separator: "\n").count == 300_002)
        #expect(whole.stderr == "\(folder.path)/whole.say:3: expected \"nothing\", heard \"Saved 1 change to \(scene)\"\n"
                + "sayline run: 0 of 1 expectation met, 1 failed, 300002 commands run\n", "\(whole.stderr)")
        #expect(folder.read("scene.json") != before, "the save was made")
        // Deep in a long script its words are said on a second thread: a save and failed
        // expectations there still come in their place, and are heard as they would be.
        let half = String(repeating: "inc\ndec\n", count: 100_000)
        let middle = try folder.file("middle.say", half + "save\nexpect \"nothing\"\nexpect value stars 1\n" + half)
        let fresh = try folder.file("fresh.json", #"{"controls": [{"kind": "rating", "id": "stars", "label": "Stars"}]}"#)
        let deep = try runPiped(["run", middle, "--scene", fresh, "--keep-going"], input: "", quietSeconds: 60)
        let heard = deep.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(deep.status == 1)
        #expect(heard.count == 400_002 && heard[199_999] == "0 out of 10 stars min" && heard[200_000] == "Saved 0 changes to \(fresh)"
                && heard[200_001] == "1 out of 10 stars" && heard[400_000] == "0 out of 10 stars min", "\(heard.count) lines")
        #expect(deep.stderr == "\(middle):200002: expected \"nothing\", heard \"Saved 0 changes to \(fresh)\"\n\(middle):200003: expected stars at 1, it is at 0\n"
                + "sayline run: 0 of 2 expectations met, 2 failed, 400001 commands run\n", "\(deep.stderr)")
    }

    @Test func transcriptsAreWrittenAndChecked() throws {
        let folder = try ScratchFolder()
        let script = try folder.file("t.say", "inc\nset abc\n# comment\nnext\n")
        let golden = folder.path + "/golden.txt"
        #expect(try runPiped(["run", script, "--transcript", golden], input: "").status == 0)
        #expect(folder.read("golden.txt") == "> inc\n62.5 kilograms\n> set abc\nNot a number, abc. 40 to 120\n> next\nRating, 0 out of 10 stars\n")
        #expect(try runPiped(["run", script, "--check-transcript", golden], input: "").status == 0)
        let changed = try folder.file("changed.say", "inc 2\nset abc\nnext\n")
        let mismatch = try runPiped(["run", changed, "--check-transcript", golden], input: "")
        #expect(mismatch.status == 1)
        #expect(mismatch.stderr == "\(golden):1: expected \"> inc\", heard \"> inc 2\"\nsayline run: no expectations, 3 commands run, the transcript differs\n", "\(mismatch.stderr)")
    }

    @Test func auditPassesTheDemoAndFlagsAFlawedScene() throws {
        let demo = try runPiped(["audit", "--demo"], input: "")
        #expect(demo.status == 0)
        // Naming no scene from a script or CI (a pattern that matched nothing) is no audit of
        // the demo that passes: a usage error.
        let nothing = try runPiped(["audit"], input: "")
        #expect(nothing.status == 64 && nothing.stdout.isEmpty && nothing.stderr.contains("audit needs scene files or folders"), "\(nothing)")
        #expect(demo.stdout.contains("0 violations"))
        let folder = try ScratchFolder()
        let scene = try folder.file("flawed.json", Self.flawedScene)
        let text = try runPiped(["audit", "--scene", scene], input: "")
        #expect(text.status == 1)
        #expect(text.stdout.contains("- serious: no-silent-steps on stars"))
        #expect(text.stdout.contains("- serious: spoken-text-speakable on cash"))
        #expect(text.stdout.contains("Suppressed:\n- name-no-role-words on volume"))
        #expect(try runPiped(["audit", "--scene", scene, "--fail-on", "critical"], input: "").status == 0)
    }

    @Test func auditWritesJSONAndJUnitAtomically() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("flawed.json", Self.flawedScene)
        let json = try runPiped(["audit", "--scene", scene, "--format", "json", "--output", folder.path + "/report.json"], input: "")
        #expect(json.status == 1)
        #expect(json.stdout.isEmpty)
        let report = try #require(folder.read("report.json"))
        let parsed = try JSONParser.parse(Array(report.utf8)).get()
        guard case .object(let members) = parsed.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key).contains("violations"))
        let junit = try runPiped(["audit", "--scene", scene, "--format", "junit"], input: "")
        #expect(junit.stdout.hasPrefix("<?xml version=\"1.0\""))
        #expect(junit.stdout.contains("<failure type=\"serious\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp.") }
        #expect(leftovers.isEmpty)
    }

    @Test func auditRefusesABadSceneAndBadOptions() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("bad.json", Self.badScene)
        let bad = try runPiped(["audit", "--scene", scene], input: "")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("\(scene):3: controls[0].step"))
        let huge = folder.path + "/huge.json"
        #expect(FileManager.default.createFile(atPath: huge, contents: Data(count: 20 * 1024 * 1024)))
        let tooLarge = try runPiped(["audit", "--scene", huge], input: "")
        #expect(tooLarge.status == 2)
        #expect(tooLarge.stderr.contains("more than the limit"))
        for arguments in [["audit", "--format", "pdf"], ["audit", "--fail-on", "bad"], ["audit", "--max-change-words", "0"], ["audit", "--jobs", "0"]] {
            let result = try runPiped(arguments, input: "")
            #expect(result.status == 64)
            #expect(result.stderr.hasSuffix("\nTry 'sayline audit --help'.\n") && result.stderr.split(separator: "\n").count == 2, "\(result.stderr)")
        }
        // A word that is not an option is a scene to audit: a missing one cannot be read.
        let missing = try runPiped(["audit", folder.path + "/stray.json"], input: "")
        #expect(missing.status == 2)
        #expect(missing.stderr.hasSuffix("stray.json: cannot be read: No such file or directory\n"))
        #expect(missing.stdout.isEmpty)
    }

    @Test func describeSaysWhatAScreenReaderWould() throws {
        let text = try runPiped(["describe"], input: "")
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Weight, 62 kilograms, 40 to 120 in steps of 0.5\n"))
        let json = try runPiped(["describe", "--format", "json"], input: "")
        let parsed = try JSONParser.parse(Array(json.stdout.utf8)).get()
        guard case .array(let entries) = parsed.value else { Issue.record("not an array"); return }
        #expect(entries.count == 3)
    }

    @Test func sceneIsPrintedAndChecked() throws {
        let printed = try runPiped(["scene", "--print"], input: "")
        #expect(printed.status == 0)
        let folder = try ScratchFolder()
        let path = try folder.file("demo.json", printed.stdout)
        let checked = try runPiped(["scene", "--check", path], input: "")
        #expect(checked.stdout == "\(path): valid, 3 controls\n")
        let bad = try folder.file("bad.json", Self.badScene)
        #expect(try runPiped(["scene", "--check", bad], input: "").status == 2)
        #expect(try runPiped(["scene"], input: "").status == 64)
    }

    @Test func theReplLoadsAScene() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("s.json", #"{"controls": [{"kind": "rating", "id": "stars", "label": "Stars"}]}"#)
        let result = try runPiped(["--scene", scene], input: "inc\n")
        #expect(result.stdout == "Stars, 0 out of 10 stars\n1 out of 10 stars\n")
        let bad = try folder.file("bad.json", Self.badScene)
        #expect(try runPiped(["--scene", bad], input: "").status == 2)
    }

    @Test func escapeSequencesInASceneNeverReachAnyOutput() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("evil.json", #"{"controls": [{"kind": "ruler", "id": "e", "label": "Evil\u001b]0;pwned\u0007\u001b[2J label", "unit": {"singular": "x\u001b[31m", "plural": "xs\u009b2J"}}]}"#)
        for arguments in [["describe", "--scene", scene], ["audit", "--scene", scene], ["run", "-", "--scene", scene]] {
            let result = try runPiped(arguments, input: "inc\nsay\n")
            #expect(!result.stdout.contains("\u{1B}"))
            #expect(!result.stdout.contains("\u{9B}"))
            #expect(!result.stdout.contains("\u{07}"))
        }
        let terminal = try TerminalProcess(["--scene", scene])
        #expect(terminal.waitForDisplay("e> "))
        #expect(!terminal.displayText.contains("pwned"))
        #expect(!terminal.displayText.contains("\u{1B}[2J"))
        // Speech and display are two channels: wait for the speech, not for the prompt.
        #expect(terminal.waitForSpeech("Evil label"))
        #expect(terminal.speechText.hasPrefix("Press question mark to describe a control, or type help.\nEvil label"))
    }
} }

extension EndToEndTests.SubcommandTests {
    /// A long report is written on a thread of its own while its next pieces are made: read
    /// through a pipe, as a consumer reads it, it is whole and the same as written to a file,
    /// and a reader that goes away part way is told as a write error.
    @Test func aLongReportThroughAPipeIsWholeAndTheSameAsInAFile() throws {
        let folder = try ScratchFolder()
        let controls = (0..<3_000).map { #"{"kind": "rating", "id": "s\#($0)", "label": "Stars \#($0)"}"# }
        let scene = try folder.file("long.json", #"{"controls": ["# + controls.joined(separator: ",\n") + "]}")
        for format in ["json", "junit"] {
            let piped = try runPiped(["audit", scene, "--format", format], input: "", quietSeconds: 60)
            #expect(piped.status == 0, "\(format): \(piped.stderr)")
            let file = folder.path + "/report.\(format)"
            #expect(try runPiped(["audit", scene, "--format", format, "--output", file], input: "", quietSeconds: 60).status == 0)
            // The times each check took differ from run to run; nothing else may.
            func steady(_ text: String) -> String {
                text.split(separator: "\n").filter { !$0.contains("timestamp") }
                    .map { $0.replacingOccurrences(of: #"time="[0-9.]*""#, with: "", options: .regularExpression) }.joined(separator: "\n")
            }
            #expect(steady(piped.stdout) == steady(folder.read("report.\(format)") ?? ""), "\(format) through a pipe")
            #expect(piped.stdout.utf8.count > 1_000_000, "\(format): \(piped.stdout.utf8.count) bytes")
            // SIGPIPE ignored, as a program that runs Sayline may have it: the write fails instead.
            let cut = try runShell("trap '' PIPE; SAYLINE audit '\(scene)' --format \(format) 2>\(folder.path)/err | head -c 1000 > /dev/null; exit ${PIPESTATUS[0]}",
                                   environment: [:], shell: "/bin/bash")
            #expect(cut.status == 74, "\(format), reader gone: \(cut.status)")
            #expect(folder.read("err") == "sayline audit: standard output cannot be written: Broken pipe\n", "\(folder.read("err") ?? "")")
        }
    }
}
