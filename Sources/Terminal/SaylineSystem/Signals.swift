import Glibc
import CSystem

/// Signal handlers that only write the signal's number into a self-pipe, which wakes the
/// loop's `poll` and tells it which signals came; the loop does the real work outside the
/// handler, where it is safe. Only the end of the session is also a flag, because writers and
/// waits outside the loop must see it too.
package enum Signals {
    /// SIGTERM, SIGHUP or SIGQUIT (or, for piped input, SIGINT): the session is asked to end.
    /// Set by a handler, read anywhere.
    ///
    /// Neither of the two is checked for exclusive access. A handler runs on the thread it
    /// interrupts, so its write lands while that thread may be inside a read of the same
    /// variable; a checked access would then see two accesses at once and abort the program
    /// (a debug build did, at Ctrl-\ on a loaded machine: status 134 where 131 was due). A
    /// `sig_atomic_t` written whole is what the handler is allowed to touch, read or not.
    @exclusivity(unchecked) package nonisolated(unsafe) static var terminated: sig_atomic_t = 0
    /// The self-pipe's write end, which a handler writes to: a handler can reach nothing else.
    @exclusivity(unchecked) nonisolated(unsafe) private static var wakeWriteEnd: Int32 = -1

    /// What the handlers reported since the loop last looked.
    package struct Arrived: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Ctrl-C.
        package static let interrupted = Arrived(rawValue: 1)
        /// The terminal changed size.
        package static let resized = Arrived(rawValue: 2)
        /// Ctrl-Z: the loop gives the terminal back, then stops the process (see `stopProcess`).
        package static let suspended = Arrived(rawValue: 4)
    }

    /// Installs the handlers of an interactive session; returns the self-pipe's read end, for
    /// the loop to poll and read with `arrived(from:)` (-1 when no pipe could be made).
    package static func install() -> Int32 {
        var fds: [Int32] = [-1, -1]
        // Close-on-exec: a speech engine or hook must not inherit it (nor any descriptor of ours).
        // With no pipe (no descriptor left), the handlers are installed all the same: a signal
        // still ends the session as asked, though only the end is seen between keys.
        if pipe2(&fds, O_NONBLOCK | O_CLOEXEC) == 0 { wakeWriteEnd = fds[1] }
        handle(SIGINT) { number in Signals.wake(number) }
        handle(SIGWINCH) { number in Signals.wake(number) }
        handle(SIGTERM) { number in Signals.terminated = number; Signals.wake(number) }
        handle(SIGHUP) { number in Signals.terminated = number; Signals.wake(number) }
        // Ctrl-\\ would otherwise dump core and leave the terminal raw: it ends the session like SIGTERM.
        handle(SIGQUIT) { number in Signals.terminated = number; Signals.wake(number) }
        handle(SIGTSTP) { number in Signals.wake(number) }
        // A speech engine that goes away must not kill us: EPIPE is handled where we write.
        signal(SIGPIPE, SIG_IGN)
        unblock([SIGINT, SIGWINCH, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP])
        return fds[0]
    }

    /// Empties the self-pipe, and says which signals came.
    package static func arrived(from readEnd: Int32) -> Arrived {
        var arrived: Arrived = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { return arrived }
            for number in buffer[0..<count] {
                switch Int32(number) {
                case SIGINT: arrived.insert(.interrupted)
                case SIGWINCH: arrived.insert(.resized)
                case SIGTSTP: arrived.insert(.suspended)
                default: break
                }
            }
        }
    }

    /// Piped input: SIGINT, SIGTERM, SIGHUP and SIGQUIT end the session the way the end of
    /// input does (what is pending is delivered, then the status is 128 plus the signal), and a
    /// listener that leaves is EPIPE where Sayline writes, not death by SIGPIPE.
    package static func installForLines() {
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            handle(number) { number in Signals.terminated = number }
        }
        signal(SIGPIPE, SIG_IGN)
        unblock()
    }

    /// A parent may hand down a mask that blocks these; then Ctrl-C and SIGTERM would do
    /// nothing, in the REPL and in a subcommand alike.
    package static func unblock(_ numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]) {
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for number in numbers { sigaddset(&wanted, number) }
        sigprocmask(SIG_UNBLOCK, &wanted, nil)
    }

    /// Stops the process as Ctrl-Z would have, and returns when it is continued (`fg`).
    package static func stopProcess() {
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        handle(SIGTSTP) { number in Signals.wake(number) }
    }

    /// The signal's number, a byte, into the self-pipe. (A full pipe drops it: 64 KiB of
    /// signals the loop has not read yet already say the same.)
    private static func wake(_ number: Int32) {
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(wakeWriteEnd, &byte, 1)
    }

    private static func handle(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: poll must return so the loop sees the flag.
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }
}

/// Seconds on a monotonic clock, for animation frames and speech pacing.
package func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
