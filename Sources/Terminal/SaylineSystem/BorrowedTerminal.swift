import Glibc

/// The controlling terminal, borrowed as standard error while standard error goes elsewhere:
/// for `pick` in `v=$(sayline pick … 2>/dev/null)`, whose person at the keyboard must still
/// see and hear the control. Given back when the pick ends.
package struct BorrowedTerminal {
    /// Standard error as it was, to put back; -1 when it was left alone.
    private let savedError: Int32

    /// Standard error becomes the controlling terminal when it is not a terminal and stdin is.
    package static func borrowTerminal() -> BorrowedTerminal {
        guard isatty(STDERR_FILENO) != 1, isatty(STDIN_FILENO) == 1 else { return BorrowedTerminal(savedError: -1) }
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return BorrowedTerminal(savedError: -1) }
        defer { close(terminal) }
        // Close-on-exec from the start: a change command must never inherit the saved stream.
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0, dup2(terminal, STDERR_FILENO) >= 0 else {
            if saved >= 0 { close(saved) }
            return BorrowedTerminal(savedError: -1)
        }
        return BorrowedTerminal(savedError: saved)
    }

    /// Standard error as it was.
    package func giveBack() {
        guard savedError >= 0 else { return }
        dup2(savedError, STDERR_FILENO)
        close(savedError)
    }
}
