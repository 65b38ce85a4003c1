import Glibc
import SaylineText

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
        /// Refused by `FileDoor`: a symbolic link (what it says it leads to), never written through.
        case symbolicLink(String)
        /// Refused by `FileDoor`: a folder where a file is to be written.
        case folder
        /// Refused by `FileDoor`: a FIFO, device or socket (which).
        case special(FileDoor.SpecialKind)
        /// Refused by `FileDoor`: the same file as one the command read (as it was named
        /// there), or its standard input (nil).
        case ownInput(String?)

        /// What is wrong, said after the file's name: "report.json: is a folder, not a file".
        /// A reason the system gave (strerror's, "Permission denied") stays in its words,
        /// inside the language's sentence.
        package var message: String {
            switch self {
            // Translators: said after a file's name; %s is the system's reason ("Permission denied").
            case .cannotOpen(let reason), .missing(let reason): translated("cannot be read: %s", reason)
            case .tooLarge(let size, let limit) where limit >= 1 << 20:
                // Translators: said after a file's name: its size, the limit, and the limit in MiB.
                translated("is %s bytes, more than the limit of %s (%s MiB)", NumberText.spoken(size), NumberText.spoken(limit), NumberText.spoken(limit >> 20))
            case .tooLarge(let size, let limit):
                // Translators: said after a file's name: its size, the limit, and the limit in KiB.
                translated("is %s bytes, more than the limit of %s (%s KiB)", NumberText.spoken(size), NumberText.spoken(limit), NumberText.spoken(limit >> 10))
            // Translators: said after a file's name; %s is why, often the system's reason ("Permission denied").
            case .cannotWrite(let reason): translated("cannot be written: %s", reason)
            // Translators: said after a file's name; - is typed as it is.
            case .notRegular: translated("is not a regular file (a FIFO, device or socket would never end or block); use - for standard input")
            case .symbolicLink(""):
                // Translators: said after a file's name.
                translated("is a symbolic link, and Sayline never writes through one (anyone could have planted it): remove the link, or name the file itself")
            case .symbolicLink(let target):
                // Translators: said after a file's name; %s is where the link says it leads.
                translated("is a symbolic link to %s, and Sayline never writes through one (anyone could have planted it): remove the link, or name the file itself", target)
            // Translators: said after a file's name.
            case .folder: translated("is a folder, not a file")
            case .special(let kind): Self.special(kind, itIs: false)
            // Translators: said after a file's name.
            case .ownInput(nil): translated("is standard input, which this command reads: it is never written over its own input")
            // Translators: said after a file's name; %s is the same file as the command was given it.
            case .ownInput(let input?): translated("is %s, which this command reads: it is never written over its own input", input)
            }
        }

        /// Why, in the system's words where it gave them ("Permission denied"); the door's own
        /// refusals as a clause of their own ("it is a folder, not a file"), said after a
        /// sentence such as "report.json cannot be written, …".
        package var reason: String {
            switch self {
            case .cannotOpen(let reason), .missing(let reason), .cannotWrite(let reason): reason
            // Translators: why a file cannot be written, said after "FILE cannot be written,".
            case .symbolicLink(""): translated("it is a symbolic link, and Sayline never writes through one (anyone could have planted it): remove the link, or name the file itself")
            // Translators: why a file cannot be written, said after "FILE cannot be written,"; %s is where the link says it leads.
            case .symbolicLink(let target): translated("it is a symbolic link to %s, and Sayline never writes through one (anyone could have planted it): remove the link, or name the file itself", target)
            // Translators: why a file cannot be written, said after "FILE cannot be written,".
            case .folder: translated("it is a folder, not a file")
            case .special(let kind): Self.special(kind, itIs: true)
            // Translators: why a file cannot be written, said after "FILE cannot be written,".
            case .ownInput(nil): translated("it is standard input, which this command reads: it is never written over its own input")
            // Translators: why a file cannot be written, said after "FILE cannot be written,"; %s is the same file as the command was given it.
            case .ownInput(let input?): translated("it is %s, which this command reads: it is never written over its own input", input)
            default: message
            }
        }

        /// A FIFO, socket or device refused, whole sentences for each: "is a FIFO, …" after a
        /// file's name, or "it is a FIFO, …" as a clause.
        private static func special(_ kind: FileDoor.SpecialKind, itIs: Bool) -> String {
            switch (kind, itIs) {
            // Translators: said after a file's name.
            case (.fifo, false): translated("is a FIFO, and Sayline writes only regular files (nothing that blocks, nothing into a device)")
            // Translators: said after a file's name.
            case (.socket, false): translated("is a socket, and Sayline writes only regular files (nothing that blocks, nothing into a device)")
            // Translators: said after a file's name.
            case (.device, false): translated("is a device, and Sayline writes only regular files (nothing that blocks, nothing into a device)")
            // Translators: said after a file's name.
            case (.other, false): translated("is not a regular file, and Sayline writes only regular files (nothing that blocks, nothing into a device)")
            // Translators: why a file cannot be written, said after "FILE cannot be written,".
            case (.fifo, true): translated("it is a FIFO, and Sayline writes only regular files (nothing that blocks, nothing into a device)")
            // Translators: why a file cannot be written, said after "FILE cannot be written,".
            case (.socket, true): translated("it is a socket, and Sayline writes only regular files (nothing that blocks, nothing into a device)")
            // Translators: why a file cannot be written, said after "FILE cannot be written,".
            case (.device, true): translated("it is a device, and Sayline writes only regular files (nothing that blocks, nothing into a device)")
            // Translators: why a file cannot be written, said after "FILE cannot be written,".
            case (.other, true): translated("it is not a regular file, and Sayline writes only regular files (nothing that blocks, nothing into a device)")
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
        // A file's size is known: read into an array of that size and one byte more (to see
        // it end), where a 64 KiB buffer zeroed and copied from was most of a catalog's read.
        let chunk = 1 << 16
        var size = chunk
        var regular = false
        if fstat(fd, &info) == 0, fd != STDIN_FILENO {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.cannotOpen(translated("it is a folder"))) }
            if (info.st_mode & S_IFMT) != S_IFREG { return .failure(.notRegular) }
            if Int(info.st_size) > limit { return .failure(.tooLarge(Int(info.st_size), limit: limit)) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            size = Int(info.st_size) + 1
            regular = true
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while true {
            // A stream is read 64 KiB at a time, as it comes; a file that grew since fstat too.
            if regular ? filled == bytes.count : bytes.count - filled < chunk { bytes.append(contentsOf: repeatElement(0, count: chunk)) }
            let count = bytes.withUnsafeMutableBufferPointer { Glibc.read(fd, $0.baseAddress! + filled, min(chunk, $0.count - filled)) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(.cannotOpen(String(cString: strerror(errno)))) }
            if count == 0 { break }
            filled += count
            if filled > limit { return .failure(.tooLarge(filled, limit: limit)) }
        }
        bytes.removeSubrange(filled...)
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

    /// Makes `folder` and the folders above it that are missing, below `existing` (which is
    /// never made), as `mkdir -p` would; false with `errno` set when one cannot be made.
    /// Each folder made gets exactly `mode`, whatever the umask: the files in it need their
    /// folders (a program installed for everyone under a umask of 077 would be in a 0700
    /// folder nobody else can enter). Folders already there are left as they are.
    package static func makeFolders(_ folder: String, below existing: String = "", mode: mode_t = 0o755) -> Bool {
        var prefix = existing
        for component in folder.dropFirst(existing.count).split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, mode) == 0 {
                // The folder just made, opened without following a link in case it was
                // swapped meanwhile, given its mode.
                let made = open(prefix, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard made >= 0 else { return false }
                let given = fchmod(made, mode)
                close(made)
                guard given == 0 else { return false }
            } else if errno != EEXIST {
                return false
            }
        }
        var info = stat()
        guard stat(prefix.isEmpty ? "/" : prefix, &info) == 0 else { return false }
        // Something else by that name: say so, not mkdir's "File exists".
        guard (info.st_mode & S_IFMT) == S_IFDIR else { errno = ENOTDIR; return false }
        return true
    }

    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The folder a path is in: "." for a bare name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
