import CSystem
import Glibc
import SaylineCore

/// Writing over a file a person keeps (a scene): the new bytes replace the old without ever
/// leaving half a file, and the file keeps its owner, group, mode and extended attributes.
package enum FileKeeping {
    /// What a path names: enough to tell later whether it still names the file it named.
    package struct Identity: Equatable {
        /// The path itself is a symbolic link.
        package let isLink: Bool
        /// The file it leads to, links resolved; the path itself when nothing is there.
        package let target: String
    }

    package static func identity(_ path: String) -> Identity {
        var info = stat()
        let isLink = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
        guard let resolved = realpath(path, nil) else { return Identity(isLink: isLink, target: path) }
        defer { free(resolved) }
        return Identity(isLink: isLink, target: String(cString: resolved))
    }

    /// Nobody may write it: its mode has no write bit, or this user is refused. (Root may write
    /// any file, but a file its owner made 0444 is one they meant to keep.)
    package static func isReadOnly(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 == 0 || access(path, W_OK) != 0
    }

    /// Replaces the file at `path` (a regular file, links already resolved) with `bytes`.
    /// A new file beside it, given the old one's owner, group, mode and extended attributes,
    /// synced, then renamed over it; where the folder cannot take a new file, or the new file
    /// cannot be given what the old one had, the file is written in place instead, and put back
    /// as `previous` if that fails half way.
    package static func replace(_ path: String, with bytes: [UInt8], previous: [UInt8]) -> Result<Void, FileAccess.Failure> {
        var existing = stat()
        guard stat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG else {
            return FileAccess.writeReplacing(String(decoding: bytes, as: UTF8.self), to: path)
        }
        var template = Array((FileAccess.folder(of: path) + "/.sayline-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        // A folder the user cannot write: the file itself may still be writable.
        guard fd >= 0 else { return writeInPlace(path, bytes, previous: previous) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func abandon() { close(fd); unlink(temporary) }
        var made = stat()
        guard fstat(fd, &made) == 0 else {
            abandon()
            return writeInPlace(path, bytes, previous: previous)
        }
        // Root saving another user's file, or a file of a shared group: the new file must be
        // theirs, as the old one was; where that is not allowed, the old file is kept.
        if made.st_uid != existing.st_uid || made.st_gid != existing.st_gid {
            guard fchown(fd, existing.st_uid, existing.st_gid) == 0 else {
                abandon()
                return writeInPlace(path, bytes, previous: previous)
            }
        }
        guard copyExtendedAttributes(from: path, to: fd) else {
            abandon()
            return writeInPlace(path, bytes, previous: previous)
        }
        guard write(bytes, to: fd), fsync(fd) == 0, fchmod(fd, existing.st_mode & 0o7777) == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            return .failure(.cannotWrite(reason))
        }
        guard close(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .failure(.cannotWrite(reason))
        }
        guard rename(temporary, path) == 0 else {
            // A sticky folder refuses to replace another user's file: write it in place.
            unlink(temporary)
            return writeInPlace(path, bytes, previous: previous)
        }
        return .success(())
    }

    /// The file written where it is, keeping its inode and so everything about it; if a write
    /// fails half way (a full disk), the previous bytes are put back.
    private static func writeInPlace(_ path: String, _ bytes: [UInt8], previous: [UInt8]) -> Result<Void, FileAccess.Failure> {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .failure(.cannotWrite(String(cString: strerror(errno)))) }
        defer { close(fd) }
        if write(bytes, to: fd), ftruncate(fd, off_t(bytes.count)) == 0, fsync(fd) == 0 { return .success(()) }
        let reason = String(cString: strerror(errno))
        _ = lseek(fd, 0, SEEK_SET)
        if write(previous, to: fd) { _ = ftruncate(fd, off_t(previous.count)) }
        _ = fsync(fd)
        return .failure(.cannotWrite(reason))
    }

    /// From the start of the descriptor, all of it.
    private static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        lseek(fd, 0, SEEK_SET) == 0 && FileAccess.writeFully(bytes, to: fd)
    }

    /// Every extended attribute of `path` (ACLs, labels, a user's own) set on `fd`; true when
    /// there were none or all were copied.
    private static func copyExtendedAttributes(from path: String, to fd: Int32) -> Bool {
        let size = listxattr(path, nil, 0)
        guard size > 0 else { return true }
        var names = [CChar](repeating: 0, count: size)
        let length = listxattr(path, &names, names.count)
        guard length > 0 else { return length == 0 }
        var start = 0
        while start < length {
            let end = names[start..<length].firstIndex(of: 0) ?? length
            let name = Array(names[start..<end]) + [0]
            start = end + 1
            let valueSize = getxattr(path, name, nil, 0)
            guard valueSize >= 0 else { return false }
            var value = [UInt8](repeating: 0, count: max(valueSize, 1))
            let read = getxattr(path, name, &value, valueSize)
            guard read >= 0, fsetxattr(fd, name, value, read, 0) == 0 else { return false }
        }
        return true
    }
}
