@preconcurrency import CReadline
import Glibc
import SaylineSession

/// Binds the key table's keys, as terminals spell them (`TerminalKey.all`), to the functions
/// made for them (`KeyFunctions`), in the emacs, vi-insert and vi-command keymaps, then lets
/// the person's inputrc win where it names Sayline.
struct KeyBinder {
    /// The keymaps Sayline binds in: every editing mode readline has.
    static let keymapNames = ["emacs", "vi-insert", "vi-command"]

    let functions: [NamedKeyFunction]

    /// Names each function to readline, so that an inputrc can bind it.
    func register() {
        // readline keeps these names by pointer: they must live as long as the process.
        for named in functions { rl_add_defun(UnsafePointer(strdup(named.name)), named.function, -1) }
    }

    /// Each key's spellings and the function they call, in every keymap.
    /// - Parameter arrowsOnlyMoveTheCursor: Left and Right take the cursor-only function.
    func defaults(arrowsOnlyMoveTheCursor: Bool) -> [DefaultBinding] {
        var spelled: [(sequence: String, function: KeyFunction)] = []
        for key in KeyTable.all {
            guard let name = key.function else { continue }
            for keyName in key.keys {
                let inert = arrowsOnlyMoveTheCursor && (keyName == "Left" || keyName == "Right")
                let wanted = inert ? KeyFunctions.cursorOnlyName : name
                guard let function = functions.first(where: { $0.name == wanted })?.function else { continue }
                spelled += TerminalKey.spellings(of: keyName).map { ($0.sequence, function) }
            }
        }
        var defaults: [DefaultBinding] = []
        for mapName in Self.keymapNames {
            guard let map = rl_get_keymap_by_name(mapName) else { continue }
            for (sequence, function) in spelled {
                // In vi command mode a printable key is a command of its own; only the special
                // keys are ours there.
                if mapName == "vi-command" && sequence.utf8.count == 1 && sequence != "\t" { continue }
                defaults.append(DefaultBinding(map: map, sequence: sequence, function: function))
            }
        }
        return defaults
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
    static func readInitFile(keeping defaults: [DefaultBinding]) {
        let name = rl_readline_name
        rl_readline_name = UnsafePointer(strdup("sayline(every program)"))
        // The first read: readline reads $INPUTRC, else ~/.inputrc, else /etc/inputrc. It reads
        // it only the first time it is initialized: a bridge installed again in the same
        // process (the in-process tests) asks for the read itself.
        let initializedBefore = rl_readline_state & UInt(RL_STATE_INITIALIZED) != 0
        rl_initialize()
        if initializedBefore { rl_re_read_init_file(0, 0) }
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
