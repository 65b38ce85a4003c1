import Glibc

/// Standard output written on a thread of its own from items handed over in order, while the
/// caller goes on making the next ones: a long report's pieces (written into a pipe, a report of
/// tens of megabytes went at the reader's pace and its making stopped meanwhile), a long
/// script's words. At most `limit` waits, by each item's `weight`; past that `send` waits for
/// room, so memory stays bounded whatever the output's length.
package final class OutputThread<Item: Sendable>: @unchecked Sendable {
    private let limit: Int
    private let weight: @Sendable (Item) -> Int
    private let monitor = Monitor()
    // Under the monitor's lock:
    private var waiting: [Item] = []
    private var waitingWeight = 0
    private var busy = false
    private var flushWanted = false
    private var ending = false
    private var writeFailed = false
    private var thread: Background<BufferedOutput>?

    /// Starts writing, into `output` (the thread's until `finish`), each item as `write` puts it.
    package init(output: BufferedOutput = BufferedOutput(), limit: Int, weight: @escaping @Sendable (Item) -> Int,
                 write: @escaping @Sendable (Item, inout BufferedOutput) -> Void) {
        self.limit = limit
        self.weight = weight
        thread = Background.start { [self] in writeAll(into: output, write) }
    }

    /// Whether standard output could not be written: the caller should stop making more.
    package var failed: Bool { monitor.locked { writeFailed } }

    /// Hands an item over, waiting while too much waits already.
    package func send(_ item: Item) {
        let itemWeight = weight(item)
        guard itemWeight > 0 else { return }
        monitor.locked {
            while waitingWeight >= limit && !writeFailed { monitor.wait() }
            guard !writeFailed else { return }
            waiting.append(item)
            waitingWeight += itemWeight
            monitor.broadcast()
        }
    }

    /// Returns once everything handed over is written out: before the caller writes elsewhere
    /// (standard error, a saved file), so what comes after comes after.
    package func drain() {
        monitor.locked {
            flushWanted = true
            monitor.broadcast()
            while flushWanted || busy || !waiting.isEmpty { monitor.wait() }
        }
    }

    /// Writes what is left and gives the output back, for its `finish` to flush and report.
    package func finish() -> BufferedOutput {
        monitor.locked {
            ending = true
            monitor.broadcast()
        }
        let output = thread?.wait() ?? BufferedOutput()
        // The thread's work holds this object; let it go.
        thread = nil
        return output
    }

    private func writeAll(into start: BufferedOutput, _ write: (Item, inout BufferedOutput) -> Void) -> BufferedOutput {
        var output = start
        while true {
            let taken: [Item]? = monitor.locked {
                while waiting.isEmpty && !ending && !flushWanted { monitor.wait() }
                guard waiting.isEmpty else {
                    busy = true
                    defer { waiting.removeAll(keepingCapacity: true) }
                    return waiting
                }
                guard flushWanted else { return nil }
                output.flush()
                flushWanted = false
                writeFailed = output.failed
                monitor.broadcast()
                return []
            }
            guard let items = taken else { return output }
            for item in items where !output.failed { write(item, &output) }
            monitor.locked {
                waitingWeight -= items.reduce(0) { $0 + weight($1) }
                busy = false
                writeFailed = output.failed
                monitor.broadcast()
            }
        }
    }
}

extension OutputThread where Item == ArraySlice<UInt8> {
    /// Linux's F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7), which glibc names only for _GNU_SOURCE.
    private static var setPipeSize: Int32 { 1024 + 7 }

    /// Pieces of a long report, 2 MiB waiting at most. When standard output is a pipe it asks
    /// for one of 1 MiB (the most an unprivileged process may have): through the default 64 KiB
    /// the reader and this writer woke each other several hundred times. A refusal changes nothing.
    package static func report() -> OutputThread<ArraySlice<UInt8>> {
        var info = stat()
        if fstat(STDOUT_FILENO, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO { _ = fcntl(STDOUT_FILENO, setPipeSize, Int32(1 << 20)) }
        return OutputThread(limit: 2 << 20, weight: { $0.count }) { piece, output in output.write(bytes: piece) }
    }
}
