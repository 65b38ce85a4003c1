import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene

/// What a person types at the prompt: values as they would say them, near misses of commands,
/// and refusals that name what was wrong and what would work.
@Suite struct TypedEntryTests {
    func heard(_ session: inout Session, _ line: String) -> [String] {
        session.perform(line: line).announcements.map(\.text)
    }

    /// A control of a scene's, with a unit written as scenes write it.
    func control(_ unit: String?, min: Double, max: Double, value: Double) throws -> AdjustableElement {
        let unitMember = unit.map { #""unit": \#($0), "# } ?? ""
        let scene = try SceneDecoder.decode(Array("""
            {"controls": [{"kind": "ruler", "id": "c", "label": "C", \(unitMember)"min": \(min), "max": \(max), "step": 1, "value": \(value)}]}
            """.utf8)).get()
        return try #require(scene.elements.first)
    }

    @Test(arguments: [("70", 70.0), ("70 kg", 70), ("70 kilograms", 70), ("70 KILOGRAMS", 70), ("62.5", 62.5), ("70kg", 70), ("  +70  ", 70)])
    func aValueTypedAsItIsSaidSetsTheControl(typed: String, value: Double) {
        var session = Session(elements: DemoScene.elements)
        _ = session.perform(line: typed)
        #expect(session.focused.value == value, "\(typed)")
    }

    @Test func aFigureWithItsPrefixSetsTheDigitRoll() {
        var session = Session(elements: DemoScene.elements)
        _ = session.perform(line: "focus balance")
        #expect(heard(&session, "$12,500") == ["12500 dollars"])
        #expect(heard(&session, "-5") == ["Too low, 0 dollars min"])
    }

    @Test(arguments: [
        (#"{"singular": "decibel", "plural": "decibels", "symbol": "dB"}"#, "-6 DB", -6.0),
        (#"{"singular": "decibel", "plural": "decibels", "symbol": "dB"}"#, "-6 dB", -6),
        (#"{"singular": "degree Celsius", "plural": "degrees Celsius", "symbol": "°C"}"#, "21 °c", 21),
        (#"{"singular": "degree Celsius", "plural": "degrees Celsius", "symbol": "°C"}"#, "21 degrees celsius", 21),
        (#"{"singular": "hertz", "plural": "hertz", "symbol": "Hz"}"#, "50 HZ", 50),
        (#"{"singular": "percent", "plural": "percent", "symbol": "%"}"#, "40%", 40),
    ])
    func unitsAreTypedInAnyCase(unit: String, typed: String, value: Double) throws {
        var session = Session(elements: [try control(unit, min: -60, max: 100, value: 0)])
        _ = session.perform(line: typed)
        #expect(session.focused.value == value, "\(typed)")
    }

    @Test func aWrongUnitIsNamedWithWhatWorks() throws {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "set 65 pounds") == ["Wrong unit, pounds. Type 65 or 65 kilograms"])
        #expect(heard(&session, "65 lb") == ["Wrong unit, lb. Type 65 or 65 kilograms"])
        #expect(session.focused.value == 62)
        var plain = Session(elements: [try control(nil, min: 0, max: 100, value: 0)])
        #expect(heard(&plain, "70 kg") == ["No unit here, kg. Type 70"])
        // One letter against the number is a slip, not a unit.
        #expect(heard(&plain, "7o") == ["Not a number, 7o. 0 to 100"])
        #expect(heard(&session, "65lb") == ["Wrong unit, lb. Type 65 or 65 kilograms"])
        // A word that is no number at all is still not a number.
        #expect(heard(&session, "set abc") == ["Not a number, abc. 40 to 120"])
    }

    @Test func aNumberPastEveryRangeGoesToTheBoundAsASmallerOneDoes() {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "set 1e3") == ["Too high, 120 kilograms max"])
        _ = session.perform(line: "62")
        #expect(heard(&session, "set 1e400") == ["Too high, 120 kilograms max"])
        #expect(heard(&session, "set -1e400") == ["Too low, 40 kilograms min"])
    }

    @Test func aCountOfStepsBelowOneSaysWhichWayWorks() {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "inc -2") == ["Steps count from 1, not -2. To go the other way, dec 2"])
        #expect(heard(&session, "dec -3") == ["Steps count from 1, not -3. To go the other way, inc 3"])
        #expect(heard(&session, "inc 0") == ["Steps count from 1, not 0"])
        #expect(heard(&session, "inc two") == ["Not a whole number, two"])
        #expect(session.focused.value == 62)
    }

    @Test(arguments: [("abc", nil), ("bogus", nil), ("qiut", "quit"), ("hlep", "help"), ("lst", "list"), ("descirbe", "describe"), ("foc", "focus"), ("x", nil)] as [(String, String?)])
    func onlyANearMissSuggestsACommand(typed: String, suggestion: String?) {
        #expect(CommandTable.suggestion(for: typed, among: CommandTable.all.map(\.name)) == suggestion, "\(typed)")
    }

    @Test func anUnknownWordIsNeitherACommandNorAValue() {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "abc") == ["Unknown command, abc. Type help for commands"])
        #expect(heard(&session, "qiut") == ["Unknown command, qiut. Did you mean quit?"])
    }

    @Test func anImpossibleControlNamesEachSettingThatIsWrong() throws {
        let scene = try SceneDecoder.decode(Array("""
            {"controls": [
              {"kind": "ruler", "id": "a", "label": "A", "min": 10, "max": 5, "step": 0},
              {"kind": "ruler", "id": "b", "label": "B", "min": 0, "max": 1e400},
              {"kind": "ruler", "id": "c", "label": "C", "min": 0, "max": 5, "step": 10},
              {"kind": "ruler", "id": "d", "label": "D", "min": 3, "max": 3},
              {"kind": "digitroll", "id": "e", "label": "E", "digits": 12, "value": 5},
              {"kind": "ruler", "id": "f", "label": "F", "min": 0, "max": 100, "step": 5, "value": 50}
            ]}
            """.utf8)).get()
        let paths = scene.settingProblems.map(\.path)
        #expect(paths == ["controls[0].step", "controls[0].max", "controls[1].max", "controls[2].step", "controls[3].max", "controls[4].digits"], "\(scene.settingProblems)")
        #expect(scene.settingProblems.first { $0.path == "controls[2].step" }?.message == "10 is more than the range from 0 to 5: there is nothing to adjust")
        #expect(scene.elements[5].settingProblems.isEmpty)
        #expect(DemoScene.elements.allSatisfy { $0.settingProblems.isEmpty })
    }

    @Test func aPickIsAPromptForOneValue() {
        var session = Session(elements: DemoScene.elements)
        session.isPick = true
        for line in ["tour", "save", "save x.json", "overwrite", "focus rating", "list"] {
            let reply = session.perform(line: line)
            #expect(reply.announcements.first?.text.contains("is not part of a pick") == true, "\(line): \(reply.announcements)")
            #expect(PickRules.leavesAnswerInDoubt(reply))
        }
        #expect(heard(&session, "help") == PickRules.helpText)
        #expect(heard(&session, "70") == ["70 kilograms"])
        #expect(!PickRules.leavesAnswerInDoubt(session.perform(line: "71")))
        #expect(PickRules.leavesAnswerInDoubt(session.perform(line: "500")))
        #expect(PickRules.leavesAnswerInDoubt(session.perform(line: "7o")))
        #expect(session.focused.value == 120)
    }

    @Test func aRunEndsWithOneLineOfWhatItChecked() {
        #expect(RunSummary.line(expectations: 12, failures: 0, commands: 40, stoppedEarly: false) == "all 12 expectations met, 40 commands run")
        #expect(RunSummary.line(expectations: 0, failures: 0, commands: 1, stoppedEarly: false) == "no expectations, 1 command run")
        #expect(RunSummary.line(expectations: 3, failures: 1, commands: 5, stoppedEarly: true)
                == "2 of 3 expectations met, 1 failed, 5 commands run, stopped at the first failure (--keep-going runs on)")
    }
}
