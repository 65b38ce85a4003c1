import CSystem
import Glibc
import SaylineSystem

/// The one stream everything drawn on the terminal passes through (readline's `rl_outstream`):
/// the screen writes into it, readline adds its prompt and its echo and flushes it when it
/// likes. While a batch of keys is handled it is held: readline's flushes are kept, and the
/// whole batch goes out in one write when the batch is done.
///
/// A screen reader reads the terminal whenever it changes. Readline writes the line break of
/// an accepted line and flushes at once, before the line's answer exists: Fenrir looked at
/// that moment, found the cursor on an empty line, and said "blank" before every answer. Held
/// to the end of the batch, the break and the answer on the cursor line arrive together.
final class TerminalStream {
    /// The stdio stream readline and the screen write into.
    private(set) var file: UnsafeMutablePointer<FILE>?
    /// Where the bytes go (the terminal: standard error).
    private let descriptor: Int32
    /// Bytes flushed while held, written when the hold ends.
    private var held: [UInt8] = []
    /// How many holds are open: a batch of keys, and anything inside it that holds too.
    private var holds = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
        let functions = sayline_cookie_functions(read: nil, write: { cookie, bytes, count in
            guard let cookie, let bytes else { return 0 }
            let stream = Unmanaged<TerminalStream>.fromOpaque(cookie).takeUnretainedValue()
            return stream.take(UnsafeRawBufferPointer(start: bytes, count: count))
        }, seek: nil, close: nil)
        // The stream lives as long as the program: readline keeps the pointer. Should glibc
        // refuse it, the terminal is written as before, through a plain stream (unheld).
        file = sayline_fopencookie(Unmanaged.passRetained(self).toOpaque(), "w", functions) ?? fdopen(descriptor, "w")
        if let file { setvbuf(file, nil, _IOFBF, 1 << 16) }
    }

    /// From now until `release`, what is flushed is kept, not written.
    func hold() {
        holds += 1
    }

    /// Ends a hold; the last one writes everything kept, in one write: what stdio still buffers
    /// is taken into the kept bytes first (flushed while still held), so it follows them.
    func release() {
        guard holds > 0 else { return }
        if holds == 1, let file { fflush(file) }
        holds -= 1
        guard holds == 0 else { return }
        let bytes = held
        held.removeAll(keepingCapacity: true)
        _ = bytes.withUnsafeBytes { writeAll($0) }
    }

    /// stdio's flush: kept while held, else written whole. Always reports every byte taken,
    /// so stdio never retries what a terminal that went away could not take.
    private func take(_ bytes: UnsafeRawBufferPointer) -> Int {
        if holds > 0 {
            held.append(contentsOf: bytes)
        } else {
            writeAll(bytes)
        }
        return bytes.count
    }

    /// Writes all of `bytes`, through interruptions and short writes; gives up on an error
    /// (the terminal is gone; the loop learns that from its own reads).
    @discardableResult
    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard let base = bytes.baseAddress else { return true }
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EINTR || errno == EAGAIN) && Signals.terminated != 0 {
                // Asked to end while the terminal takes nothing (Ctrl-S): the session ends anyway.
                return false
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && errno == EAGAIN {
                // A terminal that is not taking output just now: waited for, never spun on.
                var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, 1_000)
            } else {
                return false
            }
        }
        return true
    }
}
