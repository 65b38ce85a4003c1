import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct SceneDecoderTests {
    func problems(_ json: String) -> [String] {
        switch SceneDecoder.decode(Array(json.utf8)) {
        case .success: return []
        case .failure(let error): return error.problems.map { $0.formatted(file: "scene.json") }
        }
    }

    func scene(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Array(json.utf8)).get()
    }

    @Test func theDemoSceneRoundTripsThroughItsOwnFormat() throws {
        let printed = SceneEncoder.encode(.demo)
        let decoded = try scene(printed)
        #expect(decoded.elements == Scene.demo.elements)
        #expect(SceneEncoder.encode(decoded) == printed)
    }

    @Test func suppressionsRoundTrip() throws {
        let original = Scene(elements: DemoScene.elements, suppressions: [Suppression(rule: "name-unique", control: nil, reason: "two \"views\"")])
        #expect(try scene(SceneEncoder.encode(original)) == original)
    }

    @Test func aKeyThatAppearsTwiceIsAProblem() {
        let json = "{\n  \"controls\": [{\"kind\": \"ruler\", \"id\": \"a\",\n    \"unit\": {\"singular\": \"m\", \"plural\": \"ms\", \"plural\": \"metres\"}}]\n}"
        #expect(problems(json) == ["scene.json:3: controls[0].unit.plural: appears twice"])
    }

    @Test func everyProblemIsReportedWithItsLineAndPath() {
        let json = """
        {
          "controls": [
            {"kind": "ruler", "id": "a", "step": "0.5"},
            {"kind": "dial", "id": "b"},
            {"kind": "rating", "id": "a", "colour": "red"},
            {"id": "c"},
            {"kind": "digitroll", "id": "d", "digits": 2.5, "order": "up"}
          ]
        }
        """
        #expect(problems(json) == [
            "scene.json:3: controls[0].step: must be a number, not a string",
            "scene.json:4: controls[1].kind: must be ruler, rating or digitroll",
            "scene.json:5: controls[2].colour: is not a setting of a rating",
            "scene.json:5: controls[2].id: \"a\" is already the id of controls[0]",
            "scene.json:6: controls[3].kind: is missing: ruler, rating or digitroll",
            "scene.json:7: controls[4].digits: must be a whole number",
            "scene.json:7: controls[4].order: must be rtl, ltr or all",
        ])
    }

    @Test func structuralMistakesAreNamed() {
        #expect(problems("[]") == ["scene.json:1: must be an object"])
        #expect(problems("{}") == ["scene.json:1: a scene needs \"controls\": a list of controls"])
        #expect(problems("{\"controls\": {}}") == ["scene.json:1: controls: must be an array"])
        #expect(problems("{\"controls\": []}") == ["scene.json:1: controls: needs at least one control"])
        #expect(problems("{\"controls\": [3]}") == ["scene.json:1: controls[0]: must be an object"])
        #expect(problems("{\"version\": 2, \"controls\": [{\"kind\": \"rating\", \"id\": \"r\"}]}") == ["scene.json:1: version: must be 1"])
        #expect(problems("{\"controls\": [{\"kind\": \"rating\"}]}") == ["scene.json:1: controls[0].id: is missing"])
        #expect(problems("{\"controls\": [{\"kind\": \"rating\", \"id\": \"two words\"}]}") == ["scene.json:1: controls[0].id: must be one word of visible characters, with no spaces, tabs or no-break spaces"])
        #expect(problems("{\"controls\": [{\"kind\": \"rating\", \"id\": \"r\"}], \"suppress\": [{\"rule\": \"x\"}]}") == ["scene.json:1: suppress[0].reason: is missing"])
        #expect(problems("{\"controls\": [{\"kind\": \"rating\", \"id\": \"r\"}], \"extra\": 1}").first?.hasPrefix("scene.json:1: extra: is not a known key") == true)
    }

    @Test func syntaxErrorsGiveTheirLine() {
        #expect(problems("{\n\"controls\": [\n  {\"kind\": \"rating\",}\n]}") == ["scene.json:3: not valid JSON: expected a key in double quotes"])
        #expect(problems("{\"controls\": [") == ["scene.json:1: not valid JSON: the document ends where a value was expected"])
        #expect(problems("{\"a\": \"unterminated\n\"}").first == "scene.json:1: not valid JSON: a string runs past the end of its line")
        #expect(problems(String(repeating: "[", count: 10_000)) == ["scene.json:1: not valid JSON: nested more than 64 levels deep"])
        #expect(problems("{\"controls\": [{\"kind\": \"rating\", \"id\": \"r\", \"value\": NaN}]}") == ["scene.json:1: not valid JSON: unexpected character where a value was expected"])
        #expect(problems("{\"controls\": [{\"kind\": \"rating\", \"id\": \"r\", \"value\": \"NaN\"}]}") == ["scene.json:1: controls[0].value: must be a number, not a string"])
    }

    @Test func limitsAreEnforcedWithClearMessages() {
        let long = String(repeating: "x", count: 201)
        #expect(problems("{\"controls\": [{\"kind\": \"rating\", \"id\": \"r\", \"label\": \"\(long)\"}]}") == ["scene.json:1: controls[0].label: is 201 characters, more than the limit of 200"])
        // Refused where the 10,001st control starts (line 10,002, one control a line): the rest
        // of the file is never read into a tree.
        let tooMany = "{\"controls\": [\n" + Array(repeating: "{\"kind\": \"rating\", \"id\": \"r\"}", count: 100_000).joined(separator: ",\n") + "]}"
        #expect(problems(tooMany) == ["scene.json:10002: controls: has more than 10000 controls, the limit"])
        let huge = [UInt8](repeating: 0x20, count: Scene.maximumFileSize + 1)
        guard case .failure(let error) = SceneDecoder.decode(huge) else { Issue.record("a 16 MiB + 1 file was read"); return }
        #expect(error.problems.first?.message.contains("16 MiB") == true)
    }

    @Test func tenThousandControlsAreFine() throws {
        let json = "{\"controls\": [" + (0..<10_000).map { "{\"kind\": \"ruler\", \"id\": \"r\($0)\", \"label\": \"Ruler \($0)\", \"max\": 19999}" }.joined(separator: ",") + "]}"
        #expect(try scene(json).elements.count == 10_000)
    }

    @Test func hostileValuesAreRepairedNotRefused() throws {
        let decoded = try scene("""
        {"controls": [
          {"kind": "ruler", "id": "a", "label": "Evil\\u001b[2J\\u001b]0;x\\u0007 name", "min": -1e308, "max": 1e308, "step": 1e-300, "value": 1e308},
          {"kind": "ruler", "id": "b", "label": "B", "max": 1e400},
          {"kind": "digitroll", "id": "c", "label": "C", "digits": 1e30, "stagger": -5, "prefix": "\\u001b[31m$"}
        ]}
        """)
        #expect(decoded.elements[0].identity.label == "Evil name")
        #expect(decoded.elements[0].value.isFinite)
        #expect(decoded.elements[1].repairs.map(\.field) == ["maximum"])
        guard let roll = decoded.elements[2].control as? DigitRoll else { Issue.record("not a roll"); return }
        #expect(roll.columns == 9 && roll.stagger == 0 && roll.prefix == "$")
    }

    @Test func jsonStringsDecodeEscapesAndUnicode() throws {
        let node = try JSONParser.parse(Array(#"{"a": "\u00e9\ud83d\ude00\n\"", "b": [1, -2.5e3, true, null]}"#.utf8)).get()
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members[0].node.value == .string("é😀\n\""))
        guard case .array(let items) = members[1].node.value else { Issue.record("not an array"); return }
        #expect(items.map(\.value) == [.number(1), .number(-2500), .bool(true), .null])
        // Where each starts: its column and its bytes in the input.
        #expect(items.map(\.column) == [39, 42, 50, 56])
        #expect(members[0].node.column == 7 && members[0].node.bytes == 6..<30)
        let text = Array(#"{"a": "\u00e9\ud83d\ude00\n\"", "b": [1, -2.5e3, true, null]}"#.utf8)
        #expect(String(decoding: text[items[1].bytes], as: UTF8.self) == "-2.5e3")
        // Columns count code points, not bytes: "é" is two bytes and one column.
        let wide = try JSONParser.parse(Array(#"["é", 1]"#.utf8)).get()
        if case .array(let pair) = wide.value { #expect(pair.map(\.column) == [2, 7]) }
        #expect((try? JSONParser.parse(Array(#""\ud800""#.utf8)).get()) == nil)
        #expect((try? JSONParser.parse(Array("01".utf8)).get()) == nil)
        #expect((try? JSONParser.parse([0x22, 0xFF, 0x22]).get()) == nil)
        #expect(JSONWriter.line(.string("a\"b\\c\u{1B}")) == #""a\"b\\c\u001b""#)
    }
}

/// What a hostile or careless scene file found.
extension SceneDecoderTests {
    @Test func aKeyTwiceInsideAControlIsAProblem() {
        #expect(problems(#"{"controls": [{"kind": "ruler", "id": "a", "max": 10, "max": 20}]}"#) == ["scene.json:1: controls[0].max: appears twice"])
    }

    @Test(arguments: ["a\tb", "a\u{A0}b", "a b", "a\u{200B}b", ""])
    func anIdIsOneWordOfVisibleCharacters(id: String) {
        let escaped = id.unicodeScalars.map { $0.value < 0x20 || $0.value > 0x7E ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
        #expect(problems(#"{"controls": [{"kind": "ruler", "id": "\#(escaped)"}]}"#)
                == ["scene.json:1: controls[0].id: must be one word of visible characters, with no spaces, tabs or no-break spaces"])
    }

    @Test func aSuppressionMustNameARuleAndAControlThatExist() {
        let json = """
        {"controls": [{"kind": "ruler", "id": "a"}],
         "suppress": [{"rule": "name-presnet", "reason": "typo"}, {"rule": "name-present", "control": "b", "reason": "gone"}]}
        """
        let result = SceneDecoder.decode(Array(json.utf8), knownRules: ["name-present"])
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.problems.map { $0.formatted(file: "s") } == [
            "s:2: suppress[0].rule: \"name-presnet\" is not an audit rule (man 7 sayline-audit-rules)",
            "s:2: suppress[1].control: \"b\" is not the id of a control in this scene",
        ])
    }

    @Test func aSchemaKeyIsAllowedAtTheTop() throws {
        let decoded = try scene(#"{"$schema": "urn:sayline:scene:1", "controls": [{"kind": "ruler", "id": "a"}]}"#)
        #expect(decoded.elements.count == 1)
        #expect(problems(#"{"$schema": 1, "controls": [{"kind": "ruler", "id": "a"}]}"#) == ["scene.json:1: $schema: must be a string"])
    }

    /// Text limits count code points, as the schema's maxLength does: 200 flags with two code
    /// points each are 400, too many, though they show as 200 characters.
    @Test func textLimitsCountCodePoints() {
        let flags = String(repeating: "\u{1F1EB}\u{1F1F7}", count: 101)
        #expect(flags.count == 101)
        #expect(problems(#"{"controls": [{"kind": "ruler", "id": "a", "label": "\#(flags)"}]}"#) == ["scene.json:1: controls[0].label: is 202 characters, more than the limit of 200"])
    }
}
