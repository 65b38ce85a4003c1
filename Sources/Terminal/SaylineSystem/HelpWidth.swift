import Glibc

/// The width `--help` is written at: the terminal's when standard output is one, else
/// `COLUMNS` when set (as `ls` and GNU's help do), else 80.
package enum HelpWidth {
    package static func columns(environment: [String: String]) -> Int {
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return fitted(Int(size.ws_col))
        }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return fitted(columns) }
        return 80
    }

    /// Narrower than 20 columns nothing reads well; wider than 120 lines get hard to follow.
    /// One column is left free: a line that fills the last column makes some terminals wrap.
    private static func fitted(_ columns: Int) -> Int { min(max(columns - 1, 20), 119) }
}
