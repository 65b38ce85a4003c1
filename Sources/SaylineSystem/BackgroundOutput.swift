import Glibc
import SaylineCore

/// Standard output written on a thread of its own: a long report's pieces are handed over as
/// they are made, and the next ones are made while these are written. Written into a pipe, a
/// report of tens of megabytes went at the reader's pace, and its making stopped meanwhile.
/// At most `limit` bytes wait; past that a piece waits for room, so memory stays bounded.
package final class BackgroundOutput: @unchecked Sendable {
    private let limit: Int
    private let monitor = Monitor()
    // Under the monitor's lock:
    private var waiting: [ArraySlice<UInt8>] = []
    private var waitingBytes = 0
    private var ending = false
    private var writeFailed = false
    private var thread: Background<BufferedOutput>?

    package init(limit: Int = 2 << 20) {
        self.limit = limit
        Self.widenPipe()
        thread = Background.start { [self] in writeAll() }
    }

    /// Linux's F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7), which glibc names only for _GNU_SOURCE.
    private static let setPipeSize: Int32 = 1024 + 7

    /// When standard output is a pipe, asks for a pipe of 1 MiB (the most an unprivileged
    /// process may have): through the default 64 KiB, a report of tens of megabytes woke the
    /// reader and this writer in turn several hundred times. A refusal changes nothing.
    private static func widenPipe() {
        var info = stat()
        guard fstat(STDOUT_FILENO, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else { return }
        _ = fcntl(STDOUT_FILENO, setPipeSize, Int32(1 << 20))
    }

    /// Hands a piece over (the bytes are shared, not copied), waiting while too much waits.
    package func write(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        monitor.locked {
            while waitingBytes >= limit && !writeFailed { monitor.wait() }
            guard !writeFailed else { return }
            waiting.append(bytes)
            waitingBytes += bytes.count
            monitor.broadcast()
        }
    }

    /// Writes what is left and says whether all of it went: `.ioError`, said on stderr, when not.
    package func finish(_ command: String) -> ExitStatus? {
        monitor.locked {
            ending = true
            monitor.broadcast()
        }
        var output = thread?.wait() ?? BufferedOutput()
        // The thread's work holds this writer; let it go.
        thread = nil
        return output.finish(command)
    }

    private func writeAll() -> BufferedOutput {
        var output = BufferedOutput()
        while true {
            let next: [ArraySlice<UInt8>]? = monitor.locked {
                while waiting.isEmpty && !ending { monitor.wait() }
                if waiting.isEmpty { return nil }
                let taken = waiting
                waiting.removeAll()
                return taken
            }
            guard let pieces = next else { return output }
            for piece in pieces where !output.failed { output.write(bytes: piece) }
            monitor.locked {
                waitingBytes -= pieces.reduce(0) { $0 + $1.count }
                writeFailed = output.failed
                monitor.broadcast()
            }
        }
    }
}
