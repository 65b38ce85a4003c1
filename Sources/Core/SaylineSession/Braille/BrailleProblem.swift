import SaylineText
/// Why braille is not shown, in the words the person reads: said once on stderr when
/// `--braille on` asks for it (the automatic choice stays silent).
public enum BrailleProblem: Error, Sendable, Equatable {
    /// No BRLTTY answered where BrlAPI looks (BRLAPI_HOST, or this machine).
    case noServer(String)
    /// BRLTTY answered but refused the key offered (BRLAPI_AUTH).
    case refused(String)
    /// BRLTTY runs without a braille display (its speech alone, or the display unplugged).
    case noDisplay
    /// Neither a Linux console nor a window BRLTTY can tell: a terminal emulator without
    /// WINDOWID, a session over ssh.
    case noConsole
    /// Standard input is not a terminal: nobody is at the display.
    case notATerminal
    /// The braille table asked for is not there; computer braille is shown instead.
    case unknownTable(String)
    /// Something accepted the connection but did not answer in time (a silent or garbled
    /// server): Sayline goes on without it rather than wait.
    case noAnswer(seconds: Int)

    public var sentence: String {
        switch self {
        case .noServer(let detail):
            translated("no braille: no BRLTTY answers (%s); start BRLTTY, or set BRLAPI_HOST to where it listens", detail)
        case .refused(let detail):
            translated("no braille: BRLTTY refused the connection (%s); BRLAPI_AUTH names a key file you can read", detail)
        case .noDisplay:
            translated("no braille: BRLTTY runs, but without a braille display")
        case .noConsole:
            translated("no braille: this terminal is not a Linux console and names no window (WINDOWID), so BRLTTY cannot tell when Sayline is in front; its screen review still reads the cursor line")
        case .notATerminal:
            translated("no braille: standard input is not a terminal")
        case .noAnswer(let seconds):
            translatedCount("no braille: the braille server did not answer within %s second; going on without the braille display", "no braille: the braille server did not answer within %s seconds; going on without the braille display", count: seconds, NumberText.spoken(seconds))
        case .unknownTable(let name):
            translated("braille table %s not found; showing computer braille (braille-code takes auto, computer, contracted or a liblouis table such as en-ueb-g2.ctb)", name)
        }
    }
}
