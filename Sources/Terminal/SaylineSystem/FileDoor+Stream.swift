import Glibc
import SaylineText

/// A stream the person named for a report or a transcript: written as it is, with no rename
/// and no truncation, as every Unix tool with `-o` writes one.
///
/// What counts:
/// - the program's own standard output or error, by device and inode (`/dev/stdout`, or the
///   terminal it is): written to that descriptor, at its own offset (`--output /dev/stdout >>
///   r.json` appends as `-` would);
/// - a FIFO named as itself, or a pipe or FIFO named through the program's own descriptors
///   (`/dev/fd/N`, `/proc/self/fd/N`: bash's `>(…)` is `/dev/fd/63`), opened without blocking:
///   one with no reader is answered at once (ENXIO), never waited on;
/// - a terminal named as itself: a pseudo-terminal, a virtual console, `/dev/tty`,
///   `/dev/console` (never `/dev/ptmx`, which makes a new terminal nobody reads, nor a serial
///   line, which can hold a writer for ever).
/// Any other link is not followed to a stream, whoever made it: a link committed to a
/// repository, or planted in a shared folder, could lead a report into a FIFO another program
/// reads. What the command reads is never a stream it writes: its inputs, by device and inode,
/// and its own standard input unless that is the terminal.
package struct OpenStream {
    /// The descriptor written to.
    let fd: Int32
    /// Whether the door opened it (and closes it once written) or it is one of the program's own.
    let opened: Bool

    /// `-`: the program's standard output.
    static let standardOutput = OpenStream(fd: STDOUT_FILENO, opened: false)

    /// The stream `path` names, a refusal of it, or nil when it is not a stream at all (the
    /// door's other rules then apply). `info` is what `lstat` found at the name.
    static func named(_ path: String, _ info: stat, inputs: [String]) -> Result<OpenStream, FileAccess.Failure>? {
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        var target = stat()
        guard stat(path, &target) == 0, !isLink || namesOwnDescriptor(path) else { return nil }
        let kind = target.st_mode & S_IFMT
        guard kind == S_IFIFO || kind == S_IFCHR || kind == S_IFREG || kind == S_IFSOCK else { return nil }
        if let input = ownInput(target, inputs: inputs) { return .failure(.ownInput(input)) }
        for own in [STDOUT_FILENO, STDERR_FILENO] where same(target, asDescriptor: own) {
            return .success(OpenStream(fd: own, opened: false))
        }
        switch kind {
        case S_IFIFO: return open(path, expecting: S_IFIFO, following: isLink)
        case S_IFCHR where isTerminal(target): return open(path, expecting: S_IFCHR, following: isLink)
        default: return nil
        }
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N` (and `/dev/stdin`, to be
    /// refused as the input it is): the program's own open descriptors, however the shell
    /// names them; the only links followed to a stream.
    private static func namesOwnDescriptor(_ path: String) -> Bool {
        if ["/dev/stdin", "/dev/stdout", "/dev/stderr"].contains(path) { return true }
        for folder in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(folder) {
            let number = path.dropFirst(folder.count)
            return !number.isEmpty && number.count <= 9 && number.allSatisfy { $0.isASCII && $0.isNumber }
        }
        return false
    }

    /// One of the command's inputs (as it was named), or its standard input when that is not a
    /// terminal, if the stream is that very file or pipe.
    /// - Returns: the input as it was named, nil inside for standard input; nil when it is neither.
    private static func ownInput(_ target: stat, inputs: [String]) -> String?? {
        for input in inputs where input != "-" {
            var read = stat()
            if stat(input, &read) == 0, read.st_dev == target.st_dev, read.st_ino == target.st_ino { return FileAccess.shown(input) }
        }
        if target.st_mode & S_IFMT != S_IFCHR, same(target, asDescriptor: STDIN_FILENO) { return .some(nil) }
        return nil
    }

    private static func same(_ target: stat, asDescriptor fd: Int32) -> Bool {
        var open = stat()
        return fstat(fd, &open) == 0 && open.st_dev == target.st_dev && open.st_ino == target.st_ino
    }

    /// Opened for writing without creating anything (no O_CREAT) or blocking, and, named as
    /// itself, without following a link swapped in since the look (O_NOFOLLOW); then checked
    /// again on the descriptor: a name swapped for a regular file is refused, and nothing of it
    /// is changed (no O_TRUNC).
    private static func open(_ path: String, expecting kind: mode_t, following: Bool) -> Result<OpenStream, FileAccess.Failure> {
        let fd = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (following ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let number = errno
            if number == ENXIO {
                // Translators: why a stream cannot be written, said after "FILE cannot be written:".
                return .failure(.cannotWrite(kind == S_IFIFO ? translated("it is a FIFO with no reader") : translated("no terminal is behind it")))
            }
            return .failure(.cannotWrite(String(cString: strerror(number))))
        }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == kind, kind != S_IFCHR || isatty(fd) == 1 else {
            close(fd)
            return .failure(.cannotWrite(translated("it was replaced by another file while it was being opened")))
        }
        // Blocking from here on: a reader slower than the report is waited for, as by any writer.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(OpenStream(fd: fd, opened: true))
    }

    /// A terminal a person reads, by Linux's device numbers: a pseudo-terminal (136–143), a
    /// virtual console (4, below 64), `/dev/tty` and `/dev/console` (5, 0 and 1); told without
    /// opening anything else.
    private static func isTerminal(_ info: stat) -> Bool {
        let major = (info.st_rdev >> 8) & 0xFFF
        let minor = (info.st_rdev & 0xFF) | ((info.st_rdev >> 12) & 0xFFF00)
        return (136...143).contains(major) || (major == 4 && minor < 64) || (major == 5 && minor <= 1)
    }

    /// Every piece written to the stream as it comes; the descriptor closed after if the door
    /// opened it. A FIFO's reader sees the end of the stream then.
    func pour(_ produce: ((ArraySlice<UInt8>) -> Void) -> Void) -> Result<Void, FileAccess.Failure> {
        let failure = FileDoor.pour(produce, into: fd)
        if opened, close(fd) != 0, failure == nil { return .failure(.cannotWrite(String(cString: strerror(errno)))) }
        return failure.map { .failure(.cannotWrite($0)) } ?? .success(())
    }
}
