@preconcurrency import CReadline
import Glibc
import SaylineSession
import SaylineSystem

/// GNU readline, in callback mode, as the line editor the interactive loop drives.
package typealias GNUReadline = ReadlineBridge

/// GNU readline behind one object: the key bindings, the line handler, the prompt, redisplay,
/// the terminal's modes and the history list, and everything Sayline keeps of readline's
/// state. Nothing else in the program calls readline.
///
/// readline is one per process and calls back through C functions, which cannot capture: they
/// find the bridge installed last in `installed`, its one static. Everything else is the
/// bridge's own, here.
package final class ReadlineBridge: LineEditor {
    /// The bridge readline's callbacks reach: they are C functions and cannot capture it.
    nonisolated(unsafe) static var installed: ReadlineBridge?

    /// The loop the callbacks call: keys bound to commands, finished lines, end of input.
    package var client: (any LineEditorClient)?
    /// What Sayline's keys do with text on the line, as readline had them before binding.
    var keymapsBefore: KeymapsBeforeSayline?
    /// The functions readline knows by name, in the slots of `KeyFunctions.pool`.
    var functions: [NamedKeyFunction] = []
    /// Lines this session added to the history list, counted by the line handler.
    var linesAdded = 0
    /// While set, `flush` leaves the terminal's buffer to readline's next flush.
    var holdingOutput = false
    /// The stream everything drawn on the terminal passes through, held while keys are fed.
    let terminal = TerminalStream(descriptor: STDERR_FILENO)
    /// While picking, the terminal does not turn Ctrl-C into SIGINT (nor Ctrl-Z, Ctrl-\ into
    /// theirs). The signal would go to the whole foreground process group: to the shell
    /// script that ran `n=$(sayline pick …)` as well, which then ends however pick ends
    /// (bash gives up a script whose command substitution it was reading when SIGINT came).
    /// As a byte it ends pick alone, with a status the script can test (`PickRules.keyboard`).
    var signalKeysAreKeys = false
    /// True from the first prompt until the line handler is removed, whatever the exit path.
    var handlerInstalled = false
    /// The keyboard's bytes checked as UTF-8 (see `KeyboardText`).
    var keyboardText = KeyboardText()
    /// Bytes read from the keyboard that readline has not taken yet.
    var pendingKeys: ArraySlice<UInt8> = []
    /// What Tab offered for the text before the cursor, handed to readline one by one.
    var completionCandidates: [String] = []

    /// A bridge with nothing of readline's touched yet: `install` binds the keys.
    package init() {}

    /// The spellings of a key the key table names (`TerminalKey.all`), for the key reference.
    package static func spellings(of key: String) -> [KeySpelling] { TerminalKey.spellings(of: key) }

    /// Registers the named functions, binds the defaults, then lets the user's inputrc win.
    /// - Parameter arrowsOnlyMoveTheCursor: Left and Right never step (BRLTTY's routing sends them).
    /// - Parameter signalKeysAreKeys: Ctrl-C, Ctrl-Z and Ctrl-\ reach Sayline as bytes (a pick).
    package func install(appendOnly: Bool, arrowsOnlyMoveTheCursor: Bool, signalKeysAreKeys: Bool) {
        self.signalKeysAreKeys = signalKeysAreKeys
        rl_readline_name = UnsafePointer(strdup("sayline"))
        // A bridge installed after another (a test's) keeps the copies the first one took
        // before anything was bound.
        keymapsBefore = Self.installed?.keymapsBefore ?? KeymapsBeforeSayline.copied()
        Self.installed = self
        let made = KeyFunctions.made(from: KeyTable.all)
        functions = made.functions
        if !made.unbound.isEmpty {
            Diagnostics.write("sayline: not bound, the line editor has \(KeyFunctions.pool.count) key functions: \(made.unbound.joined(separator: ", "))\n")
        }
        let binder = KeyBinder(functions: functions)
        binder.register()
        let defaults = binder.defaults(arrowsOnlyMoveTheCursor: arrowsOnlyMoveTheCursor)
        for binding in defaults { binding.bind() }
        hookIntoReadline()
        KeyBinder.readInitFile(keeping: defaults)
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

    /// Where readline gets its keys, writes, completes, and what it does about signals.
    private func hookIntoReadline() {
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        // readline installs no signal handlers here (above), so setting them up and clearing
        // them around every byte fed to it did nothing but ask the kernel for the signal mask,
        // three times for an arrow key.
        rl_persistent_signal_handlers = 1
        // The loop reads the keyboard itself and hands readline one byte at a time (`feed`):
        // readline's own read blocks, and a Ctrl-C that makes the kernel discard the bytes
        // poll had just seen would leave it blocked until the next key.
        rl_getc_function = { _ in ReadlineBridge.installed?.nextKey() ?? EOF }
        rl_input_available_hook = { ReadlineBridge.installed?.pendingKeys.isEmpty == false ? 1 : 0 }
        // One buffer for everything written to the terminal, flushed once per update: the
        // screen writes into it, readline adds its prompt and flushes at the end of its
        // redisplay, and a screen reader sees one change, never a half-drawn screen. What a
        // batch of keys draws goes out in one write (`TerminalStream`).
        if let display = terminal.file { rl_outstream = display }
        rl_attempted_completion_function = { text, _, _ in
            rl_attempted_completion_over = 1
            return rl_completion_matches(text, ReadlineBridge.completionGenerator)
        }
    }

    /// The C functions of `KeyFunctions.pool` end here, with their slot.
    static func keyPressed(slot: Int, count: Int32, key: Int32) -> Int32 {
        installed?.keyPressed(slot: slot, count: count, key: key) ?? 0
    }

    /// A key bound to a Sayline function: on an empty line it runs the key table's command
    /// (with readline's count, so Alt-5 Up is five steps); with text on the line the key keeps
    /// its readline meaning.
    private func keyPressed(slot: Int, count: Int32, key: Int32) -> Int32 {
        guard rl_end == 0 else { return keymapsBefore?.runWithText(count, key) ?? rl_ding() }
        guard functions.indices.contains(slot) else { return 0 }
        switch functions[slot].action {
        case .cursorOnly: client?.arrowLeftToRouting()
        case .command(let command?): client?.perform(command.repeated(Int(count)))
        case .command(nil): break
        }
        return 0
    }

    /// While picking, the terminal sends Ctrl-C, Ctrl-Z and Ctrl-\ as bytes (`signalKeysAreKeys`).
    func keepSignalKeys() {
        guard signalKeysAreKeys else { return }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        settings.c_lflag &= ~tcflag_t(ISIG)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }

    /// Takes the terminal again after `restoreTerminal` (back from Ctrl-Z).
    package func prepareTerminal() {
        rl_prep_terminal(1)
        keepSignalKeys()
    }

    /// Puts the terminal back as readline found it (cooked, echo on, bracketed paste off).
    /// Safe to call more than once: readline knows whether it prepared the terminal.
    package func restoreTerminal() {
        rl_deprep_terminal()
        fflush(rl_outstream)
    }
}
