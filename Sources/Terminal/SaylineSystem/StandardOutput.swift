import Glibc
import SaylineText

/// Standard output written whole: every line at once, no buffer holding a line back from a pipe.
package enum StandardOutput {
    /// Writes all of `text` to stdout; false when the reader is gone.
    @discardableResult
    package static func writeAll(_ text: String) -> Bool {
        // A listener that stopped reading must not hold the session past SIGTERM or SIGHUP.
        FileAccess.writeFully(text, to: STDOUT_FILENO, giveUp: { Signals.terminated != 0 })
    }
}

/// stdout through a buffer, for batch output (scripts, reports): one write per 64 KiB, not per
/// line. A write that fails is remembered, so the command can say so and exit 74.
package struct BufferedOutput {
    private var buffer: [UInt8] = []

    package init() {}
    package private(set) var failed = false
    /// While set, nothing is written: what comes is kept until it is cleared (and flushed) or
    /// dropped with `discard()`. The caller bounds what it keeps (`count`).
    package var holding = false
    /// Bytes waiting to be written.
    package var count: Int { buffer.count }
    /// Why the last write failed: "Broken pipe", "No space left on device", ….
    package private(set) var reason = ""

    package mutating func write(_ text: String) {
        append(text)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// The text and a line feed.
    package mutating func writeLine(_ text: String) {
        append(text)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    /// The string's own bytes, copied at once (appending its UTF-8 view went a byte at a time
    /// through a generic path: 5 % of a script's run).
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    /// Lets `body` append to what is waiting: words written where they will be sent from.
    package mutating func write(appending body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    package mutating func write(bytes: ArraySlice<UInt8>) {
        // A piece as large as the buffer is written as it is, after what waits: copying a
        // report of tens of megabytes into the buffer first was a copy of all of it.
        guard bytes.count >= 1 << 16, !holding else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flush() }
            return
        }
        flush()
        writeOut(bytes)
    }

    package mutating func flush() {
        guard !buffer.isEmpty, !holding else { return }
        writeOut(buffer[...])
        buffer.removeAll(keepingCapacity: true)
    }

    /// Bytes to standard output at once; the first failure is kept, and nothing more is written.
    private mutating func writeOut(_ bytes: ArraySlice<UInt8>) {
        guard !failed else { return }
        if !FileAccess.writeFully(bytes, to: STDOUT_FILENO, giveUp: { Signals.terminated != 0 }) {
            failed = true
            reason = String(cString: strerror(errno))
        }
    }

    /// Drops what is waiting, unwritten.
    package mutating func discard() {
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, and says on stderr that standard output could not be written, if so.
    /// - Returns: `.ioError` when anything was lost, else nil.
    package mutating func finish(_ command: String) -> ExitStatus? {
        flush()
        guard failed else { return nil }
        // Translators: %s is the system's reason ("Broken pipe", "No space left on device").
        Diagnostics.write("\(command): " + translated("standard output cannot be written: %s", reason) + "\n")
        return .ioError
    }
}

/// Writes a whole text to stdout at once, for help and short answers; a failure is said on
/// stderr and is exit status 74.
package func writeAnswer(_ text: String, command: String = "sayline") -> Int32 {
    var output = BufferedOutput()
    output.write(text)
    return (output.finish(command) ?? .ok).rawValue
}
