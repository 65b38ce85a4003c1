import Glibc
import SaylineText
import SaylineSystem

/// A script's lines for `sayline run`, read in chunks of 64 KiB each time they are walked: once
/// to check every line before anything runs, once to run them. Memory stays the same whatever
/// the script's length. Standard input, a FIFO or a device cannot be read twice: what they
/// give is held whole (up to `heldLimit`). The two walks may go on at once, on two threads:
/// each reads at its own offset.
struct ScriptLines: Sendable {
    /// A script file that is read twice may be this large.
    static let fileLimit = 1 << 30
    /// A script from standard input, held whole, may be this large.
    static let heldLimit = 16 << 20
    /// No command or expectation comes near this: a longer line is refused before it is
    /// gathered, so memory stays bounded by it.
    static let lineLimit = 1 << 20

    private enum Source: Sendable {
        case file(Int32)
        case held([UInt8])
    }

    private let source: Source

    /// The script at `path` ("-": standard input).
    static func open(_ path: String) -> Result<ScriptLines, FileAccess.Failure> {
        if path != "-" {
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard fd >= 0 else { return .failure(.cannotOpen(String(cString: strerror(errno)))) }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                guard Int(info.st_size) <= fileLimit else {
                    Glibc.close(fd)
                    return .failure(.tooLarge(Int(info.st_size), limit: fileLimit))
                }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                return .success(ScriptLines(source: .file(fd), byteCount: Int(info.st_size)))
            }
            Glibc.close(fd)
        }
        return FileAccess.read(path, limit: heldLimit).map { ScriptLines(source: .held($0), byteCount: $0.count) }
    }

    /// The script's size in bytes, as it was when opened (a file) or as held.
    let byteCount: Int

    func close() {
        if case .file(let fd) = source { Glibc.close(fd) }
    }

    /// What stopped a walk: a line that is not UTF-8, or a read that failed.
    enum Stop: Error {
        case notText(line: Int)
        case tooLong(line: Int)
        case unreadable(String)
    }

    /// Calls `body` with each line's UTF-8 bytes, without its line end (LF or CRLF), and its
    /// number from 1, until `body` returns false. The bytes are valid only during the call.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) -> Result<Void, Stop> {
        var number = 0
        var carried: [UInt8] = []
        // One line's bytes: text, or the walk stops. Lines are read in place from the chunk
        // (no slice of it is kept, so no line costs a retain and a release of the buffer).
        func deliver(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Bool, Stop> {
            number += 1
            var line = bytes.last == UInt8(ascii: "\r") ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
            // A byte-order mark, as some editors start a file with it, is not the first line's.
            if number == 1, line.starts(with: LineText.byteOrderMark) { line = UnsafeBufferPointer(rebasing: line.dropFirst(LineText.byteOrderMark.count)) }
            // ASCII is UTF-8 as it stands: only a line with other bytes needs checking.
            if line.allSatisfy({ $0 < 0x80 }) || String(validating: line, as: UTF8.self) != nil { return .success(body(line, number)) }
            return .failure(.notText(line: number))
        }
        func split(_ chunk: UnsafeBufferPointer<UInt8>, final: Bool) -> Result<Bool, Stop> {
            var start = 0
            while let base = chunk.baseAddress, start < chunk.count,
                  let found = memchr(base + start, Int32(UInt8(ascii: "\n")), chunk.count - start) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let piece = UnsafeBufferPointer(rebasing: chunk[start..<end])
                start = end + 1
                let result: Result<Bool, Stop>
                if carried.count + piece.count > Self.lineLimit { return .failure(.tooLong(line: number + 1)) }
                if carried.isEmpty {
                    result = deliver(piece)
                } else {
                    carried.append(contentsOf: piece)
                    result = carried.withUnsafeBufferPointer { deliver($0) }
                    carried.removeAll(keepingCapacity: true)
                }
                guard case .success(true) = result else { return result }
            }
            carried.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
            guard carried.count <= Self.lineLimit else { return .failure(.tooLong(line: number + 1)) }
            if final, !carried.isEmpty {
                let result = carried.withUnsafeBufferPointer { deliver($0) }
                carried.removeAll()
                return result
            }
            return .success(true)
        }
        return chunks(split)
    }

    /// Hands `split` the source's bytes: what is held, at once; a file, in chunks of 64 KiB
    /// read at this walk's own offset, the last one empty. Stops where `split` says to.
    private func chunks(_ split: (UnsafeBufferPointer<UInt8>, _ final: Bool) -> Result<Bool, Stop>) -> Result<Void, Stop> {
        switch source {
        case .held(let bytes):
            if case .failure(let stop) = bytes.withUnsafeBufferPointer({ split($0, true) }) { return .failure(stop) }
            return .success(())
        case .file(let fd):
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var offset: off_t = 0
            while true {
                let count = pread(fd, &buffer, buffer.count, offset)
                if count < 0 && errno == EINTR { continue }
                if count < 0 { return .failure(.unreadable(String(cString: strerror(errno)))) }
                offset += off_t(count)
                switch buffer.withUnsafeBufferPointer({ split(UnsafeBufferPointer(rebasing: $0[0..<count]), count == 0) }) {
                case .failure(let stop): return .failure(stop)
                case .success(false): return .success(())
                case .success(true): if count == 0 { return .success(()) }
                }
            }
        }
    }
}
