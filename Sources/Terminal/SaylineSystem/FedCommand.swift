import Glibc
import CSystem

/// A program kept running for the session and fed through a pipe (a sound server's client
/// playing what it reads). Its standard input is a pipe Sayline writes without ever blocking:
/// what does not fit is refused whole, never half written. Its standard error is a pipe whose
/// end of file says the program has gone, so the loop learns it from `poll` and no timer asks.
/// It starts as `DetachedCommand` starts a command, in a session of its own: Ctrl-C at the
/// terminal (SIGINT to the terminal's process group) never ends it; Sayline does, in `end`.
package final class FedCommand {
    /// What became of bytes handed to `write`.
    package enum Written: Equatable {
        case written
        /// The pipe had no room for them all: the program is behind, or stalled.
        case noRoom
        /// The program has closed its input, or ended.
        case gone
    }

    package let pid: pid_t
    /// The pipe's end Sayline writes (non-blocking); -1 once closed.
    private var input: Int32
    /// The end of the program's standard error Sayline reads (non-blocking); -1 once it ended.
    package private(set) var errors: Int32
    /// What a write left unwritten: written before anything else, so no sample is ever split.
    private var remainder: [UInt8] = []
    private var reaped = false

    private init(pid: pid_t, input: Int32, errors: Int32) {
        self.pid = pid
        self.input = input
        self.errors = errors
    }

    deinit { end(grace: 0) }

    /// Starts `arguments` (the program found on PATH; no shell ever reads them).
    package static func start(_ arguments: [String]) -> Result<FedCommand, DetachedCommand.StartFailure> {
        var feed: [Int32] = [-1, -1], said: [Int32] = [-1, -1]
        guard pipe2(&feed, O_CLOEXEC) == 0 else { return .failure(.init(code: errno)) }
        guard pipe2(&said, O_CLOEXEC) == 0 else {
            let code = errno
            close(feed[0]); close(feed[1])
            return .failure(.init(code: code))
        }
        // Sayline's ends alone are non-blocking: each end of a pipe is its own open file.
        _ = fcntl(feed[1], F_SETFL, fcntl(feed[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(said[0], F_SETFL, fcntl(said[0], F_GETFL) | O_NONBLOCK)
        let started = DetachedCommand.start(arguments, ownSession: true, input: feed[0], errors: said[1])
        // The child's ends are the child's: closed here, the reader's end of file comes when it ends.
        close(feed[0])
        close(said[1])
        switch started {
        case .success(let pid):
            return .success(FedCommand(pid: pid, input: feed[1], errors: said[0]))
        case .failure(let failure):
            close(feed[1])
            close(said[0])
            return .failure(failure)
        }
    }

    /// Bytes written that the program has not read yet.
    package var unread: Int {
        guard input >= 0 else { return 0 }
        var count: Int32 = 0
        return ioctl(input, UInt(FIONREAD), &count) == 0 ? Int(count) + remainder.count : remainder.count
    }

    /// Writes all of `bytes` now, or none of them.
    /// - Complexity: one or two system calls; never waits.
    package func write(_ bytes: [UInt8]) -> Written {
        guard input >= 0 else { return .gone }
        if !remainder.isEmpty {
            let left = remainder
            remainder = []
            switch put(left) {
            case .written: break
            case let other: return other
            }
            guard remainder.isEmpty else { return .noRoom }
        }
        // Room for them all, and a page to spare: a pipe holds whole pages, and a write that
        // does not fit is cut short, which would split a sample and shift every one after it.
        let capacity = Int(fcntl(input, 1032))  // F_GETPIPE_SZ, not imported by name
        guard capacity <= 0 || unread + bytes.count + 4_096 <= capacity else { return .noRoom }
        return put(bytes)
    }

    private func put(_ bytes: [UInt8]) -> Written {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress! + offset, bytes.count - offset) }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                // Cut short after all: the rest goes first next time.
                remainder = Array(bytes[offset...])
                return .written
            } else {
                return .gone
            }
        }
        return .written
    }

    /// What the program has written to its standard error, in all.
    package private(set) var errorBytes = 0

    /// Reads what the program wrote to its standard error, at most 64 KiB a call, and drops
    /// it (a program that writes without end is never waited on); true once it has ended.
    package func drainErrors() -> Bool {
        guard errors >= 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        for _ in 0..<16 {
            let count = read(errors, &buffer, buffer.count)
            if count > 0 {
                errorBytes += count
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { return false }
            close(errors)
            errors = -1
            return true
        }
        return false
    }

    /// Ends it, for good: its input is closed (it plays out what it has and exits), it is
    /// given `grace` seconds, then SIGTERM, 50 ms more, then SIGKILL; it is always reaped.
    package func end(grace: Double) {
        if input >= 0 { close(input); input = -1 }
        if errors >= 0 { close(errors); errors = -1 }
        guard !reaped else { return }
        reaped = true
        if waitForExit(within: grace) { return }
        kill(pid, SIGTERM)
        if waitForExit(within: 0.05) { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private func waitForExit(within seconds: Double) -> Bool {
        let deadline = monotonicSeconds() + seconds
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) { return true }
            if monotonicSeconds() >= deadline { return false }
            usleep(2_000)
        }
    }
}
