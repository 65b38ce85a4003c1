@preconcurrency import CReadline
import Glibc
import SaylineCore

/// The display channel: the drawn control above the prompt, help text, and animation frames,
/// all on the terminal (stderr), kept clear of readline's prompt and the typed text.
final class Screen {
    let plain: Bool
    private(set) var renderer: ControlRenderer
    /// Lines of the control drawn directly above the prompt, to erase before the next drawing.
    private var blockHeight = 0
    /// True when the cursor is at the start of an empty line: after Enter, or before the first prompt.
    var atLineStart = true
    /// True when announcements on stdout also land on this terminal.
    let speechOnScreen: Bool

    init(plain: Bool, color: Bool, width: Int, speechOnScreen: Bool) {
        self.plain = plain
        self.renderer = ControlRenderer(width: width, color: color && !plain)
        self.speechOnScreen = speechOnScreen
    }

    func resize(width: Int) {
        renderer = ControlRenderer(width: width, color: renderer.color)
    }

    /// The line readline's Enter left the cursor on is below the old drawing: leave it in the scrollback.
    func lineAccepted() {
        atLineStart = true
        blockHeight = 0
    }

    /// Shows what a reply produced: speech on stdout, messages and the control on the terminal.
    /// - Parameters:
    ///   - control: the lines of the control to draw, or nil to leave the drawing as it is.
    ///   - changeLine: in plain mode, the one line a change adds when speech is not on screen.
    func present(speech: () -> Void, messages: [String], control: [String]?, changeLine: String?, promptActive: Bool) {
        fflush(rl_outstream)
        if plain {
            if promptActive && !atLineStart { Diagnostics.write("\n") }
            speech()
            for message in messages { Diagnostics.write(message + "\n") }
            if let changeLine, !speechOnScreen { Diagnostics.write(changeLine + "\n") }
        } else {
            if promptActive {
                rl_clear_visible_line()
                fflush(rl_outstream)
            }
            eraseBlock()
            speech()
            for message in messages { Diagnostics.write(message + "\n") }
            if let control { draw(control) }
        }
        atLineStart = false
        if promptActive {
            rl_on_new_line()
            rl_redisplay()
        }
    }

    /// Redraws the control in place: one animation frame. Never called in plain mode.
    func redraw(_ control: [String], promptActive: Bool) {
        guard !plain else { return }
        fflush(rl_outstream)
        if promptActive {
            rl_clear_visible_line()
            fflush(rl_outstream)
        }
        eraseBlock()
        draw(control)
        if promptActive {
            rl_on_new_line()
            rl_redisplay()
        }
    }

    private func eraseBlock() {
        guard blockHeight > 0 else { return }
        // Up to the drawing's first line, then clear to the end of the screen.
        Diagnostics.write("\u{1B}[\(blockHeight)A\r\u{1B}[J")
        blockHeight = 0
    }

    private func draw(_ control: [String]) {
        Diagnostics.write(control.map { $0 + "\n" }.joined())
        blockHeight = control.count
    }
}
