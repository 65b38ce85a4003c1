import Testing
import SaylineCore
import PseudoTerminal
@testable import SaylineSystem
@testable import SaylineCommandLine
@testable import SaylineOutputs
@testable import SaylineInteractive

/// Each display mode in process, through the interactive loop and a scripted line editor: the
/// writes the terminal would get, the prompt, and what a pick and the end of a session do.
/// (The end-to-end tests keep what only a real terminal shows: keys as terminals send them,
/// readline's inputrc, signals, screen readers.)
@Suite struct DisplayModeTests {
    /// A loop on the demo scene (or `scene`) in `mode`, with its words on the terminal, as when
    /// stdout is the terminal; started, its first prompt drawn.
    private func startedLoop(_ mode: DisplayMode, picking: Bool = false, scene: SceneDocument? = nil,
                             wordsOnTerminal: Bool = true) -> (InteractiveLoop, ScriptedLineEditor) {
        var options = Options()
        options.settings.display = mode
        options.settings.braille = .off
        options.settings.color = false
        // Every change said at once: the pacer's holding is PipelineTests' to show.
        options.settings.settleMilliseconds = 0
        let document = scene ?? SceneDocument(path: nil, bytes: nil, scene: .demo)
        var session = Session(elements: document.scene.elements)
        session.isPick = picking
        let outputs = SessionOutputs(document: document, settings: options.settings, environment: [:], events: nil, interactive: true,
                                     picking: picking, autosave: false,
                                     speech: SpeechChannel(speaker: nil, wordsShownElsewhere: wordsOnTerminal))
        let editor = ScriptedLineEditor()
        let loop = InteractiveLoop(session: session, outputs: outputs, options: options, environment: ["TERM": "xterm"], picking: picking,
                                   editor: editor, keyboard: -1)
        editor.client = loop
        loop.start()
        return (loop, editor)
    }

