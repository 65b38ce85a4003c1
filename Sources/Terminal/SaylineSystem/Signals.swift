import Glibc
import CSystem

/// Signal handlers that only set a flag and wake the loop through a self-pipe; the loop
/// does the real work outside the handler, where it is safe.
package enum Signals {
    package nonisolated(unsafe) static var interrupted: sig_atomic_t = 0
    package nonisolated(unsafe) static var resized: sig_atomic_t = 0
    package nonisolated(unsafe) static var terminated: sig_atomic_t = 0
    /// Ctrl-Z: the loop gives the terminal back, then stops the process (see `stopProcess`).
    package nonisolated(unsafe) static var suspended: sig_atomic_t = 0
    nonisolated(unsafe) static var wakeWriteEnd: Int32 = -1
    package nonisolated(unsafe) static var wakeReadEnd: Int32 = -1

    package static func install() {
        var fds: [Int32] = [-1, -1]
        // Close-on-exec: a speech engine or hook must not inherit it (nor any descriptor of ours).
        if pipe2(&fds, O_NONBLOCK | O_CLOEXEC) == 0 {
            wakeReadEnd = fds[0]
            wakeWriteEnd = fds[1]
        }
        handle(SIGINT) { _ in Signals.interrupted = 1; Signals.wake() }
        handle(SIGWINCH) { _ in Signals.resized = 1; Signals.wake() }
        handle(SIGTERM) { number in Signals.terminated = number; Signals.wake() }
        handle(SIGHUP) { number in Signals.terminated = number; Signals.wake() }
        // Ctrl-\\ would otherwise dump core and leave the terminal raw: it ends the session like SIGTERM.
        handle(SIGQUIT) { number in Signals.terminated = number; Signals.wake() }
        handle(SIGTSTP) { _ in Signals.suspended = 1; Signals.wake() }
        // A speech engine that goes away must not kill us: EPIPE is handled where we write.
        signal(SIGPIPE, SIG_IGN)
        unblock([SIGINT, SIGWINCH, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP])
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
        handle(SIGTSTP) { _ in Signals.suspended = 1; Signals.wake() }
    }

    /// Empties the self-pipe after a wake-up.
    package static func drainWakeups() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeReadEnd, &buffer, buffer.count) > 0 {}
    }

    private static func wake() {
        var byte: UInt8 = 1
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
