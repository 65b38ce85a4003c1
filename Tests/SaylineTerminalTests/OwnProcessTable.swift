import Foundation
import PseudoTerminal

/// A process table of a test's own, for a Sayline that looks for a screen reader.
///
/// The detector reads /proc, and /proc shows every process of the machine: a Fenrir, a BRLTTY
/// or an Orca that another test started (in this run, or in another run on the same machine)
/// would be found as surely as the one this test started. A process in a PID namespace of its
/// own is still seen from outside, so hiding the test's reader is not enough: the reader and
/// the Sayline that should find it run together in a fresh PID namespace with /proc mounted
/// anew (`unshare --pid --fork --mount-proc`), where the only processes are the ones the test
/// started. `--kill-child`: when the run ends or is killed, everything in it goes too.
enum OwnProcessTable {
    static let unshare = "/usr/bin/unshare"
    /// Root may make the namespaces; anyone else makes a user namespace first, in which they
    /// are still themselves (`--map-current-user`), so a process's owner reads as it would.
    static let namespace = (getuid() == 0 ? [] : ["--map-current-user"]) + ["--pid", "--fork", "--mount-proc", "--kill-child"]

    /// A word as sh reads it back unchanged.
    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// unshare's arguments for a shell, process 1 of the new namespace, that starts `reader`
    /// (its words) in the background, waits until the kernel names it `named` (until it has
    /// exec'd, it bears the shell's name; at most 30 s, for a loaded machine), then runs
    /// `program` and exits with its status. The program runs as the shell's child, not in its
    /// place: process 1 is one the kernel treats apart (signals it has no handler for never
    /// reach it), and Sayline is not that in a person's session. A reader never seen ends the
    /// run with status 125 and says so on standard error.
    static func arguments(reader: [String], named name: String, then program: [String]) -> [String] {
        let script = """
            \(reader.map(quoted).joined(separator: " ")) &
            reader=$!
            deadline=$(( $(date +%s) + 30 ))
            while [ "$(cat /proc/$reader/comm 2>/dev/null)" != \(quoted(name)) ]; do
                if [ "$(date +%s)" -ge "$deadline" ]; then echo "the test's \(name) never started" >&2; exit 125; fi
                sleep 0.01
            done
            \(program.map(quoted).joined(separator: " "))
            exit $?
            """
        return namespace + ["/bin/sh", "-c", script]
    }

    /// unshare's arguments for a shell, process 1 of the new namespace, that runs `program` as
    /// its child and exits with its status: for a reader that starts Sayline itself (Fenrir).
    static func arguments(running program: [String]) -> [String] {
        namespace + ["/bin/sh", "-c", "\(program.map(quoted).joined(separator: " "))\nexit $?"]
    }
}