    /// Everything a write shows once escape sequences and carriage returns are taken out, the
    /// next-line escape (ESC D) as a line break: the text a person reads.
    private func text(_ write: String) -> String {
        var result = ""
        // The escape sequence being skipped: the scalars after ESC so far.
        var escape: String?
        for scalar in write.unicodeScalars {
            if var sequence = escape {
                sequence.unicodeScalars.append(scalar)
                escape = sequence
                if sequence == "D" { result += "\n" }
                if scalar.properties.isAlphabetic || sequence == "7" || sequence == "8" { escape = nil }
                continue
            }
            if scalar == "\u{1B}" { escape = "" } else if scalar != "\r" { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    @Test func theFullDisplayStartsInOneWriteAndShowsAChangeOnItsStatusLineInPlace() {
        let (loop, editor) = startedLoop(.full)
        // The start line, the control and the prompt: one write, so a screen reader never reads half a screen.
        #expect(editor.writes.count == 1, "\(editor.writes)")
        #expect(editor.writes[0].contains("help") && editor.writes[0].hasSuffix("weight> "), "\(editor.writes)")
        editor.press(.increment(1))
        #expect(editor.writes.count == 2, "\(editor.writes)")
        // The value is rewritten on its line with the cursor saved and restored: the prompt
        // and whatever was typed are never drawn again for a step.
        let step = editor.writes[1]
        #expect(step.hasPrefix("\u{1B}7") && step.hasSuffix("\u{1B}8"), "\(step.debugDescription)")
        #expect(text(step).contains("62.5 kilograms") && !step.contains("weight> "), "\(step.debugDescription)")
        editor.press(.next)
        #expect(editor.prompt == "rating> ")
        #expect(text(editor.writes.last ?? "").contains("Rating, 0 out of 10 stars"))
        #expect(loop.end() == 0)
        #expect(editor.terminalRestored && !editor.isReading)
    }

    @Test func thePlainDisplayAddsALineForEachMoveAndPromptsWithTheControlsID() {
        let (loop, editor) = startedLoop(.plain)
        #expect(editor.writes.count == 1 && text(editor.writes[0]).contains("Weight, 62 kilograms"), "\(editor.writes)")
        editor.press(.increment(1))
        // Below the prompt line, the words, then the prompt again on a line of its own.
        #expect(editor.writes.count == 2)
        #expect(text(editor.writes[1]).hasSuffix("62.5 kilograms\nweight, "), "\(editor.writes[1].debugDescription)")
        #expect(editor.writes[1].hasSuffix("weight, "), "\(editor.writes[1].debugDescription)")
        #expect(!editor.writes.joined().contains("\u{1B}[A") && !editor.writes.joined().contains("\u{1B}7"), "plain never moves up")
        #expect(loop.end() == 0)
    }

    @Test func thePlainDisplayWithSpeechElsewhereStillShowsEachMoveAsALine() {
        let (loop, editor) = startedLoop(.plain, wordsOnTerminal: false)
        editor.press(.increment(1))
        // The words went to stdout; the terminal gets the control's plain line.
        #expect(text(editor.writes.last ?? "").contains("62.5"), "\(editor.writes)")
        #expect(loop.end() == 0)
    }

    @Test func theScreenReaderDisplayPutsTheLastLineSaidOnTheCursorLineAlone() {
        let (loop, editor) = startedLoop(.screenReader)
        #expect(editor.prompt == "Weight, 62 kilograms ", "\(editor.prompt)")
        editor.press(.increment(1))
        // The value is the prompt, and nothing else is on that line.
        #expect(editor.prompt == "62.5 kilograms ")
        #expect(editor.writes.last?.hasSuffix("62.5 kilograms ") == true, "\(editor.writes.last.debugDescription)")
        // Written once, as the cursor line: a line above it saying the same would be read twice.
        #expect(text(editor.writes.last ?? "").components(separatedBy: "62.5 kilograms").count == 2, "\(editor.writes)")
        editor.feed(Array("70\r".utf8)[...])
        #expect(editor.prompt == "70 kilograms ", "\(editor.writes)")
        editor.feed(Array("wobble\r".utf8)[...])
        // A refusal is said and becomes the cursor line; the value is unchanged.
        #expect(editor.prompt.contains("wobble"), "\(editor.prompt)")
        #expect(loop.end() == 0)
    }

    /// After Enter the editor puts the answer back as the prompt; the next key's value goes on
    /// a line of its own, never after the answer on its line (Fenrir read both as one).
    @Test func theScreenReaderDisplayPutsTheValueAfterATypedCommandOnALineOfItsOwn() {
        let (loop, editor) = startedLoop(.screenReader)
        editor.feed(Array("70\r".utf8)[...])
        #expect(editor.screen.hasSuffix("\n70 kilograms "), "\(editor.screen.debugDescription)")
        editor.press(.increment(1))
        #expect(text(editor.writes.last ?? "") == "\n70.5 kilograms ", "\(editor.writes.last.debugDescription)")
        #expect(text(editor.screen).hasSuffix("70 kilograms \n70.5 kilograms "), "\(editor.screen.debugDescription)")
        #expect(loop.end() == 0)
    }

    @Test func aPickAnswerInDoubtNeedsASecondEnterAndQuitCancels() {
        let (loop, editor) = startedLoop(.plain, picking: true)
        #expect(editor.installed?.signalKeysAreKeys == true)
        editor.feed(Array("500\r".utf8)[...])
        // Moved into the range: Enter says so, the next Enter accepts.
        editor.feed(Array("\r".utf8)[...])
        #expect(text(editor.screen).contains("Not accepted yet"), "\(editor.writes)")
        #expect(editor.isReading)
        editor.feed(Array("\r".utf8)[...])
        #expect(!editor.isReading)
        #expect(loop.end() == 0)

        let (cancelled, cancelEditor) = startedLoop(.plain, picking: true)
        cancelEditor.feed(Array("quit\r".utf8)[...])
        #expect(!cancelEditor.isReading)
        #expect(cancelled.end() == 0)
    }

    @Test func quittingWithUnsavedChangesAsksOnceAndTheLastSaveFailingIsSaidAtTheEnd() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("scene.json", #"{"controls": [{"kind": "ruler", "id": "w", "label": "Weight", "min": 0, "max": 10, "value": 5}]}"#)
        let document = try SceneFile.document(path).get()
        let (loop, editor) = startedLoop(.plain, scene: document)
        editor.feed(Array("inc\rquit\r".utf8)[...])
        #expect(editor.isReading, "the first quit warns")
        #expect(text(editor.screen).contains("unsaved"), "\(editor.screen)")
        editor.feed(Array("quit\r".utf8)[...])
        #expect(!editor.isReading)
        #expect(loop.end() == 0)
    }

    /// The full display plays a change frame by frame at the times its deadline names, each
    /// frame one write that rewrites the drawing in place, and stops asking for time at the end;
    /// Ctrl-C's stop ends it at once.
    @Test func anAnimatedChangeIsDrawnAtItsDeadlinesAndThenAsksForNoTime() {
        let editor = ScriptedLineEditor()
        let element = DemoScene.elements[0]
        let display = TerminalDisplay(mode: .full, elements: DemoScene.elements, focused: element, width: 60, color: false,
                                      speechOnScreen: true, escapes: true, startLine: "start", editor: editor)
        display.startReading()
        var session = Session(elements: DemoScene.elements)
        let reply = session.perform(.set("70"))
        var outgoing = OutgoingReply(reply, elements: session.elements, focused: session.focused, now: 100)
        display.receive(&outgoing)
        let first = display.deadline(now: 100)
        #expect(first != nil && first! > 100, "a glide asks for its next frame")
        let before = editor.writes.count
        var now = 100.0
        var frames = 0
        while let due = display.deadline(now: now), frames < 1_000 {
            now = due
            _ = display.tick(now: now)
            frames += 1
        }
        #expect(frames > 5, "\(frames) frames")
        #expect(editor.writes.count > before + 5)
        // Each frame rewrites lines in place: the cursor saved and restored, the prompt untouched.
        #expect(editor.writes[before...].allSatisfy { $0.hasPrefix("\u{1B}7") && $0.hasSuffix("\u{1B}8") }, "\(editor.writes[before...])")
        #expect(display.deadline(now: now) == nil)
        var again = OutgoingReply(session.perform(.set("90")), elements: session.elements, focused: session.focused, now: now)
        display.receive(&again)
        #expect(display.deadline(now: now) != nil)
        display.stopMotion()
        #expect(display.deadline(now: now) == nil)
    }

    /// Ctrl-Z: the display gives the terminal back as it was found; on `fg` it takes it again
    /// and draws the control afresh, on new lines, never over what the shell wrote.
    @Test func suspendGivesTheTerminalBackAndResumeDrawsAfresh() {
        let editor = ScriptedLineEditor()
        let pipeline = ReplyPipeline([TerminalDisplay(mode: .full, elements: DemoScene.elements, focused: DemoScene.elements[0], width: 60,
                                                      color: false, speechOnScreen: true, escapes: true, startLine: "start", editor: editor)])
        var greeting = OutgoingReply(Session(elements: DemoScene.elements).greeting(), elements: DemoScene.elements,
                                     focused: DemoScene.elements[0], now: 0)
        pipeline.deliver(&greeting)
        pipeline.suspend()
        #expect(editor.terminalRestored)
        let before = editor.writes.count
        pipeline.resume()
        #expect(!editor.terminalRestored)
        #expect(editor.writes.count == before + 1)
        // Afresh: no move up over what the shell wrote, and no clearing of it.
        let drawn = editor.writes.last ?? ""
        #expect(!drawn.contains("\u{1B}[J") && !drawn.contains("A\r"), "\(drawn.debugDescription)")
        #expect(text(drawn).contains("Weight"))
    }
}
