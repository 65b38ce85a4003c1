import Glibc
import SaylineText
import SaylineSession
import SaylineSystem
import SaylineCommandLine

/// Speech through speech-dispatcher, as its own clients speak: one connection for the whole
/// session over its SSIP socket, value changes at priority `text` (a newer one cancels the
/// older, so a held key ends on the final value) and every other line at `message` (queued,
/// never cut by another message).
///
/// A socket file with nothing behind it is not a daemon: only a connection that answers
/// counts. When none answers, the daemon is started the way its client library does
/// (`speech-dispatcher --spawn`) and asked once more.
package final class SpeechDispatcherSpeaker: Speaker {
    private let socket: Int32
    private var priority = ""
    private var broken = false

    /// How long a reply may take before the daemon is taken to be gone.
    static let replyTimeoutMilliseconds: Int32 = 2_000
    /// How long the replies to the setup may take together, before the first prompt: a daemon
    /// answers in milliseconds, and one that accepts and stays silent (or trickles garbage)
    /// must not hold the start up; espeak-ng is used instead.
    static let setupTimeoutMilliseconds: Int32 = 1_000

    /// Connects, starting the daemon if none answers; nil when no daemon can be had.
    init?(settings: ReplSettings, environment: [String: String]) {
        let path = Self.socketPath(environment: environment)
        var connected = path.flatMap(Self.connect)
        if connected == nil, path != nil, Self.spawnDaemon(environment: environment) {
            // The spawned daemon makes its socket a moment after it forks into the background.
            for _ in 0..<40 where connected == nil {
                usleep(50_000)
                connected = path.flatMap(Self.connect)
            }
        }
        guard let socket = connected else { return nil }
        self.socket = socket
        var setup = ["SET SELF CLIENT_NAME \(Self.userName(environment)):sayline:main"]
        if settings.rate != 0 { setup.append("SET SELF RATE \(settings.rate)") }
        if let voice = settings.voice { setup.append("SET SELF LANGUAGE \(voice)") }
        if let punctuation = settings.punctuation { setup.append("SET SELF PUNCTUATION \(punctuation.rawValue)") }
        let setupDeadline = monotonicSeconds() + Double(Self.setupTimeoutMilliseconds) / 1000
        for command in setup {
            guard send(command + "\r\n"), let reply = readReply(until: setupDeadline), reply.hasPrefix("2") else {
                close(socket)
                return nil
            }
        }
        // The voice for the person's language, unless a voice was named: SSIP takes the
        // language's code (RFC 1766). A daemon with none for it says so, once.
        let book = Phrasebook.current
        if settings.voice == nil, !book.isEnglish, let code = book.code.split(separator: "_").first {
            guard send("SET SELF LANGUAGE \(code)\r\n"), let reply = readReply(until: setupDeadline) else {
                close(socket)
                return nil
            }
            if !reply.hasPrefix("2") {
                Diagnostics.write("sayline: " + translated("speech-dispatcher has no voice for %s; it speaks with its own", String(code)) + "\n")
            }
        }
    }

    package func speak(_ announcements: [Announcement]) {
        guard !broken else { return }
        let wanted = announcements.contains { $0.kind == .change } ? "text" : "message"
        if wanted != priority {
            guard request("SET SELF PRIORITY \(wanted)\r\n") else { return }
            priority = wanted
        }
        guard request("SPEAK\r\n") else { return }
        // A line of the text that starts with a dot gets a second one (SSIP's end is a lone dot).
        let body = Self.utterance(announcements).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "." + $0 : String($0) }.joined(separator: "\r\n")
        _ = request(body + "\r\n.\r\n")
    }

    /// A key was pressed: this client's speech, spoken and queued, is cancelled.
    package func stop() {
        guard !broken else { return }
        _ = request("CANCEL SELF\r\n")
    }

    /// QUIT lets the daemon go on speaking what is queued: the final value is heard whole.
    package func finish() {
        if !broken {
            _ = send("QUIT\r\n")
            _ = readReply()
        }
        close(socket)
    }

    // MARK: Protocol

    /// Sends a request and reads its reply; a failure ends speech for the session, once said.
    private func request(_ text: String) -> Bool {
        guard send(text), let reply = readReply(), reply.hasPrefix("2") else {
            if !broken {
                broken = true
                Diagnostics.write("\nsayline: " + translated("speech-dispatcher stopped answering; speech is off") + "\n")
            }
            return false
        }
        return true
    }

    private func send(_ text: String) -> Bool {
        FileAccess.writeFully(text, to: socket)
    }

    /// The reply's last line ("225 OK MESSAGE QUEUED"); earlier lines have a "-" after the code.
    /// The whole reply must come by `deadline` (by default `replyTimeoutMilliseconds` from
    /// now), and within 64 KiB: a peer that trickles bytes that never make a reply is gone too.
    private func readReply(until deadline: Double = monotonicSeconds() + Double(SpeechDispatcherSpeaker.replyTimeoutMilliseconds) / 1000) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        var taken = 0
        while taken < 1 << 16 {
            let left = Int32(max(0, (deadline - monotonicSeconds()) * 1000).rounded(.up))
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, left)
            if ready < 0 && errno == EINTR { continue }
            guard ready == 1, read(socket, &byte, 1) == 1 else { return nil }
            taken += 1
            if byte == UInt8(ascii: "\n") {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                if line.count >= 4, line[3] == UInt8(ascii: " ") { return String(decoding: line, as: UTF8.self) }
                line.removeAll()
            } else {
                line.append(byte)
            }
        }
        return nil
    }

    // MARK: Finding the daemon

    /// `SPEECHD_ADDRESS=unix_socket:PATH`, or speech-dispatcher's own default place.
    static func socketPath(environment: [String: String]) -> String? {
        if let address = environment["SPEECHD_ADDRESS"] {
            let prefix = "unix_socket:"
            return address.hasPrefix(prefix) ? String(address.dropFirst(prefix.count)) : nil
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/speech-dispatcher/speechd.sock" }
        return "/run/user/\(getuid())/speech-dispatcher/speechd.sock"
    }

    private static func connect(_ path: String) -> Int32? {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Runs `speech-dispatcher --spawn`, which starts a daemon unless one runs, and waits for it
    /// to return (it forks the daemon into the background).
    private static func spawnDaemon(environment: [String: String]) -> Bool {
        var pid: pid_t = 0
        let words: [String] = ["speech-dispatcher", "--spawn"]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var argv = arguments + [nil]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        // The person's LANGUAGE, not the one Sayline set for its catalogs.
        let entries: [UnsafeMutablePointer<CChar>?] = (GettextCatalog.childEnvironment(nil) ?? []).map { strdup($0) }
        defer { entries.forEach { free($0) } }
        var envp = entries + [nil]
        let started = entries.isEmpty ? posix_spawnp(&pid, "speech-dispatcher", &actions, nil, &argv, environ)
                                      : posix_spawnp(&pid, "speech-dispatcher", &actions, nil, &argv, &envp)
        guard started == 0 else { return false }
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { return true }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return false
    }

    private static func userName(_ environment: [String: String]) -> String {
        let name = TextSanitiser.clean(environment["USER"] ?? "user").filter { $0 != ":" && $0 != " " }
        return name.isEmpty ? "user" : name
    }
}
