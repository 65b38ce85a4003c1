import Testing
import SaylineCore
@testable import SaylineSystem
@testable import SaylineCommandLine
@testable import SaylineOutputs
@testable import SaylineInteractive
@testable import SaylineProgram

/// What `sayline pick` writes and exits with, in process: the answer as `PickAnswer` decides
/// it (at the keyboard and from a pipe) and `PickCommand.outcome` turns it into the line on
/// stdout and the status; the keyboard's Escape and Ctrl-C through the interactive loop.
@Suite struct PickOutcomeTests {
    /// The control pick makes from its flags, as `sayline pick` reads them.
    private func control(_ words: [String]) throws -> AdjustableElement {
        let parsed = try CommandLineParser.parse(words, options: PickCommand.commandLine.options)
        return try PickCommand.element(parsed).get()
    }

    private let volume = ["--label", "Volume", "--min", "0", "--max", "100", "--step", "5", "--value", "50", "--unit", "percent"]

    /// A picking loop at a scripted keyboard, its first prompt drawn.
    private func pickingLoop(_ element: AdjustableElement) -> (InteractiveLoop, ScriptedLineEditor) {
        var options = Options()
        options.settings.display = .plain
        options.settings.braille = .off
        let document = SceneDocument(path: nil, bytes: nil, scene: Scene(elements: [element]))
        var session = Session(elements: [element])
        session.isPick = true
        let outputs = SessionOutputs(document: document, settings: options.settings, environment: [:], events: nil, interactive: true,
                                     picking: true, autosave: false, speech: SpeechChannel(speaker: nil, wordsShownElsewhere: true))
        let editor = ScriptedLineEditor()
        let loop = InteractiveLoop(session: session, outputs: outputs, options: options, environment: ["TERM": "xterm"], picking: true,
                                   editor: editor, keyboard: -1)
        editor.client = loop
        loop.start()
        return (loop, editor)
    }

    /// The lines a piped pick reads, through the session and `PickAnswer` as the line reader
    /// hands them over: what it comes to at the end of input.
    private func piped(_ lines: [String], _ element: AdjustableElement, requireConfirm: Bool = false) -> (answer: String?, status: Int32) {
        var session = Session(elements: [element])
        session.isPick = true
        var answer = PickAnswer(requireConfirm: requireConfirm)
        for line in lines {
            if answer.isAnswer(Array(line.utf8)) {
                answer.acceptPiped()
                break
            }
            let reply = session.perform(line: line)
            answer.entered(reply)
            if reply.quit {
                answer.cancel()
                break
            }
        }
        let failure = answer.pipedInputEnded(bySignal: false, linesRead: lines.count)
        return PickCommand.outcome(status: failure?.status ?? 0, accepted: answer.accepted == true, chosen: session.focused, printed: .value)
    }

    @Test func aChosenValueIsWrittenAloneInTheStepsPrecisionAndExits0() throws {
        let element = try control(volume)
        var answer = PickAnswer()
        #expect(answer.confirm(element) == nil)
        let outcome = PickCommand.outcome(status: 0, accepted: answer.accepted == true, chosen: element, printed: .value)
        #expect(outcome.answer == "50\n")
        #expect(outcome.status == 0)
        // Typed, then Enter on an empty line, from a pipe: the typed value, no unit.
        #expect(piped(["70", ""], element) == ("70\n", 0))
    }

    @Test func escapeAtTheKeyboardCancelsWritingNothingAndExits1() throws {
        let (loop, editor) = pickingLoop(try control(volume))
        #expect(loop.escapeCancels)
        loop.cancel()
        #expect(!editor.isReading)
        let status = loop.end()
        #expect(status == 0)
        var answer = PickAnswer()
        answer.cancel()
        let outcome = PickCommand.outcome(status: status, accepted: answer.accepted == true, chosen: try control(volume), printed: .value)
        #expect(outcome.answer == nil)
        #expect(outcome.status == ExitStatus.failed.rawValue)
    }

    @Test func ctrlCCancelsWith130AndWritesNothingWhateverWasChosen() throws {
        let (loop, editor) = pickingLoop(try control(volume))
        editor.feed(Array("70".utf8)[...])
        loop.interruptKey()
        #expect(editor.line.isEmpty)
        #expect(!editor.isReading)
        let status = loop.end()
        #expect(status == 130)
        let outcome = PickCommand.outcome(status: status, accepted: true, chosen: try control(volume), printed: .value)
        #expect(outcome.answer == nil)
        #expect(outcome.status == 130)
    }

    @Test func theEndOfPipedInputAcceptsUnlessAConfirmationIsRequired() throws {
        let element = try control(volume)
        #expect(piped(["70"], element) == ("70\n", 0))
        #expect(piped(["70"], element, requireConfirm: true) == (nil, ExitStatus.failed.rawValue))
        #expect(piped(["70", ""], element, requireConfirm: true) == ("70\n", 0))
        #expect(piped(["quit"], element) == (nil, ExitStatus.failed.rawValue))
        // Nothing piped at all: no terminal to ask on, fzf's 2, never the starting value.
        #expect(piped([], element) == (nil, ExitStatus.malformed.rawValue))
    }

    @Test func aRefusedOrMovedTypedValueFromAPipeAcceptsNothingWith65() throws {
        let element = try control(volume)
        #expect(piped(["banana"], element) == (nil, ExitStatus.dataError.rawValue))
        #expect(piped(["500"], element) == (nil, ExitStatus.dataError.rawValue))
        // A good entry after the refused one clears the doubt.
        #expect(piped(["banana", "65"], element) == ("65\n", 0))
        // Enter right after a refusal also fails from a pipe: a script never gets a value it
        // did not ask for.
        #expect(piped(["500", ""], element) == (nil, ExitStatus.dataError.rawValue))
    }

    @Test func theUnitIsNeverInTheAnswerAndTheJSONCarriesItApart() throws {
        let weight = try control(["--label", "Weight", "--min", "40", "--max", "120", "--step", "0.5", "--value", "62.5", "--unit", "kg"])
        #expect(PickCommand.outcome(status: 0, accepted: true, chosen: weight, printed: .value).answer == "62.5\n")
        let json = try #require(PickCommand.outcome(status: 0, accepted: true, chosen: weight, printed: .json).answer)
        #expect(json.hasPrefix("{") && json.hasSuffix("}\n"))
        #expect(json.contains("\"id\":\"weight\"") && json.contains("\"value\":62.5"), "\(json)")
        // A unit of the scene's own words, singular/plural, is no more part of the value.
        let apples = try control(["--unit", "apple/apples", "--min", "0", "--max", "10", "--value", "3"])
        #expect(PickCommand.outcome(status: 0, accepted: true, chosen: apples, printed: .value).answer == "3\n")
    }

    @Test func aValueChosenWhoseFollowingWorkFailedIsWrittenWithThatStatus() throws {
        let element = try control(volume)
        // Its events or change command not all delivered: the value is still written.
        #expect(PickCommand.outcome(status: ExitStatus.ioError.rawValue, accepted: true, chosen: element, printed: .value) == ("50\n", ExitStatus.ioError.rawValue))
        // Refused with a status of its own: nothing written, that status kept.
        #expect(PickCommand.outcome(status: ExitStatus.dataError.rawValue, accepted: false, chosen: element, printed: .value) == (nil, ExitStatus.dataError.rawValue))
    }
}
