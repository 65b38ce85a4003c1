import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct ScriptTests {
    func run(_ text: String, elements: [AdjustableElement] = DemoScene.elements, motion: MotionPreference = .full) throws -> [(line: Int, heard: [String], failure: String?)] {
        let script = try Script.parse(text).get()
        var runner = ScriptRunner(session: Session(elements: elements, motion: motion))
        return script.steps.map { step in
            let result = runner.run(step)
            return (step.line, result.announcements.map(\.text), result.failure)
        }
    }

    @Test func expectationsPassAndFailWithWhatWasHeard() throws {
        let results = try run("""
        # adjust the weight
        inc
        expect "62.5 kilograms"
        expect value weight 62.5
        expect focus weight
        expect frames 41

        say
        expect "62.5 kilograms"
        expect silent
        expect value weight 70
        expect focus rating
        expect frames 3
        """)
        let failures = results.compactMap { result in result.failure.map { "\(result.line): \($0)" } }
        #expect(failures == [
            "9: expected \"62.5 kilograms\", heard \"Weight, 62.5 kilograms\"",
            "10: expected silence, heard \"Weight, 62.5 kilograms\"",
            "11: expected weight at 70, it is at 62.5",
            "12: expected focus on rating, focus is on weight",
            "13: expected 3 intermediate frames, drew 0",
        ])
    }

    @Test func reduceMotionMeansNoFrames() throws {
        let results = try run("inc\nexpect frames 0\n", motion: .reduce)
        #expect(results.allSatisfy { $0.failure == nil })
    }

    @Test func malformedLinesAreAllReportedWithTheirNumbers() {
        guard case .failure(let error) = Script.parse("inc\nfrobnicate\nexpect \"open\nexpect frames many\nexpect value weight\nexpect\ninc 0\n") else {
            Issue.record("a malformed script was accepted"); return
        }
        #expect(error.problems.map(\.line) == [2, 3, 4, 5, 6, 7])
        #expect(error.problems.first?.message == "Unknown command, frobnicate. Type help for commands")
    }

    @Test func expectationsMustNameControlsOfTheScene() throws {
        let script = try Script.parse("expect focus nowhere\nexpect value weight 3\n").get()
        let runner = ScriptRunner(session: Session(elements: DemoScene.elements))
        #expect(runner.unknownControls(in: script) == [ScriptProblem(line: 1, message: "no control named nowhere in the scene")])
    }

    @Test func transcriptsCompareLineByLine() {
        let heard = Transcript.lines(command: "inc", announcements: [Announcement("62.5 kilograms", kind: .change)])
        #expect(heard == ["> inc", "62.5 kilograms"])
        #expect(Transcript.firstDifference(expected: heard, heard: heard) == nil)
        let difference = Transcript.firstDifference(expected: ["> inc", "63 kilograms"], heard: heard)
        #expect(difference?.line == 2 && difference?.expected == "63 kilograms" && difference?.heard == "62.5 kilograms")
        #expect(Transcript.firstDifference(expected: heard + ["> dec"], heard: heard)?.heard == nil)
    }
}
