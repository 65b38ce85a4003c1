import Glibc

/// A stream the person named for a report or a transcript: written as it is, with no rename
/// and no truncation, as every Unix tool with `-o` writes one.
///
/// What counts, by what the name is or leads to through links (the links are the person's
/// own here: `/dev/stdout`, bash's `/dev/fd/63`):
/// - the program's own standard output or error, by device and inode: written to that
///   descriptor, at its own offset (`--output /dev/stdout > r.json` appends as `-` would);
/// - a pipe or FIFO with a reader, opened without blocking: one with no reader is answered at
///   once (ENXIO), never waited on;
/// - a terminal.
/// A link to anything else (a regular file, a folder, a device that is no terminal) is not a
/// stream, and the door's other rules refuse it as before.
package struct OpenStream {
    /// The descriptor written to.
    let fd: Int32
    /// Whether the door opened it (and closes it once written) or it is one of the program's own.
    let opened: Bool

    /// `-`: the program's standard output.
    static let standardOutput = OpenStream(fd: STDOUT_FILENO, opened: false)

    /// The stream `path` names, a refusal of it, or nil when it is not a stream at all.
    /// `info` is what `lstat` found at the name.
    static func named(_ path: String, _ info: stat) -> Result<OpenStream, FileAccess.Failure>? {
        var target = stat()
        guard stat(path, &target) == 0 else { return nil }
        for own in [STDOUT_FILENO, STDERR_FILENO] {
            var standard = stat()
            if fstat(own, &standard) == 0, standard.st_dev == target.st_dev, standard.st_ino == target.st_ino {
                return .success(OpenStream(fd: own, opened: false))
            }
        }
        switch target.st_mode & S_IFMT {
        case S_IFIFO: return open(path, expecting: S_IFIFO)
        case S_IFCHR: return isTerminal(target) ? open(path, expecting: S_IFCHR) : nil
        default: return nil
        }
    }

    /// Opened for writing without following a planted name anywhere new (no O_CREAT) or
    /// blocking, then checked again on the descriptor: a name swapped for a regular file after
    /// the look is refused, and nothing of it is changed (no O_TRUNC).
    private static func open(_ path: String, expecting kind: mode_t) -> Result<OpenStream, FileAccess.Failure> {
        let fd = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let number = errno
            if number == ENXIO { return .failure(.cannotWrite("it is a FIFO with no reader")) }
            return .failure(.cannotWrite(String(cString: strerror(number))))
        }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == kind, kind != S_IFCHR || isatty(fd) == 1 else {
            close(fd)
            return .failure(.cannotWrite("it was replaced by another file while it was being opened"))
        }
        // Blocking from here on: a reader slower than the report is waited for, as by any writer.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(OpenStream(fd: fd, opened: true))
    }

    /// A character device that is a terminal: the major numbers of Linux's consoles, serial
    /// lines and pseudo-terminals (4, 5 and 136–143), told without opening anything else.
    private static func isTerminal(_ info: stat) -> Bool {
        let major = (info.st_rdev >> 8) & 0xFFF
        return major == 4 || major == 5 || (136...143).contains(major)
    }

    /// Every piece written to the stream as it comes; the descriptor closed after if the door
    /// opened it. A FIFO's reader sees the end of the stream then.
    func pour(_ produce: ((ArraySlice<UInt8>) -> Void) -> Void) -> Result<Void, FileAccess.Failure> {
        let failure = FileDoor.pour(produce, into: fd)
        if opened, close(fd) != 0, failure == nil { return .failure(.cannotWrite(String(cString: strerror(errno)))) }
        return failure.map { .failure(.cannotWrite($0)) } ?? .success(())
    }
}
