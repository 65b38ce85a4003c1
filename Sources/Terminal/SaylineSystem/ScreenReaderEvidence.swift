import Glibc

/// What makes a screen reader found by name this person's, asked of each in turn: a console
/// reader when this terminal is a virtual console; else a process of this user in this login
/// session, or, where the kernel keeps no login session (a container, a root shell), on this
/// X or Wayland display. The user alone is never evidence: it says nothing of which screen a
/// reader reads. This process's own session and displays are read once, when first needed.
struct ScreenReaderEvidence {
    let user: uid_t
    /// Whether the readers found were already this user's (their owners read as they were
    /// found); where everyone's were read, the owner is asked of the few that are readers.
    let ownersRead: Bool
    let onConsole: Bool
    /// This process's audit login session, once read ("4294967295": none kept).
    private var session: String??
    /// This process's display variables, once read.
    private var displays: [String]?

    init(user: uid_t, ownersRead: Bool, onConsole: Bool) {
        self.user = user
        self.ownersRead = ownersRead
        self.onConsole = onConsole
    }

    /// Whether the reader `pid` runs is this person's.
    mutating func isThisPersons(_ pid: Int32, _ reader: String, proc: inout ProcFiles) -> Bool {
        if onConsole && ScreenReaderDetector.readsTheConsole(reader) { return true }
        if !ownersRead {
            proc.startPath(pid)
            guard proc.owner(digits: proc.pathDigits) == user else { return false }
        }
        if session == nil { session = .some(proc.session(of: nil)) }
        if let ours = session ?? nil, ours != "4294967295" {
            return proc.session(of: pid) == ours
        }
        // No login session kept: the same X or Wayland display, or nothing.
        if displays == nil { displays = ScreenReaderDetector.ownDisplays() }
        guard let mine = displays, !mine.isEmpty else { return false }
        return proc.displays(of: pid).contains(where: mine.contains)
    }
}
