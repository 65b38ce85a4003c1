import Glibc
import SaylineControls
import SaylineSession
import SaylineSystem
import SaylineLineEditor

/// The display: the last output of an interactive session's pipeline. What a reply shows on
/// the terminal (stderr), laid out by the display mode (`DisplayLayout`) and drawn by `Screen`;
/// the prompt, which names the focused control or is the last line said; and the control's
/// animation, frame by frame. Everything it writes goes through the line editor's buffer, so
/// that a drawing and the prompt readline draws after it go out in one write.
package final class TerminalDisplay: ReplyOutput {
    private let screen: Screen
    private let layout: any DisplayLayout
    private let editor: any LineEditor
    /// The focused control as of the last reply: the prompt names it, the drawing shows it.
    private var focused: AdjustableElement
    /// The screen-reader display's cursor line: the last line said.
    private var cursorLine = ""
    /// Whether the line editor is reading a line, with the prompt on screen.
    private var promptActive = false
    /// The prompt the editor was last given, so it is set again only when it changes.
    private var shownPrompt = ""
    /// A transition being played: frames are drawn at their times, late ones skipped.
    private var animation: ControlAnimation?
    /// What the display says first: how to get help (or, picking, how to answer).
    private let startLine: String

    /// - Parameters:
    ///   - speechOnScreen: announcements land on this terminal (stdout is the terminal, or
    ///     carries something else): they are written here, with the drawing.
    ///   - escapes: the terminal takes escape sequences (not `TERM=dumb`).
    package init(mode: DisplayMode, elements: [AdjustableElement], focused: AdjustableElement, width: Int, color: Bool,
                 speechOnScreen: Bool, escapes: Bool, startLine: String, editor: any LineEditor) {
        // Every control of a kind is drawn the same height: one of each kind is measured, not
        // every control of a scene that may hold 10,000.
        // (A list, not a dictionary by kind: a scene has a handful of kinds, and a dictionary's
        // generic type is made at run time the first time, at every start.)
        var measuredKinds: [String] = []
        var blockHeight = 0
        let renderer = ControlRenderer(width: width, color: false)
        for element in elements where !measuredKinds.contains(element.kindName) {
            measuredKinds.append(element.kindName)
            blockHeight = max(blockHeight, renderer.lines(for: element).count)
        }
        screen = Screen(mode: mode, color: color, width: width, speechOnScreen: speechOnScreen, blockHeight: blockHeight,
                        escapes: escapes, editor: editor)
        layout = mode.layout
        self.editor = editor
        self.focused = focused
        self.startLine = startLine
    }

    /// Whether the display redraws above the prompt (full) or only appends lines.
    package var appendOnly: Bool { screen.appendOnly }
    /// Whether the cursor is at the start of an empty line.
    package var atLineStart: Bool { screen.atLineStart }

    /// The prompt for the focused control in this display mode.
    private var prompt: String { layout.prompt(focused: focused, cursorLine: cursorLine) }

    // MARK: The prompt's life

    /// The first lines, before the first reply: how to get help.
    package func begin() {
        screen.present(spoken: [], messages: [startLine], control: nil, changeLine: nil, promptActive: false)
    }

    /// The editor starts reading lines, with the prompt.
    package func startReading() {
        shownPrompt = prompt
        editor.startReading(prompt: shownPrompt)
        promptActive = true
    }

    /// Enter: the editor has moved past the entered line and draws the prompt itself once its
    /// handler returns (`promptReturns`).
    package func lineAccepted() {
        screen.lineAccepted()
        promptActive = false
    }

    /// The line handler is done and the session goes on: the prompt, for the control now focused.
    package func promptReturns() {
        setPrompt()
        promptActive = true
        // The editor draws the prompt on the line Enter left: that line is not empty any more,
        // and a later line goes below it, never after it on the same line.
        screen.promptDrawn()
    }

    /// No prompt is drawn again (quit, end of input, a pick decided).
    package func stopReading() {
        promptActive = false
        editor.stopReading()
    }

    private func setPrompt() {
        shownPrompt = prompt
        editor.setPrompt(shownPrompt)
    }

    // MARK: Replies

    package func receive(_ reply: inout OutgoingReply) {
        if let focus = reply.focused { focused = focus }
        if let transition = reply.transition { play(transition, elements: reply.elements, now: reply.now) }
        show(layout.update(for: reply, speechOnScreen: screen.speechOnScreen), now: reply.now)
    }

    private func show(_ update: ScreenUpdate, now: Double) {
        if let line = update.cursorLine { cursorLine = line }
        // The prompt names the focused control; set it before the redisplay below draws it.
        let promptChanged = promptActive && shownPrompt != prompt
        if promptChanged { setPrompt() }
        screen.present(spoken: update.shown, messages: update.read, control: update.drawsControl ? controlLines(now: now) : nil,
                       changeLine: update.changeLine, promptActive: promptActive, promptChanged: promptChanged, status: update.status,
                       newPromptLine: update.cursorLine != nil)
    }

    /// The control to draw: the one animating, or else the focused one.
    private func controlLines(now: Double) -> [String] {
        if let animation { return screen.renderer.lines(for: animation.element, frame: animation.frame(at: now)) }
        return screen.renderer.lines(for: focused)
    }

    // MARK: Motion

    private func play(_ transition: ElementTransition, elements: [AdjustableElement], now: Double) {
        // A new change cuts the running animation: it never queues behind it.
        guard screen.mode == .full, case .animated(let timeline) = transition.transition, transition.elementIndex < elements.count else {
            animation = nil
            return
        }
        animation = ControlAnimation(element: elements[transition.elementIndex], timeline: timeline, start: now)
    }

    /// Ctrl-C: what moves stops where it is.
    package func stopMotion() { animation = nil }

    package func deadline(now: Double) -> Double? { animation?.nextFrameTime }

    package func tick(now: Double) -> OutgoingReply? {
        guard var current = animation, let frame = current.advance(to: now) else { return nil }
        screen.redraw(screen.renderer.lines(for: current.element, frame: frame), promptActive: promptActive)
        animation = current.finished ? nil : current
        return nil
    }

    // MARK: The terminal

    /// The terminal changed size: measured again, and the full display drawn again.
    package func resize(width: Int) {
        editor.resizeTerminal()
        screen.resize(width: width)
        if screen.mode == .full { screen.drawWhole(control: controlLines(now: monotonicSeconds()), promptActive: promptActive) }
    }

    /// Ctrl-Z: the terminal goes back to the shell as it was found.
    package func suspend() {
        animation = nil
        editor.flush()
        Diagnostics.write("\n")
        editor.restoreTerminal()
    }

    /// Back from `fg`: the terminal is taken again and the control drawn afresh below whatever
    /// the shell wrote, never over it.
    package func resume() {
        editor.prepareTerminal()
        screen.forgetDrawing()
        if screen.mode == .full {
            screen.drawWhole(control: controlLines(now: monotonicSeconds()), promptActive: promptActive)
        } else if promptActive {
            screen.showPrompt()
        }
    }

    /// The last words of the session, then what went wrong at its end.
    package func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void) {
        if !ending.said.isEmpty { show(layout.update(for: OutgoingReply(spoken: ending.said, now: ending.now), speechOnScreen: screen.speechOnScreen), now: ending.now) }
        if !ending.problems.isEmpty {
            show(layout.update(for: OutgoingReply(messages: ending.problems.map { "sayline: \($0)" }, now: ending.now), speechOnScreen: screen.speechOnScreen),
                 now: ending.now)
        }
    }

    /// Every way out ends here: no prompt again, and the terminal as readline found it.
    package func close() {
        if editor.isReading { stopReading() }
        editor.restoreTerminal()
    }
}

/// A control's move being played in the full display: frames drawn at their times, late ones
/// skipped, so an animation never falls behind the clock.
struct ControlAnimation {
    /// The control as the move leaves it.
    let element: AdjustableElement
    let timeline: MotionTimeline
    let start: Double
    let frameTimes: [Double]
    /// The next frame to draw.
    var next = 0

    init(element: AdjustableElement, timeline: MotionTimeline, start: Double) {
        self.element = element
        self.timeline = timeline
        self.start = start
        frameTimes = timeline.frameTimes()
    }

    /// When the next frame is due.
    var nextFrameTime: Double? {
        frameTimes.isEmpty ? nil : start + frameTimes[min(next, frameTimes.count - 1)]
    }

    var finished: Bool { next >= frameTimes.count }

    /// The frame at a time since the start, for a drawing made between frames.
    func frame(at now: Double) -> MotionFrame { timeline.frame(at: now - start) }

    /// Moves past every frame due by `now`: the last of them, to draw, or nil when none is due.
    mutating func advance(to now: Double) -> MotionFrame? {
        var due = next
        while due < frameTimes.count && start + frameTimes[due] <= now { due += 1 }
        guard due > next else { return nil }
        next = due
        return timeline.frame(at: frameTimes[due - 1])
    }
}
