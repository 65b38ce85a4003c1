import SaylineText
import Glibc
import SaylineSystem

/// What `install` put, kept beside the data it installed (`share/sayline/installed`), so that
/// `uninstall` removes only that: a script of a person's own at `~/.local/bin/sayline`, or a
/// file changed since, is left, and said.
///
/// One line a file: its name, then the device, inode, size and modification time it had when
/// written, separated by tabs. Those change when anything else writes or replaces the file.
/// Without a record (a staging root, an install older than the record) a file counts as
/// Sayline's when it holds exactly what this `install` would write.
enum InstallRecord {
    struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let seconds: Int64
        let nanoseconds: Int64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = Int64(info.st_mtim.tv_sec)
            nanoseconds = Int64(info.st_mtim.tv_nsec)
        }

        init?(_ fields: [Substring]) {
            guard fields.count == 5, let device = UInt64(fields[0]), let inode = UInt64(fields[1]), let size = Int64(fields[2]),
                  let seconds = Int64(fields[3]), let nanoseconds = Int64(fields[4]) else { return nil }
            (self.device, self.inode, self.size, self.seconds, self.nanoseconds) = (device, inode, size, seconds, nanoseconds)
        }

        var fields: String { "\(device)\t\(inode)\t\(size)\t\(seconds)\t\(nanoseconds)" }
    }

    static let heading = "# sayline install: the files it put; sayline uninstall removes only these, unchanged"

    static func text(_ installed: [(InstallLayout.Item, stat)]) -> String {
        ([heading] + installed.map { "\($0.0.name)\t\(Identity($0.1).fields)" }).joined(separator: "\n") + "\n"
    }

    /// The record at `path`, by item name; empty when there is none, or it is not a regular
    /// file of sensible size (nothing is followed or waited on).
    static func read(_ path: String) -> [String: Identity] {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, case .success(let bytes) = FileAccess.read(path, limit: 64 << 10) else { return [:] }
        var record: [String: Identity] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if let name = fields.first, let identity = Identity(Array(fields.dropFirst())) { record[String(name)] = identity }
        }
        return record
    }

    /// Why the file at `target` is not one `install` put (to be left, and said), or nil when it
    /// is: the file recorded, unchanged, or exactly what install writes for `item`. A link is
    /// judged by the file it leads to.
    static func whyNotOurs(_ target: String, item: InstallLayout.Item, record: [String: Identity]) -> String? {
        var info = stat()
        guard stat(target, &info) == 0 else { return translated("a link to nothing, which install never makes") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return translated("not a regular file, so not one install put") }
        if record[item.name] == Identity(info) { return nil }
        func holds(_ expected: [UInt8]) -> Bool {
            guard Int64(info.st_size) == Int64(expected.count), case .success(let bytes) = FileAccess.read(target, limit: expected.count) else { return false }
            return bytes == expected
        }
        // What this install writes, or (a completion) what it writes in another language.
        if let expected = InstallContents.expected(for: item), holds(expected) { return nil }
        if InstallContents.inOtherLanguages(item).contains(where: holds) { return nil }
        return translated("not what sayline install put there (changed since, or another program's), so it is yours to remove")
    }
}
