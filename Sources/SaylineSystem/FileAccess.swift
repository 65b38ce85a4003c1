import Glibc
import SaylineCore

/// Reading and writing files with plain system calls: no Foundation, writes that never leave
/// a half-written file behind, and nothing a second user on the machine can redirect.
package enum FileAccess {
    package enum Failure: Error, Equatable {
        case cannotOpen(String)
        /// Nothing at that path (ENOENT), in the system's words: for a file that may well not be
        /// there yet (the preferences file, a baseline, a scene deleted meanwhile), told apart
        /// by its number rather than by the words, which follow the locale.
        case missing(String)
        case tooLarge(Int, limit: Int)
        case cannotWrite(String)
        case notRegular

        package var message: String {
            switch self {
            case .cannotOpen(let reason), .missing(let reason): "cannot be read: \(reason)"
            case .tooLarge(let size, let limit): "is \(size) bytes, more than the limit of \(limit) (\(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"))"
            case .cannotWrite(let reason): "cannot be written: \(reason)"
            case .notRegular: "is not a regular file (a FIFO, device or socket would never end or block); use - for standard input"
            }
        }

        /// Why, in the system's words where it gave them ("Permission denied").
        package var reason: String {
            switch self {
            case .cannotOpen(let reason), .missing(let reason), .cannotWrite(let reason): reason
            default: message
            }
        }
    }

    /// Reads a file, or standard input for "-", refusing more than `limit` bytes and anything
    /// that is not a regular file (a FIFO would block in open() forever).
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        read(path: path == "-" ? nil : Array(path.utf8CString), limit: limit)
    }

    /// `read` for a path as the system spells it, whose bytes need not be UTF-8 (a file name
    /// in a folder); nil is standard input.
    package static func read(path: [CChar]?, limit: Int) -> Result<[UInt8], Failure> {
        // Opened without blocking, so a FIFO with no writer is refused instead of waited on.
        let fd = path.map { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) } ?? STDIN_FILENO
        guard fd >= 0 else {
            let number = errno
            let words = String(cString: strerror(number))
            return .failure(number == ENOENT ? .missing(words) : .cannotOpen(words))
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0, fd != STDIN_FILENO {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.cannotOpen("it is a folder")) }
            if (info.st_mode & S_IFMT) != S_IFREG { return .failure(.notRegular) }
            if Int(info.st_size) > limit { return .failure(.tooLarge(Int(info.st_size), limit: limit)) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(.cannotOpen(String(cString: strerror(errno)))) }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > limit { return .failure(.tooLarge(bytes.count, limit: limit)) }
        }
        return .success(bytes)
    }

    /// Writes all of `text` to a descriptor, resuming after interruptions and partial writes,
    /// and waiting (not spinning) on a non-blocking one that is full. False when the descriptor
    /// refuses (EPIPE: the reader is gone; ENOSPC; EBADF) with `errno` set, or when `giveUp`
    /// says so after a signal interrupted a write that a stalled reader was holding.
    package static func writeFully(_ text: String, to fd: Int32, giveUp: () -> Bool = { false }) -> Bool {
        writeFully(Array(text.utf8), to: fd, giveUp: giveUp)
    }

    /// `writeFully` for bytes that need not be text.
    static func writeFully(_ bytes: [UInt8], to fd: Int32, giveUp: () -> Bool = { false }) -> Bool {
        writeFully(bytes[...], to: fd, giveUp: giveUp)
    }

    /// `writeFully` for part of an array, written where it lies.
    static func writeFully(_ bytes: ArraySlice<UInt8>, to fd: Int32, giveUp: () -> Bool = { false }) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if written < 0 && errno == EINTR {
                if giveUp() { return false }
                continue
            }
            if written < 0 && errno == EAGAIN {
                var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&entry, 1, -1) < 0 && errno == EINTR && giveUp() { return false }
                continue
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// The names in a folder (not "." or ".."), as bytes (a name need not be UTF-8), or nil
    /// when `path` is not a folder.
    package static func directoryEntries(_ path: String) -> [[UInt8]]? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    /// A path as it is shown and reported: whole (a path cut short could name another file),
    /// with nothing a terminal would act on.
    package static func shown(_ path: String) -> String {
        TextSanitiser.echo(path, limit: Int(PATH_MAX))
    }

    /// Writes a report, a transcript or a history where a person asked:
    /// - "-": standard output;
    /// - something that is not a regular file (/dev/stdout, /dev/null, a FIFO, a terminal):
    ///   written in place, never replaced by a regular file;
    /// - a symbolic link: followed, and its target replaced as below;
    /// - a regular file, or nothing yet: a new file made with `mkstemp` beside it (O_EXCL, mode
    ///   0600, so nobody else can have made or opened it), synced, given the mode the file had
    ///   (or the umask's), then renamed over it: a crash leaves the old file or the new one.
    /// - Parameter newFileMode: the mode of a file made anew (default: 0666 less the umask);
    ///   a file that exists keeps its own.
    package static func writeReplacing(_ text: String, to path: String, newFileMode: mode_t? = nil) -> Result<Void, Failure> {
        writeReplacing(Array(text.utf8), to: path, newFileMode: newFileMode)
    }

    /// `writeReplacing` for bytes that need not be text (a program).
    package static func writeReplacing(_ text: [UInt8], to path: String, newFileMode: mode_t? = nil) -> Result<Void, Failure> {
        writeReplacing(to: path, newFileMode: newFileMode) { write in write(text[...]) }
    }

    /// `writeReplacing` for text made a piece at a time: `produce` hands each piece to the
    /// function it is given, so a report of any size is never held whole. The same places and
    /// guarantees (a regular file is replaced only once everything is written and synced).
    package static func writeReplacing(to path: String, newFileMode: mode_t? = nil,
                                       producing produce: ((ArraySlice<UInt8>) -> Void) -> Void) -> Result<Void, Failure> {
        // Pieces to a descriptor; after a failed write the rest are dropped and the error kept.
        func pour(into fd: Int32) -> String? {
            var failure: String?
            produce { piece in
                guard failure == nil else { return }
                if !writeFully(piece, to: fd) { failure = String(cString: strerror(errno)) }
            }
            return failure
        }
        if path == "-" {
            return pour(into: STDOUT_FILENO).map { .failure(.cannotWrite($0)) } ?? .success(())
        }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                // A link to nothing yet: the file it names is made.
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
                let length = readlink(path, &buffer, buffer.count - 1)
                guard length > 0 else { return .failure(.cannotWrite(String(cString: strerror(errno)))) }
                let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return writeReplacing(to: link.hasPrefix("/") ? link : folder(of: path) + "/" + link, newFileMode: newFileMode, producing: produce)
            }
            target = String(cString: resolved)
            free(resolved)
        }
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if exists && (existing.st_mode & S_IFMT) != S_IFREG {
            // Not a regular file (/dev/stdout, a FIFO, a terminal): written in place.
            let fd = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { return .failure(.cannotWrite(String(cString: strerror(errno)))) }
            defer { close(fd) }
            return pour(into: fd).map { .failure(.cannotWrite($0)) } ?? .success(())
        }
        var template = Array((folder(of: target) + "/.sayline-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return .failure(.cannotWrite(String(cString: strerror(errno)))) }
        // (glibc's mkostemp is not visible to Swift: the flag is set at once instead.)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let mode = exists ? existing.st_mode & 0o7777 : newFileMode ?? 0o666 & ~currentUmask()
        if let failure = pour(into: fd) {
            close(fd)
            unlink(temporary)
            return .failure(.cannotWrite(failure))
        }
        guard fsync(fd) == 0, fchmod(fd, mode) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            return .failure(.cannotWrite(reason))
        }
        guard close(fd) == 0, rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .failure(.cannotWrite(reason))
        }
        return .success(())
    }

    /// Makes `folder` and the folders above it that are missing, below `existing` (which is
    /// never made), as `mkdir -p` would; false with `errno` set when one cannot be made.
    package static func makeFolders(_ folder: String, below existing: String = "", mode: mode_t = 0o755) -> Bool {
        var prefix = existing
        for component in folder.dropFirst(existing.count).split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, mode) != 0 && errno != EEXIST { return false }
        }
        var info = stat()
        guard stat(prefix.isEmpty ? "/" : prefix, &info) == 0 else { return false }
        // Something else by that name: say so, not mkdir's "File exists".
        guard (info.st_mode & S_IFMT) == S_IFDIR else { errno = ENOTDIR; return false }
        return true
    }

    /// Why someone other than this user (or root) could change the file at `path`, or nil when
    /// nobody else can: the file, and each folder above it up to `home` (or the root), must be
    /// owned by this user or root and writable by nobody else, as ssh and sudo check theirs.
    /// A folder with the sticky bit (/tmp) lets nobody replace another's file, so it passes.
    package static func writableByOthers(_ path: String, home: String?) -> String? {
        let me = geteuid()
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let name = TextSanitiser.echo(path, limit: 4_096)
        if info.st_uid != me && info.st_uid != 0 { return "\(name) belongs to another user (uid \(info.st_uid))" }
        if info.st_mode & 0o022 != 0 { return "others can write \(name) (mode \(octal(info.st_mode & 0o777)))" }
        var folder = self.folder(of: path)
        let stop = home.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        for _ in 0..<64 {
            guard stat(folder, &info) == 0 else { return nil }
            let folderName = TextSanitiser.echo(folder, limit: 4_096)
            if info.st_uid != me && info.st_uid != 0 { return "its folder \(folderName) belongs to another user (uid \(info.st_uid))" }
            if info.st_mode & 0o022 != 0 && info.st_mode & 0o1000 == 0 {
                return "others can write its folder \(folderName) (mode \(octal(info.st_mode & 0o777)))"
            }
            if folder == stop || folder == "/" || folder == "." { return nil }
            folder = self.folder(of: folder)
        }
        return nil
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The folder a path is in: "." for a bare name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
