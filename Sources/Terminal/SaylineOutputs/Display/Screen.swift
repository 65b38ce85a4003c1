import Glibc
import SaylineText
import SaylineControls
import SaylineSession
import SaylineLineEditor
import SaylineCommandLine

/// The display channel: the drawn control above the prompt, lines a person should read, and
/// animation frames, all on the terminal (stderr), kept clear of readline's prompt and the
/// typed text.
///
/// A screen reader speaks every change it sees, so every update here is one `write` (the
/// screen is never seen half drawn), a frame the same as what is on screen is not written,
/// and a frame rewrites only the changed lines above the prompt with the cursor saved and
/// restored: the prompt line and the half-typed input are never cleared or reprinted by it.
package final class Screen {
    package let mode: DisplayMode
    package private(set) var renderer: ControlRenderer
    /// The lines of the control now on screen, directly above the prompt.
    private var drawn: [String] = []
    /// Every control is drawn this many lines tall, so a focus change rewrites lines in place.
    private let blockHeight: Int
    /// True when the cursor is at the start of an empty line: after Enter, or before the first prompt.
    package var atLineStart = true
    /// True when announcements on stdout also land on this terminal: then they are written
    /// here, in the same write as the drawing, and not on stdout as well.
    package let speechOnScreen: Bool
    /// In the full display with speech on this terminal, the last value change is shown on a
    /// line of its own at the top of the drawing and rewritten in place, so a change never
    /// pushes the prompt down or draws it again.
    private var status = ""
    /// How the screen moves to the start of the next line: carriage return and index (ESC D),
    /// not a line feed. The kernel hands a line feed written to a terminal to the reading side
    /// on its own (it becomes CR LF there), so a screen reader reading a pseudo-terminal could
    /// see an update cut at each line and say "blank" for a cursor line not yet written; with
    /// no line feed in it, an update arrives whole. A dumb terminal gets line feeds.
    private let newline: String
    /// The prompt line's owner, whose buffer every write goes through.
    private let editor: any LineEditor

    package init(mode: DisplayMode, color: Bool, width: Int, speechOnScreen: Bool, blockHeight: Int, escapes: Bool = true,
                 editor: any LineEditor) {
        self.mode = mode
        self.editor = editor
        self.newline = escapes ? "\r\u{1B}D" : "\n"
        self.renderer = ControlRenderer(width: width, color: color && mode == .full)
        self.speechOnScreen = speechOnScreen
        self.blockHeight = blockHeight
    }

    package var appendOnly: Bool { mode != .full }

    package func resize(width: Int) {
        renderer = ControlRenderer(width: width, color: renderer.color)
    }

    /// After Ctrl-Z and `fg` the shell has written below the drawing: it is left where it is,
    /// and the next drawing starts afresh on a new line.
    package func forgetDrawing() {
        drawn = []
        atLineStart = true
    }

    /// Puts the prompt back on a line of its own.
    package func showPrompt() {
        editor.redisplay(onNewLine: true)
        editor.flush()
    }

    /// The line readline's Enter left the cursor on is below the old drawing: leave it in the scrollback.
    package func lineAccepted() {
        atLineStart = true
        drawn = []
    }

    /// The editor has put the prompt back on the cursor's line.
    package func promptDrawn() {
        atLineStart = false
    }

    /// Shows what a reply produced.
    /// - Parameters:
    ///   - spoken: announcements to show, when they belong on the terminal (speech on screen,
    ///     or the screen-reader display, which shows every spoken line).
    ///   - messages: display text such as help.
    ///   - control: the control to draw (full display), or nil to leave the drawing as it is.
    ///   - changeLine: in the plain display, the line a change adds when speech is elsewhere.
    ///   - promptChanged: the prompt's text changed (focus moved): readline redraws it, in the same write.
    ///   - status: a value change to show on the drawing's status line instead of above it.
    ///   - newPromptLine: the prompt itself says something new (the screen-reader display's
    ///     cursor line): it goes on a line of its own even when nothing else is written.
    package func present(spoken: [String], messages: [String], control: [String]?, changeLine: String?, promptActive: Bool,
                 promptChanged: Bool = false, status newStatus: String? = nil, newPromptLine: Bool = false) {
        if let newStatus { status = newStatus }
        var lines = spoken
        if let changeLine { lines.append(changeLine) }
        lines += messages
        if appendOnly {
            guard !lines.isEmpty || (newPromptLine && promptActive) else { return }
            // Lines a screen reader reads one at a time: broken between words to fit, never
            // inside one by the terminal ("adj, ustable").
            lines = lines.flatMap { line in
                line.isEmpty ? [line] : TextLayout.wrap(line, indent: 0, width: renderer.columns).split(separator: "\n").map(String.init)
            }
            // Below the prompt line, which stays in the scrollback as it was.
            let out = (promptActive && !atLineStart ? newline : "") + lines.map { $0 + newline }.joinedText()
            emit(out, thenPrompt: promptActive)
            atLineStart = false
            return
        }
        if lines.isEmpty {
            guard let control else { return }
            if !drawn.isEmpty {
                redraw(control, promptActive: promptActive, promptChanged: promptChanged)
                return
            }
        }
        drawWhole(lines: lines, control: control, promptActive: promptActive)
    }

    /// New lines go above the drawing: clear the prompt line and the drawing, write the lines,
    /// draw the control again and let readline put the prompt back, all in one write. Also
    /// after a resize, when the terminal may have moved what was drawn.
    package func drawWhole(lines: [String] = [], control: [String]?, promptActive: Bool) {
        // What the status line said is now above it, in the scrollback, or out of date.
        if !lines.isEmpty { status = "" }
        if promptActive { editor.clearVisibleLine() }
        var out = "\r"
        if !drawn.isEmpty { out += "\u{1B}[\(drawn.count)A\r\u{1B}[J" }
        out += lines.map { $0 + newline }.joinedText()
        let block = control.map(padded) ?? drawn
        out += block.map { $0 + newline }.joinedText()
        drawn = block
        emit(out, thenPrompt: promptActive)
        atLineStart = false
    }

    /// One animation frame, or the control after a change: rewrites the lines that differ,
    /// in place. Not written when nothing differs, nor when the terminal is not taking output
    /// (a frame that cannot be written at once is dropped, never queued behind).
    package func redraw(_ control: [String], promptActive: Bool, promptChanged: Bool = false) {
        guard !appendOnly else { return }
        let block = padded(control)
        guard !drawn.isEmpty else {
            drawWhole(control: control, promptActive: promptActive)
            return
        }
        guard block != drawn else {
            if promptChanged { emit("", thenPrompt: false, redisplayPrompt: true) }
            return
        }
        guard terminalTakesOutput() else { return }
        // From the cursor's row up to the drawing's first line; the cursor may sit on a later
        // row of a prompt line that wraps.
        let cursorRow = promptActive ? cursorRow(width: renderer.width + 1) : 0
        var out = "\u{1B}7\u{1B}[\(drawn.count + cursorRow)A"
        var row = 0
        for (index, line) in block.enumerated() where line != drawn[index] {
            if index > row { out += "\u{1B}[\(index - row)B" }
            out += "\r" + line + "\u{1B}[K"
            row = index
        }
        out += "\u{1B}8"
        drawn = block
        emit(out, thenPrompt: false, redisplayPrompt: promptChanged)
    }

    /// Every control drawn the same height, blank lines at the top.
    private func padded(_ control: [String]) -> [String] {
        let lines = control.count >= blockHeight ? control : Array(repeating: "", count: blockHeight - control.count) + control
        return speechOnScreen ? [status] + lines : lines
    }

    /// Writes `text` to the terminal with what readline has buffered, in one write; with the
    /// prompt, readline's redisplay adds it to the same buffer and flushes.
    /// `redisplayPrompt`: readline updates the prompt line where it is, writing only what changed.
    private func emit(_ text: String, thenPrompt: Bool, redisplayPrompt: Bool = false) {
        editor.write(text)
        if thenPrompt || redisplayPrompt { editor.redisplay(onNewLine: thenPrompt) }
        editor.flush()
    }

    /// The row of the prompt line the cursor is on, counted from the prompt's first row.
    /// Counted in terminal cells: a wide character in a control's id or the typed text takes two.
    private func cursorRow(width: Int) -> Int {
        editor.cellsBeforeCursor / max(width, 1)
    }

    private func terminalTakesOutput() -> Bool {
        var entry = pollfd(fd: STDERR_FILENO, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
    }
}
