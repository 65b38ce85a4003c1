@preconcurrency import CReadline
import Glibc
import SaylineText

/// The prompt line and the terminal's buffer: what Sayline writes goes through readline's
/// output stream, so that it and readline's redisplay go out together, in one write.
extension ReadlineBridge {
    /// What is written before the first prompt (the display's first line, the greeting) goes
    /// out with readline's setup of the terminal, in one write, not one write each: every
    /// write wakes whatever reads the terminal, and at start each took its turn on the CPU.
    package func holdOutputUntilPrompt() {
        holdingOutput = true
    }

    /// The prompt readline shows from the next redisplay on.
    package func setPrompt(_ prompt: String) {
        rl_set_prompt(prompt)
    }

    /// Ctrl-C: the half-typed line and any half-read key sequence are dropped, and whatever
    /// was wrong with the line is gone too.
    package func clearLine() {
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_replace_line("", 0)
        keyboardText.startLine()
        rl_point = 0
        rl_end = 0
    }

    /// The terminal changed size: readline measures it again.
    package func resizeTerminal() {
        rl_resize_terminal()
    }

    /// Adds text to the terminal's buffer, which readline's redisplay also writes into.
    package func write(_ text: String) {
        fputs(text, rl_outstream)
    }

    /// Writes what the terminal's buffer holds.
    package func flush() {
        if !holdingOutput { fflush(rl_outstream) }
    }

    /// Draws the prompt and the line again: on a line of its own (`onNewLine`), or where it
    /// is, writing only what changed.
    package func redisplay(onNewLine: Bool) {
        if onNewLine { rl_on_new_line() }
        rl_redisplay()
    }

    /// Clears the prompt line as it stands on the screen.
    package func clearVisibleLine() {
        rl_clear_visible_line()
    }

    /// The prompt and the text before the cursor, in terminal cells.
    package var cellsBeforeCursor: Int {
        let prompt = rl_prompt.map { TerminalCells.width(of: String(cString: $0)) } ?? 0
        return prompt + TerminalCells.width(of: textBeforeCursor)
    }

    /// The typed text before the cursor.
    var textBeforeCursor: String {
        let point = Int(max(rl_point, 0))
        return rl_line_buffer.map { buffer in
            String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: point), as: UTF8.self)
        } ?? ""
    }
}
