import CSystem
import Glibc

/// The one way Sayline writes a file: reports (`--output`), transcripts, baselines, saved
/// scenes, the history and installed files all pass here, so one set of rules holds for all.
///
/// Sayline runs in other people's repositories and CI, where any name it writes to may have
/// been prepared by someone else (a committed `audit.baseline -> ../.bash_profile`, a FIFO at
/// an install destination). The rules, checked on the name itself (never on what it leads to):
/// - `-` is standard output, where a command allows it;
/// - a symbolic link is refused, never followed, dangling or not: what a link leads to was
///   chosen by whoever made the link, and a link committed to a repository is made by a
///   stranger. The person names the file itself if that is what they mean;
/// - a folder, device, FIFO or socket is refused (nothing is opened, so nothing blocks);
/// - one of the command's own inputs (the same file, by device and inode, however it is
///   named: `audit s.json --output s.json`, a hard link) is refused;
/// - otherwise a new file is made beside it with `mkstemp` (O_EXCL: never an existing name, a
///   link or a FIFO planted there), written whole, synced, given the owner, group, mode and
///   extended attributes of the file it replaces (or, installed, exactly its own mode), then
///   renamed over the name. `rename` replaces the name itself and never follows a link, so a
///   link swapped in after the check is replaced, not written through; a crash leaves the old
///   file or the new one, and a failure leaves no temporary file.
///
/// The folders above the last name are the person's to choose and are followed (merged /usr
/// makes /bin a link); the last name is what a stranger can plant.
package enum FileDoor {
    /// What becomes of the file a write replaces.
    package enum Kind: Sendable {
        /// A report, transcript, baseline, history or scene: a file replaced keeps its owner
        /// (root writing it gives it back), group, mode and extended attributes; a new one gets
        /// `newFileMode`, or 0666 less the umask.
        case kept(newFileMode: mode_t?)
        /// A scene's own file, saved: as `kept`, and where the folder cannot take a new file
        /// (or the new file cannot be given the old one's owner or attributes), the file is
        /// written where it is, and put back as `previous` if that fails half way.
        case keptOrInPlace(previous: [UInt8])
        /// An installed file: exactly `mode`, owned by whoever installs; nothing of a file it
        /// replaces is kept (an old owner or a capability must not pass to a new program).
        case installed(mode: mode_t)
    }

    /// What the name holds now, once it has passed the rules: nothing yet, or a regular file.
    package enum Place {
        case nothing
        case file(stat)
    }

    /// Checks `path` against the rules without writing: a command checks its outputs before
    /// it writes any, so a refused one changes nothing. `inputs` are the files the command
    /// read (`-` and names that are gone are passed over).
    package static func check(_ path: String, inputs: [String] = []) -> Result<Place, FileAccess.Failure> {
        if path == "-" { return .success(.nothing) }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let number = errno
            // Nothing there: the folder is checked when the new file is made in it.
            return number == ENOENT ? .success(.nothing) : .failure(.cannotWrite(String(cString: strerror(number))))
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return .failure(.symbolicLink(linkText(path)))
        case S_IFDIR: return .failure(.folder)
        case S_IFREG: break
        default: return .failure(.special(kindName(info.st_mode)))
        }
        for input in inputs where input != "-" {
            var read = stat()
            if stat(input, &read) == 0, read.st_dev == info.st_dev, read.st_ino == info.st_ino {
                return .failure(.ownInput(FileAccess.shown(input)))
            }
        }
        return .success(.file(info))
    }

    /// Writes `bytes` to `path` by the rules above.
    package static func write(_ bytes: [UInt8], to path: String, as kind: Kind = .kept(newFileMode: nil),
                              inputs: [String] = []) -> Result<Void, FileAccess.Failure> {
        write(to: path, as: kind, inputs: inputs) { sink in sink(bytes[...]) }
    }

    /// `write` for text.
    package static func write(_ text: String, to path: String, as kind: Kind = .kept(newFileMode: nil),
                              inputs: [String] = []) -> Result<Void, FileAccess.Failure> {
        write(Array(text.utf8), to: path, as: kind, inputs: inputs)
    }

    /// `write` for text made a piece at a time: `produce` hands each piece to the function it
    /// is given, so a report of any size is never held whole. The name is replaced only once
    /// everything is written and synced.
    package static func write(to path: String, as kind: Kind = .kept(newFileMode: nil), inputs: [String] = [],
                              producing produce: ((ArraySlice<UInt8>) -> Void) -> Void) -> Result<Void, FileAccess.Failure> {
        // Pieces to a descriptor; after a failed write the rest are dropped and the error kept.
        func pour(into fd: Int32) -> String? {
            var failure: String?
            produce { piece in
                guard failure == nil else { return }
                if !FileAccess.writeFully(piece, to: fd) { failure = String(cString: strerror(errno)) }
            }
            return failure
        }
        if path == "-" {
            return pour(into: STDOUT_FILENO).map { .failure(.cannotWrite($0)) } ?? .success(())
        }
        let existing: stat?
        switch check(path, inputs: inputs) {
        case .failure(let failure): return .failure(failure)
        case .success(.nothing): existing = nil
        case .success(.file(let info)): existing = info
        }
        // Where the scene's own file cannot be replaced, it is written where it is.
        func inPlaceOrFailure(_ reason: String) -> Result<Void, FileAccess.Failure> {
            guard case .keptOrInPlace(let previous) = kind, let existing else { return .failure(.cannotWrite(reason)) }
            var bytes: [UInt8] = []
            produce { bytes += $0 }
            return writeInPlace(path, expected: existing, bytes, previous: previous)
        }
        var template = Array((FileAccess.folder(of: path) + "/.sayline-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return inPlaceOrFailure(String(cString: strerror(errno))) }
        // (glibc's mkostemp is not visible to Swift: the flag is set at once instead.)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func discard() {
            close(fd)
            unlink(temporary)
        }
        func abandon(_ reason: String) -> FileAccess.Failure {
            discard()
            return .cannotWrite(reason)
        }
        // Owner and attributes first: a change of owner clears set-user-ID bits, so the mode
        // is set after it.
        let mode: mode_t
        switch kind {
        case .installed(let exact):
            mode = exact
        case .kept(let newFileMode):
            mode = existing.map { $0.st_mode & 0o7777 } ?? newFileMode ?? 0o666 & ~currentUmask()
            if let existing, let reason = giveOwner(of: existing, to: fd) { return .failure(abandon(reason)) }
            if existing != nil { _ = copyExtendedAttributes(from: path, to: fd) }
        case .keptOrInPlace:
            mode = existing.map { $0.st_mode & 0o7777 } ?? 0o666 & ~currentUmask()
            if let existing, giveOwner(of: existing, to: fd) != nil || !copyExtendedAttributes(from: path, to: fd) {
                discard()
                return inPlaceOrFailure("its owner or attributes cannot be given to a new file")
            }
        }
        if let failure = pour(into: fd) { return .failure(abandon(failure)) }
        guard fsync(fd) == 0, fchmod(fd, mode) == 0 else { return .failure(abandon(String(cString: strerror(errno)))) }
        guard close(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .failure(.cannotWrite(reason))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            // A sticky folder refuses to replace another user's file: a scene is written in place.
            return inPlaceOrFailure(reason)
        }
        return .success(())
    }

    /// The new file given the owner and group of the one it replaces, where they differ; why
    /// not, or nil. Root must manage it (a user's baseline stays the user's); another user
    /// cannot give a file away, and so may replace only a file of their own.
    private static func giveOwner(of existing: stat, to fd: Int32) -> String? {
        var made = stat()
        guard fstat(fd, &made) == 0 else { return String(cString: strerror(errno)) }
        guard made.st_uid != existing.st_uid || made.st_gid != existing.st_gid else { return nil }
        if fchown(fd, existing.st_uid, existing.st_gid) == 0 { return nil }
        // A group this user is not in: the file is theirs all the same, and stays in their group.
        if made.st_uid == existing.st_uid { return nil }
        return "it belongs to another user (uid \(existing.st_uid)), and a file written anew could not stay theirs"
    }

    /// The file written where it is, keeping its inode and so everything about it; if a write
    /// fails half way (a full disk), the previous bytes are put back. Opened without following
    /// a link or blocking, and only if it is still the regular file that was checked.
    private static func writeInPlace(_ path: String, expected: stat, _ bytes: [UInt8], previous: [UInt8]) -> Result<Void, FileAccess.Failure> {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            return .failure(errno == ELOOP ? .symbolicLink(linkText(path)) : .cannotWrite(String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_dev == expected.st_dev, info.st_ino == expected.st_ino else {
            return .failure(.cannotWrite("it was replaced by another file while it was being saved"))
        }
        if rewrite(bytes, fd), ftruncate(fd, off_t(bytes.count)) == 0, fsync(fd) == 0 { return .success(()) }
        let reason = String(cString: strerror(errno))
        if rewrite(previous, fd) { _ = ftruncate(fd, off_t(previous.count)) }
        _ = fsync(fd)
        return .failure(.cannotWrite(reason))
    }

    /// From the start of the descriptor, all of it.
    private static func rewrite(_ bytes: [UInt8], _ fd: Int32) -> Bool {
        lseek(fd, 0, SEEK_SET) == 0 && FileAccess.writeFully(bytes, to: fd)
    }

    /// Every extended attribute of `path` (ACLs, labels, a user's own) set on `fd`; true when
    /// there were none or all were copied. Read without following a link.
    private static func copyExtendedAttributes(from path: String, to fd: Int32) -> Bool {
        let size = llistxattr(path, nil, 0)
        guard size > 0 else { return true }
        var names = [CChar](repeating: 0, count: size)
        let length = llistxattr(path, &names, names.count)
        guard length > 0 else { return length == 0 }
        var start = 0
        while start < length {
            let end = names[start..<length].firstIndex(of: 0) ?? length
            let name = Array(names[start..<end]) + [0]
            start = end + 1
            let valueSize = lgetxattr(path, name, nil, 0)
            guard valueSize >= 0 else { return false }
            var value = [UInt8](repeating: 0, count: max(valueSize, 1))
            let read = lgetxattr(path, name, &value, valueSize)
            guard read >= 0, fsetxattr(fd, name, value, read, 0) == 0 else { return false }
        }
        return true
    }

    /// What a link says it leads to, shown, or "" when it cannot be read.
    private static func linkText(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return "" }
        return FileAccess.shown(String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
