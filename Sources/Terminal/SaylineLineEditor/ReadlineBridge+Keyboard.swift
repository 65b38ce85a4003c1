@preconcurrency import CReadline
import Glibc
import SaylineSession

/// The keyboard's way in: the bytes the loop read, fed to readline as its keys, and the lines
/// readline hands back.
extension ReadlineBridge {
    /// Shows `prompt` and calls the line handler with each line typed from now on.
    package func startReading(prompt: String) {
        rl_callback_handler_install(prompt, Self.lineHandler)
        handlerInstalled = true
        // Readline's own setup has written what was held (its first flush); nothing is left
        // behind if it had nothing to write.
        holdingOutput = false
        fflush(rl_outstream)
        keepSignalKeys()
    }

    /// Stops reading lines: no new prompt is drawn after the handler that calls this returns.
    package func stopReading() {
        handlerInstalled = false
        pendingKeys.removeAll()
        rl_callback_handler_remove()
    }

    /// True from the first prompt until the line handler is removed, whatever the exit path.
    package var isReading: Bool { handlerInstalled }

    /// Gives readline the bytes the loop read from the keyboard, in order. Stops early when a
    /// line quits the session: what was typed after `quit` is not run. A pick's keys go by
    /// pick's rules first: the bridge says which key came, the pick decides what it means.
    package func feed(_ bytes: ArraySlice<UInt8>) {
        guard let client, client.escapeCancels else { return read(bytes) }
        switch PickRules.keyboard(bytes, lineIsEmpty: rl_end == 0) {
        case .cancel: client.cancel()
        case .interrupt: client.interruptKey()
        case .typed(let typed): read(typed[...])
        }
    }

    /// readline reads `bytes`, whole characters only, until they run out or reading stops.
    private func read(_ bytes: ArraySlice<UInt8>) {
        pendingKeys = keyboardText.accept(bytes)[...]
        // What the keys draw goes out in one write once they are read: Enter's line break and
        // the answer on the cursor line arrive together (`TerminalStream`).
        terminal.hold()
        defer { terminal.release() }
        while !pendingKeys.isEmpty && handlerInstalled {
            rl_callback_read_char()
        }
        pendingKeys.removeAll()
    }

    /// readline's source of keys: the bytes being fed, and only past their end (a bracketed
    /// paste that readline reads to its end marker in one call) the keyboard itself.
    func nextKey() -> Int32 {
        if let byte = pendingKeys.popFirst() { return Int32(byte) }
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count == 1 { return Int32(byte) }
            if count < 0 && errno == EINTR { continue }
            return EOF
        }
    }

    /// The handler readline calls with a finished line, or nil at end of input (Ctrl-D).
    static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
        guard let bridge = ReadlineBridge.installed else { return free(line) }
        bridge.lineRead(line)
    }

    private func lineRead(_ line: UnsafeMutablePointer<CChar>?) {
        guard let line else {
            client?.endOfInput()
            return
        }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: strlen(line)))
        if !bytes.isEmpty {
            add_history(line)
            linesAdded += 1
        }
        free(line)
        // A byte that was not UTF-8 was kept from readline: the line is not what was typed.
        let invalid = keyboardText.lineIsInvalid
        keyboardText.startLine()
        client?.acceptLine(invalid ? nil : bytes)
    }
}
