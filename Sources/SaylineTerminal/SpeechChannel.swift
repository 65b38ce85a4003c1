import Glibc
import SaylineCore

/// The speech channel: announcements on stdout, one line each, written at once (no buffer
/// holds a line back from a pipe), and optionally spoken by a speech command as well.
final class SpeechChannel {
    /// Set when stdout's reader has gone away (EPIPE): the session should end.
    private(set) var listenerGone = false
    private let speaker: Speaker?

    init(speakCommand: String?) {
        speaker = speakCommand.map(Speaker.init(command:))
    }

    func say(_ announcements: [Announcement]) {
        for announcement in announcements {
            if !listenerGone, !Self.writeAll(announcement.text + "\n") { listenerGone = true }
            speaker?.speak(announcement.text)
        }
    }

    func close() { speaker?.stop() }

    /// Writes all of `text` to stdout; false when the reader is gone.
    @discardableResult
    static func writeAll(_ text: String) -> Bool {
        FileAccess.writeFully(text, to: STDOUT_FILENO)
    }
}

/// Runs a speech command per announcement, stopping the one still speaking, as a screen
/// reader interrupts the previous value when a new one comes.
final class Speaker {
    private let command: String
    /// speech-dispatcher cancels a "text" message when the next one arrives, so spd-say is
    /// given that priority; other engines are stopped with SIGTERM.
    private let leadingArguments: [String]
    private var current: pid_t?
    private var warned = false

    init(command: String) {
        self.command = command == Options.defaultEngine ? Self.defaultEngine() : command
        leadingArguments = self.command.hasSuffix("spd-say") ? ["-P", "text"] : []
    }

    /// spd-say when a speech-dispatcher socket exists for this user, else espeak-ng.
    static func defaultEngine() -> String {
        let environment = processEnvironment()
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        return access(runtime + "/speech-dispatcher/speechd.sock", F_OK) == 0 ? "spd-say" : "espeak-ng"
    }

    func speak(_ text: String) {
        stop()
        var pid: pid_t = 0
        let arguments = [command] + leadingArguments + [text]
        let cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var argv = cStrings + [nil]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The engine must not write into the speech channel or read the keyboard.
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let result = posix_spawnp(&pid, command, &actions, nil, &argv, environ)
        if result == 0 {
            current = pid
        } else if !warned {
            warned = true
            Diagnostics.write("\nsayline: cannot start the speech command \(TextSanitiser.echo(command)): \(String(cString: strerror(result)))\n")
        }
    }

    /// Stops the engine still speaking: SIGTERM, and SIGKILL if it has not gone within 50 ms,
    /// so an engine that ignores SIGTERM cannot stall a key press.
    func stop() {
        reap()
        guard let pid = current else { return }
        current = nil
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(1_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    /// Collects a finished engine so no zombie is left.
    func reap() {
        guard let pid = current else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { current = nil }
    }
}
