@preconcurrency import CReadline
import Glibc

/// readline's history list and its completion: the lines typed before, and what Tab offers.
extension ReadlineBridge {
    /// Bounds the history list and reads the file into it (a missing file is a first run).
    package func loadHistory(from path: String?, limit: Int32) {
        stifle_history(limit)
        // Only a regular file (or nothing yet): readline opens it blocking, and a FIFO there
        // with no writer held the start for ever.
        if let path, Self.isRegularFileOrMissing(path) { _ = read_history(path) }
    }

    /// The lines typed in this session, oldest first: the last the line handler added.
    package var linesTypedThisSession: [String] {
        linesAdded == 0 ? [] : Self.lastHistoryLines(linesAdded)
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

    /// readline asks for Tab's matches one by one, from 0, until one is nil.
    static let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
        ReadlineBridge.installed?.nextCompletion(state: state)
    }

    /// The match numbered `state`: at 0 the client is asked afresh for the text before the cursor.
    func nextCompletion(state: Int32) -> UnsafeMutablePointer<CChar>? {
        if state == 0 {
            completionCandidates = client?.completions(for: textBeforeCursor) ?? []
        }
        let index = Int(state)
        guard index >= 0, index < completionCandidates.count else { return nil }
        return strdup(completionCandidates[index])
    }

    /// Whether `path` is a regular file, or nothing at all, by `stat` (a link to a file is the
    /// person's own history, as readline reads it).
    static func isRegularFileOrMissing(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT }
        return info.st_mode & S_IFMT == S_IFREG
    }
}
