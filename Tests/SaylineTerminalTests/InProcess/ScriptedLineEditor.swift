import SaylineCore
import SaylineLineEditor

/// A line editor for tests of the terminal layer in process: it keeps the bytes each flush
/// would write to the terminal, the prompt and the typed line, and hands keys and lines to its
/// client as readline's callbacks do, without a terminal.
final class ScriptedLineEditor: LineEditor {
    var client: (any LineEditorClient)?
    /// Each write the terminal would get: what was buffered at each flush that had something.
    private(set) var writes: [String] = []
    /// The prompt as last set.
    private(set) var prompt = ""
    /// The text typed on the line so far.
    private(set) var line = ""
    private(set) var isReading = false
    private(set) var installed: (appendOnly: Bool, arrowsOnlyMoveTheCursor: Bool, signalKeysAreKeys: Bool)?
    private(set) var terminalRestored = false
    private var buffer = ""
    private var holding = false

    func install(appendOnly: Bool, arrowsOnlyMoveTheCursor: Bool, signalKeysAreKeys: Bool) {
        installed = (appendOnly, arrowsOnlyMoveTheCursor, signalKeysAreKeys)
    }

    func holdOutputUntilPrompt() { holding = true }

    func startReading(prompt: String) {
        self.prompt = prompt
        isReading = true
        holding = false
        buffer += prompt
        flush()
    }

    func stopReading() { isReading = false }

    /// Printable bytes go on the line; Enter hands the line over; Ctrl-D on an empty line ends input.
    func feed(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes where isReading {
            switch byte {
            case 0x0D, 0x0A:
                let entered = Array(line.utf8)
                line = ""
                buffer += "\n"
                client?.acceptLine(entered)
                if isReading { redisplay(onNewLine: true) }
                flush()
            case 0x04 where line.isEmpty:
                client?.endOfInput()
            default:
                line += String(decoding: [byte], as: UTF8.self)
            }
        }
    }

    /// A key bound to a command, pressed on an empty line, as readline's binding runs it.
    func press(_ command: Command) { client?.perform(command) }

    func setPrompt(_ prompt: String) { self.prompt = prompt }
    func clearLine() { line = "" }
    func write(_ text: String) { buffer += text }

    func flush() {
        guard !holding, !buffer.isEmpty else { return }
        writes.append(buffer)
        buffer = ""
    }

    func redisplay(onNewLine: Bool) { buffer += (onNewLine ? "" : "\r") + prompt + line }
    func clearVisibleLine() { buffer += "\r\u{1B}[K" }
    var cellsBeforeCursor: Int { prompt.count + line.count }
    func resizeTerminal() {}
    func prepareTerminal() { terminalRestored = false }
    func restoreTerminal() { terminalRestored = true }
    func loadHistory(from path: String?, limit: Int32) {}
    var linesTypedThisSession: [String] { [] }

    /// Everything written, as one text.
    var screen: String { writes.joined() }
}
