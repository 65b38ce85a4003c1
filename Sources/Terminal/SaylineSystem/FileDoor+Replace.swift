import CSystem
import Glibc
import SaylineText

/// A file written anew and renamed over its name: a new file is made beside it by `mkstemp`
/// (O_EXCL: never an existing name, a link or a FIFO planted there), written whole, synced,
/// given the owner, group, mode and extended attributes of the file it replaces (or,
/// installed, exactly its own mode), then renamed over the name. `rename` replaces the name
/// itself and never follows a link, so a link swapped in after the check is replaced, not
/// written through.
extension FileDoor {
    /// Replaces (or makes) the file at `path`, which the check found to be `existing`.
    static func replace(_ path: String, existing: stat?, as kind: Kind,
                        _ produce: ((ArraySlice<UInt8>) -> Void) -> Void) -> Result<Void, FileAccess.Failure> {
        // Where the scene's own file cannot be replaced, it is written where it is.
        func inPlaceOrFailure(_ reason: String) -> Result<Void, FileAccess.Failure> {
            guard case .keptOrInPlace(let previous) = kind, let existing else { return .failure(.cannotWrite(reason)) }
            var bytes: [UInt8] = []
            produce { bytes += $0 }
            return writeInPlace(path, expected: existing, bytes, previous: previous)
        }
        guard let temporary = TemporaryFile(beside: path) else { return inPlaceOrFailure(String(cString: strerror(errno))) }
        let mode: mode_t
        switch prepare(temporary, replacing: existing, of: path, as: kind) {
        case .ready(let prepared): mode = prepared
        case .failed(let reason): return .failure(temporary.abandon(reason))
        case .cannotKeep: return inPlaceOrFailure(translated("its owner or attributes cannot be given to a new file"))
        }
        if let failure = pour(produce, into: temporary.fd) { return .failure(temporary.abandon(failure)) }
        guard fsync(temporary.fd) == 0, fchmod(temporary.fd, mode) == 0 else { return .failure(temporary.abandon(String(cString: strerror(errno)))) }
        guard close(temporary.fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            return .failure(.cannotWrite(reason))
        }
        guard rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            // A sticky folder refuses to replace another user's file: a scene is written in place.
            return inPlaceOrFailure(reason)
        }
        return .success(())
    }

    /// A new file beside the name, open for writing, made with `mkstemp`.
    struct TemporaryFile {
        let fd: Int32
        let path: String

        init?(beside path: String) {
            var template = Array((FileAccess.folder(of: path) + "/.sayline-XXXXXX").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
            guard fd >= 0 else { return nil }
            // (glibc's mkostemp is not visible to Swift: the flag is set at once instead.)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            self.fd = fd
            self.path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        /// Closed and removed.
        func discard() {
            close(fd)
            unlink(path)
        }

        /// Discarded, and why as a failure.
        func abandon(_ reason: String) -> FileAccess.Failure {
            discard()
            return .cannotWrite(reason)
        }
    }

    /// What preparing the new file came to: the mode to give it once written, a failure, or
    /// (a scene) that it cannot take the old file's owner or attributes and was discarded.
    enum Preparation {
        case ready(mode_t)
        case failed(String)
        case cannotKeep
    }

    /// Owner and attributes first: a change of owner clears set-user-ID bits, so the mode is
    /// set after the bytes, by the caller.
    private static func prepare(_ temporary: TemporaryFile, replacing existing: stat?, of path: String, as kind: Kind) -> Preparation {
        switch kind {
        case .installed(let exact):
            return .ready(exact)
        case .kept(let newFileMode), .keptFile(let newFileMode):
            if let existing, let reason = giveOwner(of: existing, to: temporary.fd) { return .failed(reason) }
            if existing != nil { _ = copyExtendedAttributes(from: path, to: temporary.fd) }
            return .ready(existing.map { $0.st_mode & 0o7777 } ?? newFileMode ?? 0o666 & ~currentUmask())
        case .keptOrInPlace:
            if let existing, giveOwner(of: existing, to: temporary.fd) != nil || !copyExtendedAttributes(from: path, to: temporary.fd) {
                temporary.discard()
                return .cannotKeep
            }
            return .ready(existing.map { $0.st_mode & 0o7777 } ?? 0o666 & ~currentUmask())
        }
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
        // Translators: why a file cannot be written; %s is the owner's user id, a number as the system gives it.
        return translated("it belongs to another user (uid %s), and a file written anew could not stay theirs", String(existing.st_uid))
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
            return .failure(.cannotWrite(translated("it was replaced by another file while it was being saved")))
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

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
