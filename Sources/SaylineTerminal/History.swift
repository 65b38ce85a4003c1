@preconcurrency import CReadline
import Glibc

/// The command history: read at start, written atomically at exit, bounded.
struct History {
    static let limit: Int32 = 1_000
    let path: String?

    /// `$XDG_STATE_HOME/sayline/history`, or `~/.local/state/sayline/history`.
    init(environment: [String: String]) {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            path = state + "/sayline/history"
        } else if let home = environment["HOME"], !home.isEmpty {
            path = home + "/.local/state/sayline/history"
        } else {
            path = nil
        }
    }

    func load() {
        stifle_history(Self.limit)
        guard let path else { return }
        // A missing file is a first run, not an error.
        _ = read_history(path)
    }

    /// Writes to a temporary file and renames it, so a crash never leaves half a history.
    func save() {
        guard let path else { return }
        makeDirectories(for: path)
        let temporary = path + ".tmp.\(getpid())"
        guard write_history(temporary) == 0 else {
            unlink(temporary)
            return
        }
        _ = history_truncate_file(temporary, Self.limit)
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Creates the folders above `path` that are missing, as `mkdir -p` would.
    private func makeDirectories(for path: String) {
        var prefix = ""
        for component in path.split(separator: "/").dropLast() {
            prefix += "/" + component
            mkdir(prefix, 0o700)
        }
    }
}
