import Glibc

/// Reading and writing whole files with plain system calls: no Foundation, and writes that
/// never leave a half-written file behind.
enum FileAccess {
    enum Failure: Error, Equatable {
        case cannotOpen(String)
        case tooLarge(Int)
        case cannotWrite(String)

        var message: String {
            switch self {
            case .cannotOpen(let reason): "cannot be read: \(reason)"
            case .tooLarge(let size): "is \(size) bytes, more than the limit"
            case .cannotWrite(let reason): "cannot be written: \(reason)"
            }
        }
    }

    /// Reads a file, or standard input for "-", refusing more than `limit` bytes.
    static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.cannotOpen(String(cString: strerror(errno)))) }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.cannotOpen("it is a folder")) }
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > limit {
            return .failure(.tooLarge(Int(info.st_size)))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(.cannotOpen(String(cString: strerror(errno)))) }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > limit { return .failure(.tooLarge(bytes.count)) }
        }
        return .success(bytes)
    }

    /// Writes all of `text` to a descriptor, resuming after interruptions and partial writes;
    /// false when the descriptor refuses (EPIPE: the reader is gone), with `errno` set.
    static func writeFully(_ text: String, to fd: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EAGAIN {
                // A non-blocking descriptor that is full: wait until it can take more, not spin.
                var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, -1)
                continue
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Writes to a temporary file beside `path`, syncs it, then renames it over `path`:
    /// a crash or a kill leaves the old file or the new one, never half of either.
    static func writeAtomically(_ text: String, to path: String) -> Result<Void, Failure> {
        let temporary = path + ".tmp.\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return .failure(.cannotWrite(String(cString: strerror(errno)))) }
        guard writeFully(text, to: fd) else {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            return .failure(.cannotWrite(reason))
        }
        fsync(fd)
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .failure(.cannotWrite(reason))
        }
        return .success(())
    }
}

/// stdout through a buffer, for batch output (scripts, reports): one write per 64 KiB, not per line.
struct BufferedOutput {
    private var buffer: [UInt8] = []
    private(set) var listenerGone = false

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty, !listenerGone else { return }
        if !SpeechChannel.writeAll(String(decoding: buffer, as: UTF8.self)) { listenerGone = true }
        buffer.removeAll(keepingCapacity: true)
    }
}
