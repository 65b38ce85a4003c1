/// The line editor as the interactive front uses it: the few operations it needs of GNU
/// readline, behind one seam, so the display modes and the loop can be driven in process by a
/// fake editor (the tests' `ScriptedLineEditor`) as well as by readline at a terminal.
///
/// The editor owns the prompt line: the text typed so far, the cursor in it, and the buffer
/// the terminal's bytes are written through, so that what Sayline draws and what readline
/// redraws go out together, in one write.
package protocol LineEditor: AnyObject {
    /// Who the editor calls back: keys bound to commands, finished lines, end of input.
    var client: (any LineEditorClient)? { get set }

    /// Binds Sayline's keys, then lets the person's inputrc win where it names Sayline.
    /// - Parameters:
    ///   - appendOnly: the display never redraws above the prompt (plain, screen reader).
    ///   - arrowsOnlyMoveTheCursor: Left and Right never step (BRLTTY's routing sends them).
    ///   - signalKeysAreKeys: Ctrl-C, Ctrl-Z and Ctrl-\ reach Sayline as bytes (a pick).
    func install(appendOnly: Bool, arrowsOnlyMoveTheCursor: Bool, signalKeysAreKeys: Bool)
    /// Holds what is written until the first prompt, so that it goes out in one write.
    func holdOutputUntilPrompt()
    /// Shows `prompt` and reads lines from now on.
    func startReading(prompt: String)
    /// Stops reading lines: no prompt is drawn again.
    func stopReading()
    /// True from the first prompt until `stopReading`, whatever the way out.
    var isReading: Bool { get }
    /// Bytes read from the keyboard, in order.
    func feed(_ bytes: ArraySlice<UInt8>)

    /// The prompt shown from the next redisplay on.
    func setPrompt(_ prompt: String)
    /// Drops the half-typed line (Ctrl-C).
    func clearLine()
    /// Adds text to the terminal's buffer.
    func write(_ text: String)
    /// Writes what the terminal's buffer holds.
    func flush()
    /// Draws the prompt and the line again: on a line of its own, or where it is.
    func redisplay(onNewLine: Bool)
    /// Clears the prompt line as it stands on the screen.
    func clearVisibleLine()
    /// The prompt and the text before the cursor, in terminal cells.
    var cellsBeforeCursor: Int { get }

    /// The terminal changed size.
    func resizeTerminal()
    /// Takes the terminal again (back from Ctrl-Z).
    func prepareTerminal()
    /// Puts the terminal back as it was found; safe to call more than once.
    func restoreTerminal()

    /// Bounds the history list and reads the file into it.
    func loadHistory(from path: String?, limit: Int32)
    /// The lines typed in this session, oldest first.
    var linesTypedThisSession: [String] { get }
}
