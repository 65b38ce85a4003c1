import SaylineText

/// How Sayline ends, the same for every subcommand (documented in `--help`, the man page and
/// Docs/guide.md).
package enum ExitStatus: Int32 {
    /// Done; the audit passed; every expectation held.
    case ok = 0
    /// An expectation failed, the audit found violations at or above the threshold, or `pick` was cancelled.
    case failed = 1
    /// The scene, script or transcript cannot be used.
    case malformed = 2
    /// A mistake on the command line.
    case usage = 64
    /// `pick` from a pipe whose last entry was refused or moved into the range (sysexits'
    /// EX_DATAERR): no value is answered that was not asked for.
    case dataError = 65
    /// Standard output or a file could not be written, or what was pending at exit was not
    /// delivered (sysexits' EX_IOERR).
    case ioError = 74

    /// The statuses every command may end with, for `--help`; the man page and the guide say
    /// the same (a docs test holds them to this). The meanings are messages of the catalogs,
    /// said in the phrasebook of the moment where they are shown.
    package static let rows: [(status: String, meaning: String)] = [
        ("0", translatable("done: quit, end of input, the audit passed, every expectation held")),
        ("1", translatable("an expectation failed, the audit found a violation at or above --fail-on, or a pick was cancelled")),
        ("2", translatable("the scene, script or transcript cannot be used, or an audit's baseline or .sayline-audit; pick had no terminal to ask on and no piped answer (fzf gives 2 too, dialog and whiptail 255)")),
        ("64", translatable("a mistake on the command line, such as a pick of an impossible control (--min above --max, --step 0)")),
        ("65", translatable("pick's piped entry was refused or moved into the range: nothing was accepted")),
        ("74", translatable("standard output or a file could not be written, or what was pending at exit (autosave, change commands, events) was not delivered")),
        // Translators: keep the signal names (SIGHUP …) as they are; name the keys as the key names of the catalog do.
        ("129", translatable("SIGHUP, 130 SIGINT (Ctrl-C in a subcommand), 131 SIGQUIT (Ctrl-\\), 143 SIGTERM: 128 plus the signal; the REPL restores the terminal and saves history first")),
    ]
}
