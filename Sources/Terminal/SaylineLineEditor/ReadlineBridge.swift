@preconcurrency import CReadline
import Glibc
import SaylineText
import SaylineSession

/// GNU readline, behind one file: the key bindings, the line handler, the prompt, redisplay,
/// the terminal's modes and the history list. Nothing else in the program calls readline.
package enum ReadlineBridge {
    typealias KeyFunction = @convention(c) (Int32, Int32) -> Int32

    /// How terminals spell a key the key table names, and the readline function the key keeps
    /// when the line has text (nil rings the bell).
    package struct Spelling {
        package let sequence: String
        package let withText: String?
    }

    /// The spellings of a key the key table names. A switch, not a dictionary, as the callbacks
    /// below: both are read at every start, and a dictionary's generic type is made at run time
    /// on its first use, which was a tenth of the time to the first prompt.
    package static func spellings(of key: String) -> [Spelling] {
        switch key {
        case "Up": return [Spelling(sequence: "\u{1B}[A", withText: "previous-history"), Spelling(sequence: "\u{1B}OA", withText: "previous-history")]
        case "Down": return [Spelling(sequence: "\u{1B}[B", withText: "next-history"), Spelling(sequence: "\u{1B}OB", withText: "next-history")]
        case "Right": return [Spelling(sequence: "\u{1B}[C", withText: "forward-char"), Spelling(sequence: "\u{1B}OC", withText: "forward-char")]
        case "Left": return [Spelling(sequence: "\u{1B}[D", withText: "backward-char"), Spelling(sequence: "\u{1B}OD", withText: "backward-char")]
        case "+": return [Spelling(sequence: "+", withText: "self-insert")]
        case "-": return [Spelling(sequence: "-", withText: "self-insert")]
        case "?": return [Spelling(sequence: "?", withText: "self-insert")]
        case "Page Up": return [Spelling(sequence: "\u{1B}[5~", withText: nil)]
        case "Page Down": return [Spelling(sequence: "\u{1B}[6~", withText: nil)]
        // Terminfo's khome and kend: xterm and VTE send \e[H or \eOH (normal or application
        // cursor mode), the Linux console, screen and tmux \e[1~, rxvt \e[7~.
        case "Home": return ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"].map { Spelling(sequence: $0, withText: "beginning-of-line") }
        case "End": return ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"].map { Spelling(sequence: $0, withText: "end-of-line") }
        case "Tab": return [Spelling(sequence: "\t", withText: "complete")]
        // Terminfo's kcbt: \e[Z, but Escape Tab on the Linux console (readline's tab-insert).
        case "Shift-Tab": return [Spelling(sequence: "\u{1B}[Z", withText: nil), Spelling(sequence: "\u{1B}\t", withText: "tab-insert")]
        default: return []
        }
    }

    /// The keys that have spellings, in the key table's words.
    static let spelledKeys = ["Up", "Down", "Right", "Left", "+", "-", "?", "Page Up", "Page Down", "Home", "End", "Tab", "Shift-Tab"]

    /// readline's callbacks are C functions and cannot capture: one per entry of the key table
    /// that names a function, each passing its entry's function name on.
    private static func callback(named name: String) -> KeyFunction? {
        switch name {
        case "sayline-increment": return { ReadlineBridge.keyPressed("sayline-increment", $0, $1) }
        case "sayline-decrement": return { ReadlineBridge.keyPressed("sayline-decrement", $0, $1) }
        case "sayline-page-up": return { ReadlineBridge.keyPressed("sayline-page-up", $0, $1) }
        case "sayline-page-down": return { ReadlineBridge.keyPressed("sayline-page-down", $0, $1) }
        case "sayline-minimum": return { ReadlineBridge.keyPressed("sayline-minimum", $0, $1) }
        case "sayline-maximum": return { ReadlineBridge.keyPressed("sayline-maximum", $0, $1) }
        case "sayline-next": return { ReadlineBridge.keyPressed("sayline-next", $0, $1) }
        case "sayline-previous": return { ReadlineBridge.keyPressed("sayline-previous", $0, $1) }
        case "sayline-describe": return { ReadlineBridge.keyPressed("sayline-describe", $0, $1) }
        case routingFunction: return { ReadlineBridge.keyPressed(ReadlineBridge.routingFunction, $0, $1) }
        default: return nil
        }
    }

    /// What Left and Right do while BRLTTY reviews the screen and Sayline does not hold the
    /// braille display: on an empty line they say why they do not step, with text they move
    /// the cursor. BRLTTY's routing keys move the cursor by sending arrows, so a step there
    /// would change the value under the reader's finger. (Holding the display through
    /// BrlAPI, Sayline gets the routing keys themselves, and the arrows step.)
    private static let routingFunction = "sayline-cursor-only"

    /// The keymaps as readline had them before Sayline bound anything: what a key the user
    /// bound to a Sayline function does when the line has text.
    nonisolated(unsafe) private static var pristine: [(name: String, map: Keymap)] = []

    /// The loop readline's callbacks reach: they are C functions and cannot capture it.
    package nonisolated(unsafe) static var client: (any LineEditorClient)?

    /// Lines this session added to the history list, counted by the line handler.
    nonisolated(unsafe) package private(set) static var linesAdded = 0

    /// Registers the named functions, binds the defaults, then lets the user's inputrc win.
    /// - Parameter arrowsOnlyMoveTheCursor: Left and Right never step (BRLTTY's routing sends them).
    /// - Parameter signalKeysAreKeys: Ctrl-C, Ctrl-Z and Ctrl-\ reach Sayline as bytes (a pick).
    package static func install(appendOnly: Bool, arrowsOnlyMoveTheCursor: Bool = false, signalKeysAreKeys: Bool = false) {
        self.signalKeysAreKeys = signalKeysAreKeys
        rl_readline_name = UnsafePointer(strdup("sayline"))
        for mapName in ["emacs", "vi-insert", "vi-command"] {
            if let map = rl_get_keymap_by_name(mapName) { pristine.append((mapName, deepCopy(map, depth: 0))) }
        }
        // readline keeps these names by pointer: they must live as long as the process.
        for name in KeyTable.all.compactMap(\.function) + [routingFunction] {
            guard let function = callback(named: name) else { continue }
            rl_add_defun(UnsafePointer(strdup(name)), function, -1)
        }
        // Each key's spellings and the function they call, worked out once for the three keymaps.
        var sequences: [String] = []
        var functions: [KeyFunction] = []
        for key in KeyTable.all {
            guard let name = key.function else { continue }
            for keyName in key.keys {
                let inert = arrowsOnlyMoveTheCursor && (keyName == "Left" || keyName == "Right")
                guard let function = callback(named: inert ? routingFunction : name) else { continue }
                for spelling in spellings(of: keyName) {
                    sequences.append(spelling.sequence)
                    functions.append(function)
                }
            }
        }
        var defaults: [DefaultBinding] = []
        for mapName in ["emacs", "vi-insert", "vi-command"] {
            guard let map = rl_get_keymap_by_name(mapName) else { continue }
            for (sequence, function) in zip(sequences, functions) {
                // In vi command mode a printable key is a command of its own; only the special
                // keys are ours there.
                if mapName == "vi-command" && sequence.utf8.count == 1 && sequence != "\t" { continue }
                defaults.append(DefaultBinding(map: map, sequence: sequence, function: function))
            }
        }
        for binding in defaults { binding.bind() }
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        // readline installs no signal handlers here (above), so setting them up and clearing
        // them around every byte fed to it did nothing but ask the kernel for the signal mask,
        // three times for an arrow key.
        rl_persistent_signal_handlers = 1
        // The loop reads the keyboard itself and hands readline one byte at a time (`feed`):
        // readline's own read blocks, and a Ctrl-C that makes the kernel discard the bytes
        // poll had just seen would leave it blocked until the next key.
        rl_getc_function = { _ in ReadlineBridge.nextKey() }
        rl_input_available_hook = { ReadlineBridge.pendingKeys.isEmpty ? 0 : 1 }
        // One buffer for everything written to the terminal, flushed once per update: the
        // screen writes into it, readline adds its prompt and flushes at the end of its
        // redisplay, and a screen reader sees one change, never a half-drawn screen.
        if let display = terminal.file { rl_outstream = display }
        rl_attempted_completion_function = { text, _, _ in
            rl_attempted_completion_over = 1
            return rl_completion_matches(text, ReadlineBridge.completionGenerator)
        }
        readInitFile(keeping: defaults)
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

    /// One of Sayline's default bindings: a key's spelling in one keymap and its function.
    struct DefaultBinding {
        let map: Keymap
        let sequence: String
        let function: KeyFunction

        func bind() { rl_bind_keyseq_in_map(sequence, function, map) }

        /// What the spelling is bound to in the keymap now.
        var current: KeyBinding { KeyBinding(of: sequence, in: map) }
        var isCurrent: Bool { current == KeyBinding(function: function) }
    }

    /// What a key sequence runs in a keymap: a function, a macro's text, or a prefix.
    struct KeyBinding: Equatable {
        let type: Int32
        let function: UnsafeRawPointer?
        let macro: String?

        init(function: KeyFunction) {
            type = ISFUNC
            self.function = unsafeBitCast(function, to: UnsafeRawPointer.self)
            macro = nil
        }

        init(of sequence: String, in map: Keymap) {
            var type: Int32 = 0
            let pointer = rl_function_of_keyseq(sequence, map, &type).map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
            self.type = type
            // A macro is bound as a copy of its text: the same macro read twice is two copies.
            macro = type == ISMACR ? pointer.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } : nil
            function = type == ISMACR ? nil : pointer
        }
    }

    /// Reads the user's init file so that their `$if sayline` lines win, while lines meant for
    /// every program (Debian's /etc/inputrc binds \e[1~ and \e[4~, Home and End on the Linux
    /// console, screen and tmux, to beginning- and end-of-line) do not take Sayline's keys.
    ///
    /// readline cannot say which line bound a key, so the file is read twice: first under a
    /// name no `$if` names, which shows what the lines for every program do to each of
    /// Sayline's keys, then as `sayline`. A key whose binding after the second read is the
    /// one the first read gave (and not Sayline's) was taken by a line for every program: it
    /// gets Sayline's function back. One the `$if sayline` lines bound otherwise is the
    /// person's choice and stays.
    private static func readInitFile(keeping defaults: [DefaultBinding]) {
        let name = rl_readline_name
        rl_readline_name = UnsafePointer(strdup("sayline(every program)"))
        // The first read: readline reads $INPUTRC, else ~/.inputrc, else /etc/inputrc.
        rl_initialize()
        let forEveryProgram = defaults.map(\.current)
        for binding in defaults { binding.bind() }
        rl_readline_name = name
        // The same file again (readline keeps its name), and the keymap of the editing mode, as
        // rl_initialize leaves it.
        rl_re_read_init_file(0, 0)
        for (binding, general) in zip(defaults, forEveryProgram) where !binding.isCurrent && binding.current == general {
            binding.bind()
        }
    }

    /// Stops reading lines: no new prompt is drawn after the handler that calls this returns.
    package static func removeLineHandler() {
        handlerInstalled = false
        pendingKeys.removeAll()
        rl_callback_handler_remove()
    }

    /// Shows `prompt` and calls `lineHandler` with each line typed from now on.
    package static func installLineHandler(prompt: String) {
        rl_callback_handler_install(prompt, lineHandler)
        handlerInstalled = true
        // Readline's own setup has written what was held (its first flush); nothing is left
        // behind if it had nothing to write.
        holdingOutput = false
        fflush(rl_outstream)
        keepSignalKeys()
    }

    nonisolated(unsafe) private static let terminal = TerminalStream(descriptor: STDERR_FILENO)

    /// While set, `flush` leaves the terminal's buffer to readline's next flush.
    nonisolated(unsafe) private static var holdingOutput = false

    /// What is written before the first prompt (the display's first line, the greeting) goes
    /// out with readline's setup of the terminal, in one write, not one write each: every
    /// write wakes whatever reads the terminal, and at start each took its turn on the CPU.
    package static func holdOutputUntilLineHandler() {
        holdingOutput = true
    }

    /// While picking, the terminal does not turn Ctrl-C into SIGINT (nor Ctrl-Z, Ctrl-\ into
    /// theirs). The signal would go to the whole foreground process group: to the shell
    /// script that ran `n=$(sayline pick …)` as well, which then ends however pick ends
    /// (bash gives up a script whose command substitution it was reading when SIGINT came).
    /// As a byte it ends pick alone, with a status the script can test, as in fzf.
    nonisolated(unsafe) private(set) package static var signalKeysAreKeys = false

    private static func keepSignalKeys() {
        guard signalKeysAreKeys else { return }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        settings.c_lflag &= ~tcflag_t(ISIG)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }

    /// True from the first prompt until the line handler is removed, whatever the exit path.
    package static var isReadingLines: Bool { handlerInstalled }
    nonisolated(unsafe) private static var handlerInstalled = false
    /// The keyboard's bytes checked as UTF-8 (see `KeyboardText`).
    nonisolated(unsafe) private static var keyboardText = KeyboardText()

    /// Ctrl-C cleared the line: whatever was wrong with it is gone too.
    static func lineCleared() { keyboardText.startLine() }

    /// Bytes read from the keyboard that readline has not taken yet.
    nonisolated(unsafe) private static var pendingKeys: ArraySlice<UInt8> = []

    /// Gives readline the bytes the loop read from the keyboard, in order. Stops early when a
    /// line quits the session: what was typed after `quit` is not run.
    package static func feed(_ bytes: ArraySlice<UInt8>) {
        // A lone Escape, read by itself (a terminal sends an arrow's bytes together), cancels a
        // pick when nothing is typed; with text on the line it is readline's as ever.
        if bytes.count == 1, bytes.first == 0x1B, rl_end == 0, let client, client.escapeCancels {
            client.cancel()
            return
        }
        // Ctrl-C as a key ends a pick, typed text and all; Ctrl-Z and Ctrl-\ do nothing there.
        if signalKeysAreKeys, let client {
            if bytes.contains(0x03) {
                client.interruptKey()
                return
            }
            if bytes.contains(where: { $0 == 0x1A || $0 == 0x1C }) {
                feed(bytes.filter { $0 != 0x1A && $0 != 0x1C }[...])
                return
            }
        }
        pendingKeys = keyboardText.accept(bytes)[...]
        // What a batch of keys draws goes out in one write (`TerminalStream`).
        terminal.hold()
        defer { terminal.release() }
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
    package static func prepareTerminal() {
        rl_prep_terminal(1)
        keepSignalKeys()
    }

    /// Puts the terminal back as readline found it (cooked, echo on, bracketed paste off).
    /// Safe to call more than once: readline knows whether it prepared the terminal.
    package static func restoreTerminal() {
        rl_deprep_terminal()
        fflush(rl_outstream)
    }

    // MARK: The prompt line and redisplay

    /// The prompt readline shows from the next redisplay on.
    package static func setPrompt(_ prompt: String) {
        rl_set_prompt(prompt)
    }

    /// Ctrl-C: the half-typed line and any half-read key sequence are dropped.
    package static func clearLine() {
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_replace_line("", 0)
        lineCleared()
        rl_point = 0
        rl_end = 0
    }

    /// The terminal changed size: readline measures it again.
    package static func resizeTerminal() {
        rl_resize_terminal()
    }

    /// Adds text to the terminal's buffer, which readline's redisplay also writes into.
    package static func write(_ text: String) {
        fputs(text, rl_outstream)
    }

    /// Writes what the terminal's buffer holds.
    package static func flush() {
        if !holdingOutput { fflush(rl_outstream) }
    }

    /// Draws the prompt and the line again: on a line of its own (`onNewLine`), or where it
    /// is, writing only what changed.
    package static func redisplay(onNewLine: Bool) {
        if onNewLine { rl_on_new_line() }
        rl_redisplay()
    }

    /// Clears the prompt line as it stands on the screen.
    package static func clearVisibleLine() {
        rl_clear_visible_line()
    }

    /// The prompt and the text before the cursor, in terminal cells.
    package static var cellsBeforeCursor: Int {
        let prompt = rl_prompt.map { TerminalCells.width(of: String(cString: $0)) } ?? 0
        return prompt + TerminalCells.width(of: textBeforeCursor)
    }

    /// The typed text before the cursor.
    static var textBeforeCursor: String {
        let point = Int(max(rl_point, 0))
        return rl_line_buffer.map { buffer in
            String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: point), as: UTF8.self)
        } ?? ""
    }

    // MARK: History

    /// Bounds the history list and reads the file into it (a missing file is a first run).
    static func loadHistory(from path: String?, limit: Int32) {
        stifle_history(limit)
        if let path { _ = read_history(path) }
    }

    /// The last `count` lines of the history list.
    static func lastHistoryLines(_ count: Int) -> [String] {
        guard let list = history_list() else { return [] }
        var entries: [String] = []
        var index = 0
        while let entry = list[index] {
            entries.append(entry.pointee.line.map { String(cString: $0) } ?? "")
            index += 1
        }
        return Array(entries.suffix(count))
    }

    nonisolated(unsafe) private static var completionCandidates: [String] = []

    static let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
        ReadlineBridge.nextCompletion(state: state)
    }

    private static func nextCompletion(state: Int32) -> UnsafeMutablePointer<CChar>? {
        if state == 0 {
            completionCandidates = client?.completions(for: textBeforeCursor) ?? []
        }
        let index = Int(state)
        guard index < completionCandidates.count else { return nil }
        return strdup(completionCandidates[index])
    }

    /// A keymap with its prefix keymaps (`\C-x`, Esc) copied too: readline's own copy shares
    /// them, and a binding the user makes later under a prefix would show in the copy.
    private static func deepCopy(_ map: Keymap, depth: Int) -> Keymap {
        guard let copy = rl_copy_keymap(map) else { return map }
        // Prefixes nest one or two deep in practice; the bound keeps a cycle from recursing.
        guard depth < 4 else { return copy }
        for index in 0..<Int(KEYMAP_SIZE) where copy[index].type == CChar(ISKMAP) {
            guard let prefix = copy[index].function else { continue }
            let inner = deepCopy(unsafeBitCast(prefix, to: Keymap.self), depth: depth + 1)
            // The entry holds the inner keymap where a function would be: written as a pointer.
            guard let offset = MemoryLayout<KEYMAP_ENTRY>.offset(of: \KEYMAP_ENTRY.function) else { continue }
            UnsafeMutableRawPointer(copy.advanced(by: index)).storeBytes(of: UnsafeMutableRawPointer(inner), toByteOffset: offset,
                                                                          as: UnsafeMutableRawPointer.self)
        }
        return copy
    }

    /// A key bound to a Sayline function: on an empty line it runs the key table's command
    /// (with readline's count, so Alt-5 Up is five steps); with text on the line the key keeps
    /// its readline meaning.
    private static func keyPressed(_ function: String, _ count: Int32, _ key: Int32) -> Int32 {
        guard rl_end == 0 else { return withText(count, key) }
        if function == routingFunction {
            client?.arrowLeftToRouting()
            return 0
        }
        guard let command = KeyTable.spec(function: function)?.command else { return 0 }
        client?.perform(command.repeated(Int(count)))
        return 0
    }

    /// What the key that was pressed does with text on the line. For a key of Sayline's own
    /// table, the function its spelling names (Up recalls history, Right moves the cursor);
    /// for a key the user bound, what readline's keymap did before Sayline bound anything (so
    /// a vi command mode `k` recalls history and `\C-xA` never acts as Up).
    private static func withText(_ count: Int32, _ key: Int32) -> Int32 {
        // readline's buffer of the keys read for this binding is not terminated: its length says where it ends.
        let sequence = rl_executing_keyseq.map { keys in
            String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(keys).assumingMemoryBound(to: UInt8.self),
                                                 count: Int(max(rl_key_sequence_length, 0))), as: UTF8.self)
        } ?? ""
        let current = rl_get_keymap()
        let mapName = pristine.first { rl_get_keymap_by_name($0.name) == current }?.name ?? "emacs"
        let ours = spelledKeys.lazy.flatMap { spellings(of: $0) }.first { $0.sequence == sequence }
        // Printable keys are not bound in vi command mode, so a spelling found there is the user's.
        if let ours, !(mapName == "vi-command" && sequence.utf8.count == 1) {
            guard let name = ours.withText, let function = rl_named_function(name) else { return rl_ding() }
            return function(count, key)
        }
        if let map = pristine.first(where: { $0.name == mapName })?.map {
            var type: Int32 = 0
            if let function = rl_function_of_keyseq(sequence, map, &type), type == ISFUNC {
                return function(count, key)
            }
        }
        // A printable key with nothing bound is typed, as readline would type it.
        if mapName != "vi-command", sequence.utf8.count == 1, let byte = sequence.utf8.first, byte >= 0x20, byte < 0x7F {
            return rl_insert(count, key)
        }
        return rl_ding()
    }

    /// The handler readline calls with a finished line, or nil at end of input (Ctrl-D).
    static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
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
