@preconcurrency import CReadline
import Glibc
import SaylineCore

/// readline's C callbacks cannot capture, so they reach the running REPL through this.
nonisolated(unsafe) var activeRepl: Repl?

/// Sets up readline: named functions users can rebind, default key bindings in every keymap,
/// completion, and the line handler.
enum ReadlineBridge {
    /// A named readline function, its default keys, and what it does on a non-empty line.
    struct Binding {
        let name: String
        let keys: [String]
        let function: KeyFunction
    }

    typealias KeyFunction = @convention(c) (Int32, Int32) -> Int32

    static let bindings: [Binding] = [
        Binding(name: "sayline-increment", keys: ["\u{1B}[A", "\u{1B}OA", "\u{1B}[C", "\u{1B}OC", "+"], function: { count, key in
            keyAction(count: count, .increment(Int(max(count, 1))), key: key) { count, key in
                switch UInt8(truncatingIfNeeded: key) {
                case UInt8(ascii: "A"): rl_get_previous_history(count, key)
                case UInt8(ascii: "C"): rl_forward_char(count, key)
                default: rl_insert(count, key)
                }
            }
        }),
        Binding(name: "sayline-decrement", keys: ["\u{1B}[B", "\u{1B}OB", "\u{1B}[D", "\u{1B}OD", "-"], function: { count, key in
            keyAction(count: count, .decrement(Int(max(count, 1))), key: key) { count, key in
                switch UInt8(truncatingIfNeeded: key) {
                case UInt8(ascii: "B"): rl_get_next_history(count, key)
                case UInt8(ascii: "D"): rl_backward_char(count, key)
                default: rl_insert(count, key)
                }
            }
        }),
        Binding(name: "sayline-page-up", keys: ["\u{1B}[5~"], function: { count, key in
            keyAction(count: count, .page(.up), key: key) { _, _ in rl_ding() }
        }),
        Binding(name: "sayline-page-down", keys: ["\u{1B}[6~"], function: { count, key in
            keyAction(count: count, .page(.down), key: key) { _, _ in rl_ding() }
        }),
        Binding(name: "sayline-minimum", keys: ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~"], function: { count, key in
            keyAction(count: count, .minimum, key: key) { count, key in rl_beg_of_line(count, key) }
        }),
        Binding(name: "sayline-maximum", keys: ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~"], function: { count, key in
            keyAction(count: count, .maximum, key: key) { count, key in rl_end_of_line(count, key) }
        }),
        Binding(name: "sayline-next", keys: ["\t"], function: { count, key in
            keyAction(count: count, .next, key: key) { count, key in rl_complete(count, key) }
        }),
        Binding(name: "sayline-previous", keys: ["\u{1B}[Z"], function: { count, key in
            keyAction(count: count, .previous, key: key) { _, _ in rl_ding() }
        }),
        Binding(name: "sayline-describe", keys: ["?"], function: { count, key in
            keyAction(count: count, .describe(nil), key: key) { count, key in rl_insert(count, key) }
        }),
    ]

    /// Registers the named functions, binds the defaults, then lets the user's inputrc win.
    static func install(appendOnly: Bool) {
        rl_readline_name = UnsafePointer(strdup("sayline"))
        // readline keeps these names by pointer: they must live as long as the process.
        for binding in bindings {
            rl_add_defun(UnsafePointer(strdup(binding.name)), binding.function, -1)
        }
        for mapName in ["emacs", "vi-insert", "vi-command"] {
            guard let map = rl_get_keymap_by_name(mapName) else { continue }
            for binding in bindings {
                // In vi command mode the letters keep their meaning; only the special keys are ours.
                for key in binding.keys where !(mapName == "vi-command" && (key == "+" || key == "-" || key == "?")) {
                    rl_bind_keyseq_in_map(key, binding.function, map)
                }
            }
        }
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        // The loop reads the keyboard itself and hands readline one byte at a time (`feed`):
        // readline's own read blocks, and a Ctrl-C that makes the kernel discard the bytes
        // poll had just seen would leave it blocked until the next key.
        rl_getc_function = { _ in ReadlineBridge.nextKey() }
        rl_input_available_hook = { ReadlineBridge.pendingKeys.isEmpty ? 0 : 1 }
        // One buffer for everything written to the terminal, flushed once per update: the
        // screen writes into it, readline adds its prompt and flushes at the end of its
        // redisplay, and a screen reader sees one change, never a half-drawn screen.
        if let display = fdopen(STDERR_FILENO, "w") {
            setvbuf(display, nil, _IOFBF, 1 << 16)
            rl_outstream = display
        }
        rl_attempted_completion_function = { text, _, _ in
            rl_attempted_completion_over = 1
            return rl_completion_matches(text, ReadlineBridge.completionGenerator)
        }
        // Reads ~/.inputrc (or $INPUTRC) now: the user's bindings replace the defaults above.
        rl_initialize()
        if appendOnly {
            rl_variable_bind("enable-bracketed-paste", "off")
        }
        // In callback mode readline hands the terminal back to the kernel's line discipline
        // before it calls the line handler, and takes it again only at the next prompt: keys
        // typed while a command's output is written would be echoed by the kernel into that
        // output, and a Ctrl-D would be an end of file that nobody reads. So the terminal
        // stays prepared from start to exit, and `restoreTerminal()` gives it back once.
        rl_deprep_term_function = nil
    }

    /// Stops reading lines: no new prompt is drawn after the handler that calls this returns.
    static func removeLineHandler() {
        handlerInstalled = false
        pendingKeys.removeAll()
        rl_callback_handler_remove()
    }

    /// Shows `prompt` and calls `lineHandler` with each line typed from now on.
    static func installLineHandler(prompt: String) {
        rl_callback_handler_install(prompt, lineHandler)
        handlerInstalled = true
    }

    /// True from the first prompt until the line handler is removed, whatever the exit path.
    static var isReadingLines: Bool { handlerInstalled }
    nonisolated(unsafe) private static var handlerInstalled = false
    /// The keyboard's bytes checked as UTF-8 (see `KeyboardText`).
    nonisolated(unsafe) private static var keyboardText = KeyboardText()

    /// Ctrl-C cleared the line: whatever was wrong with it is gone too.
    static func lineCleared() { keyboardText.startLine() }

    /// Bytes read from the keyboard that readline has not taken yet.
    nonisolated(unsafe) private static var pendingKeys: ArraySlice<UInt8> = []

    /// Gives readline the bytes the loop read from the keyboard, in order. Stops early when a
    /// line quits the session: what was typed after `quit` is not run.
    static func feed(_ bytes: ArraySlice<UInt8>) {
        pendingKeys = keyboardText.accept(bytes)[...]
        while !pendingKeys.isEmpty && handlerInstalled {
            rl_callback_read_char()
        }
        pendingKeys.removeAll()
    }

    /// readline's source of keys: the bytes being fed, and only past their end (a bracketed
    /// paste that readline reads to its end marker in one call) the keyboard itself.
    private static func nextKey() -> Int32 {
        if let byte = pendingKeys.popFirst() { return Int32(byte) }
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return Int32(byte) }
            if count < 0 && errno == EINTR { continue }
            return EOF
        }
    }

    /// Takes the terminal again after `restoreTerminal` (back from Ctrl-Z).
    static func prepareTerminal() {
        rl_prep_terminal(1)
    }

    /// Puts the terminal back as readline found it (cooked, echo on, bracketed paste off).
    /// Safe to call more than once: readline knows whether it prepared the terminal.
    static func restoreTerminal() {
        rl_deprep_terminal()
        fflush(rl_outstream)
    }

    nonisolated(unsafe) private static var completionCandidates: [String] = []

    static let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
        ReadlineBridge.nextCompletion(state: state)
    }

    private static func nextCompletion(state: Int32) -> UnsafeMutablePointer<CChar>? {
        if state == 0 {
            let point = Int(max(rl_point, 0))
            let before = rl_line_buffer.map { buffer in
                String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: point), as: UTF8.self)
            } ?? ""
            completionCandidates = activeRepl?.completions(for: before) ?? []
        }
        let index = Int(state)
        guard index < completionCandidates.count else { return nil }
        return strdup(completionCandidates[index])
    }

    /// Runs a command from a key on an empty line; with text on the line the key keeps
    /// readline's own meaning.
    private static func keyAction(count: Int32, _ command: Command, key: Int32,
                                  fallback: (Int32, Int32) -> Int32) -> Int32 {
        guard rl_end == 0 else { return fallback(count, key) }
        activeRepl?.perform(command)
        return 0
    }

    /// The handler readline calls with a finished line, or nil at end of input (Ctrl-D).
    static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
        guard let line else {
            activeRepl?.endOfInput()
            return
        }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: strlen(line)))
        if !bytes.isEmpty {
            add_history(line)
            History.added += 1
        }
        free(line)
        // A byte that was not UTF-8 was kept from readline: the line is not what was typed.
        let invalid = keyboardText.lineIsInvalid
        keyboardText.startLine()
        activeRepl?.acceptLine(invalid ? nil : bytes)
    }
}
