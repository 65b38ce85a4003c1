import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// `--events`: JSON Lines that jq reads and the schema accepts, written as things happen.
extension EndToEndTests { @Suite struct EventTests {
    static let schema = PackagePaths.file("Docs/events.schema.json").path

    /// Every line valid against Docs/events.schema.json (Python's jsonschema, Draft 2020-12): for
    /// a check enabled only where jsonschema is (`Consumers.python`).
    static func validate(_ path: String) throws {
        let program = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        validator = jsonschema.Draft202012Validator(schema)
        count = 0
        for line in open(sys.argv[2]):
            validator.validate(json.loads(line)); count += 1
        print(count)
        """
        let result = try runPiped(["python3", "-c", program, schema, path], input: "", executable: "/usr/bin/env")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Int(result.stdout.trimmingCharacters(in: .newlines)) ?? 0 > 0)
    }

    static let scene = #"{"controls": [{"kind": "ruler", "id": "volume", "label": "Volume", "max": 10}, {"kind": "rating", "id": "mood", "label": "Mood"}]}"#
    static let pipedInput = "inc\ninc\nset abc\nend\ninc\nnext\nset 4\nsave\n"

    @Test func pipedEventsAreJSONLinesThatJqReads() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("settings.json", Self.scene)
        let result = try runPiped(["--scene", scene, "--events", "-"], input: Self.pipedInput)
        #expect(result.status == 0)
        // Standard output is the stream: the announcements went to the terminal.
        #expect(result.stderr.contains("Volume, 0"))
        let path = try folder.file("events.jsonl", result.stdout)
        let jq = try runPiped(["jq", "-r", #"select(.event=="settled") | "\(.id)=\(.value)""#, path], input: "", executable: "/usr/bin/env")
        #expect(jq.status == 0, "\(jq.stderr)")
        #expect(jq.stdout == "volume=1\nvolume=2\nvolume=10\nmood=4\n")
        let kinds = try runPiped(["jq", "-r", ".event", path], input: "", executable: "/usr/bin/env")
        #expect(kinds.stdout == ["start", "focus", "change", "settled", "change", "settled", "rejected", "change", "settled", "bound",
                                 "focus", "change", "settled", "saved", "quit"].map { $0 + "\n" }.joined())
        let saved = try runPiped(["jq", "-c", #"select(.event=="saved") | [.ok, .file]"#, path], input: "", executable: "/usr/bin/env")
        #expect(saved.stdout == "[true,\"\(scene)\"]\n")
    }

    /// At the keyboard, a run of presses is one `settled` after its changes, and each line is
    /// in the file as soon as it happens.
    @Test func aKeyboardSessionWritesEachEventAsItHappens() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/events.jsonl"
        let repl = try TerminalProcess(["--events", path, "--settle", "200"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send(Keys.up)
        repl.send(Keys.up)
        repl.send(Keys.up)
        #expect(repl.waitUntil(timeout: 5) { _ in folder.read("events.jsonl")?.contains(#""event":"settled""#) == true })
        let lines = folder.read("events.jsonl")?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.filter { $0.contains(#""event":"change""#) }.count == 3)
        #expect(lines.filter { $0.contains(#""event":"settled""#) }.count == 1)
        #expect(lines.last?.contains(#""value":63.5"#) == true)
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
        #expect(folder.read("events.jsonl")?.hasSuffix(#""spoken":"63.5 kilograms"}"# + "\n") == true)
        #expect(folder.read("events.jsonl")?.contains(#"{"event":"quit""#) == true)
    }

    /// Every line, piped or at the keyboard, as the schema has it.
    @Test(.enabled(if: Consumers.python("jsonschema"), "jsonschema is not installed"))
    func everyEventIsValidAgainstTheSchema() throws {
        let folder = try ScratchFolder()
        let piped = try runPiped(["--scene", try folder.file("settings.json", Self.scene), "--events", "-"], input: Self.pipedInput)
        #expect(piped.status == 0)
        try Self.validate(try folder.file("piped.jsonl", piped.stdout))
        let path = folder.path + "/keyboard.jsonl"
        let repl = try TerminalProcess(["--events", path, "--settle", "200"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send(Keys.up)
        repl.send(Keys.up)
        #expect(repl.waitUntil(timeout: 5) { _ in folder.read("keyboard.jsonl")?.contains(#""event":"settled""#) == true })
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
        try Self.validate(path)
    }

    @Test func aPickTellsWhetherItWasAcceptedAndBadTargetsAreRefused() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/pick.jsonl"
        let pick = try runPiped(["pick", "--label", "Volume", "--max", "10", "--events", path], input: "inc\n\n")
        #expect(pick.stdout == "1\n")
        #expect(folder.read("pick.jsonl")?.hasSuffix(#""accepted":true}"# + "\n") == true)
        let stdout = try runPiped(["pick", "--events", "-"], input: "")
        #expect(stdout.status == 64)
        #expect(stdout.stderr.hasPrefix("sayline pick: --events -: standard output carries the answer; name a file or fd:N\n"))
        let nowhere = try runPiped(["--events", "/nonexistent/folder/e.jsonl"], input: "inc\n")
        #expect(nowhere.status == 74)
        #expect(nowhere.stderr.hasPrefix("sayline: --events /nonexistent/folder/e.jsonl: No such file or directory\n"))
        #expect(nowhere.stdout.isEmpty)
        let closed = try runPiped(["--events", "fd:47"], input: "inc\n")
        #expect(closed.status == 74)
        #expect(closed.stderr.hasPrefix("sayline: --events fd:47: not an open descriptor\n"))
    }
} }
