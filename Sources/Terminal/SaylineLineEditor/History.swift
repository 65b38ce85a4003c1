import Glibc
import SaylineSystem
import SaylineText

/// The command history: read at start, merged and written at exit, bounded.
///
/// Two sessions that overlap keep each other's lines, as bash users with `histappend` expect:
/// at exit the file is read again under a lock and this session's new lines are added to what
/// it holds now. The file is replaced atomically (a symbolic link is followed to its file).
package struct History {
    static let limit: Int32 = 1_000
    let path: String?
    /// The folder that must already exist: history never creates a missing home. Below it
    /// (and all of `XDG_STATE_HOME`, which the XDG rules say to make when missing) folders are
    /// made, readable by you alone.
    let base: String?

    /// `$XDG_STATE_HOME/sayline/history`, or `~/.local/state/sayline/history`.
    package init(environment: [String: String]) {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            path = state + "/sayline/history"
            base = ""
        } else if let home = environment["HOME"], !home.isEmpty {
            path = home + "/.local/state/sayline/history"
            base = home
        } else {
            path = nil
            base = nil
        }
    }

    /// Reads the file into the editor's history list, bounded (a missing file is a first run).
    package func load(into editor: any LineEditor) {
        editor.loadHistory(from: path, limit: Self.limit)
    }

    /// Adds this session's lines to the file as it is now, under a lock; says on stderr when
    /// it cannot.
    package func save(from editor: any LineEditor) {
        let typed = editor.linesTypedThisSession
        guard let path, let base, !typed.isEmpty else { return }
        var info = stat()
        guard base.isEmpty || (stat(base, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) else {
            // Translators: %s is the folder the history is kept below.
            Diagnostics.write("sayline: " + translated("history not saved: %s does not exist", FileAccess.shown(base)) + "\n")
            return
        }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        _ = FileAccess.makeFolders(folder, below: base, mode: 0o700)
        // The lock is the history's folder itself: a lock file would be left behind, and
        // removing one races with a session that has just opened it.
        let lock = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if lock >= 0 { close(lock) } }
        // Wait up to two seconds for another session's save; then save anyway.
        if lock >= 0 {
            for _ in 0..<200 where flock(lock, LOCK_EX | LOCK_NB) != 0 { usleep(10_000) }
        }
        var lines: [String] = []
        if case .success(let bytes) = FileAccess.read(path, limit: 16 << 20) {
            lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        lines += typed
        let kept = lines.suffix(Int(Self.limit))
        // What you typed is yours to read: a new history file is 0600, as bash's is.
        if case .failure(let failure) = FileDoor.write(kept.map { $0 + "\n" }.joined(), to: path, as: .keptFile(newFileMode: 0o600)) {
            // Translators: the history's file, then what is wrong with it ("is a symbolic link to …").
            Diagnostics.write("sayline: " + translated("history not saved to %s: %s", FileAccess.shown(path), failure.message) + "\n")
        }
    }
}
