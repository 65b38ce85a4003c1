import Foundation

/// The built `sayline` binary running in a pseudo-terminal, as a person would run it:
/// keys go to the terminal, the display is read back from it, and stdout (the speech
/// channel) goes to a pipe of its own unless asked to share the terminal.
public final class TerminalProcess {
    public let pid: pid_t
    private let master: Int32
    private var speechRead: Int32
    public private(set) var display: [UInt8] = []
    /// Where each read lands: made once, as a wait may read a hundred times.
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)
    public private(set) var speech: [UInt8] = []
    public private(set) var exitStatus: Int32?
    /// When false the terminal is not read, as a terminal that has stopped reading would not:
    /// what the program writes to it piles up until its writes would block. Speech still flows.
    public var readsDisplay = true
    public let home: String
    /// The terminal's modes before the program started, to check it leaves them as it found them.
    private let modesAsFound: termios

    /// Told of every wait that ran out its timeout, so that a test which waited ten seconds for
    /// something that never came fails instead of passing slowly. Tests set it (see
    /// `TimeoutsFail` in the end-to-end tests); the benchmark leaves it unset.
    public nonisolated(unsafe) static var timeoutReporter: (@Sendable (String) -> Void)?

    /// The built `sayline` next to the running test bundle or benchmark.
    public static var binary: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The test bundle may sit inside a `.xctest` folder next to the products.
        while directory.path != "/" && !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("sayline").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("sayline").path
    }

    /// - Parameters:
    ///   - speechOnTerminal: stdout shares the terminal, as when nothing is piped.
    ///   - speechTo: a descriptor stdout is given instead, such as a speech engine's stdin.
    public init(_ arguments: [String] = [], environment extra: [String: String] = [:], speechOnTerminal: Bool = false,
         speechTo: Int32? = nil, columns: UInt16 = 80, rows: UInt16 = 24, executable: String = TerminalProcess.binary) throws {
        let speechOnTerminal = speechOnTerminal || speechTo != nil
        signal(SIGPIPE, SIG_IGN)
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        var name = [CChar](repeating: 0, count: 4096)
        guard openpty(&master, &slave, &name, nil, &size) == 0 else { throw SpawnError.pty }
        var modes = termios()
        tcgetattr(slave, &modes)
        modesAsFound = modes
        // Close-on-exec everywhere: tests run in parallel, and a child that inherits another
        // test's pipe keeps it open, so that test never sees end of file.
        for fd in [master, slave] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var pipeEnds: [Int32] = [-1, -1]
        if !speechOnTerminal { guard closeOnExecPipe(&pipeEnds) == 0 else { throw SpawnError.pipe } }
        home = NSTemporaryDirectory() + "sayline-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // No looking for a screen reader unless a test asks: one may run on the machine (a
        // Fenrir test), and the display must not depend on it.
        var environment = ["TERM": "xterm", "INPUTRC": "/dev/null", "HOME": home, "LANG": "C.UTF-8", "SAYLINE_DETECT_SCREEN_READER": "0",
                           "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        environment.merge(extra) { _, new in new }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened by name after setsid, the pty becomes the controlling terminal: Ctrl-C is SIGINT.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, speechTo ?? (speechOnTerminal ? 0 : pipeEnds[1]), 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, slave)
        posix_spawn_file_actions_addclose(&actions, master)
        if !speechOnTerminal { posix_spawn_file_actions_addclose(&actions, pipeEnds[0]) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID, not imported by name.
        posix_spawnattr_setflags(&attributes, 0x80)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(slave)
        if !speechOnTerminal { close(pipeEnds[1]) }
        guard spawned == 0 else { throw SpawnError.spawn(spawned) }
        pid = child
        self.master = master
        speechRead = speechOnTerminal ? -1 : pipeEnds[0]
        for fd in [master, speechRead] where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
        if speechRead >= 0 { close(speechRead) }
        try? FileManager.default.removeItem(atPath: home)
    }

    public var speechText: String { String(decoding: speech, as: UTF8.self) }
    /// What the terminal was sent. Sayline starts a new line with CR and index (ESC D) rather
    /// than a line feed; both read here as CR LF.
    public var displayText: String { Self.lineBreaksAsCRLF(String(decoding: display, as: UTF8.self)) }
    public var speechLines: [String] { speechText.split(separator: "\n").map(String.init) }

    /// Types `text`, all of it: when the terminal's input queue is full, reads output while
    /// the program catches up instead of dropping keys.
    public func send(_ text: String) {
        sendBytes(Array(text.utf8))
    }

    /// Types bytes that need not be UTF-8.
    public func sendBytes(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(master, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
                pump(milliseconds: 10)
            } else {
                return
            }
        }
    }

    /// Changes the terminal's size; the kernel sends SIGWINCH to the program.
    public func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Closes our end of the speech pipe, as a speech engine that quits would.
    public func closeSpeech() {
        if speechRead >= 0 { close(speechRead) }
        speechRead = -1
    }

    /// Reads until `condition` holds or `timeout` passes; true when it held. A wait that runs
    /// out is reported to `timeoutReporter`: in a passing test every awaited thing comes.
    @discardableResult
    public func waitUntil(timeout: Double = 10, _ what: String = "a condition", _ condition: (TerminalProcess) -> Bool) -> Bool {
        if readOutput(upTo: timeout, until: condition) { return true }
        Self.timeoutReporter?("waited \(timeout) s for \(what), which never came; speech: \(speechText.debugDescription.suffix(300)), display: \(displayText.debugDescription.suffix(300))")
        return false
    }

    /// Reads output until `condition` holds or `seconds` pass, without calling it a failure:
    /// for retry loops, where a short wait that runs out is expected.
    @discardableResult
    public func readOutput(upTo seconds: Double, until condition: (TerminalProcess) -> Bool = { _ in false }) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        // Check before waiting: what is already read may satisfy it.
        pump(milliseconds: 0)
        if condition(self) { return true }
        while Date() < deadline {
            pump(milliseconds: 20)
            if condition(self) { return true }
        }
        return condition(self)
    }

    /// Waits until neither channel has written anything for `milliseconds`: an animation that
    /// has played out. Reported like any wait if the output never stops.
    @discardableResult
    public func waitForQuiet(milliseconds: Int32, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let before = display.count + speech.count
            pump(milliseconds: milliseconds)
            // pump returns at the first byte; quiet means a whole interval with none.
            if display.count + speech.count == before { return true }
        }
        Self.timeoutReporter?("waited \(timeout) s for \(milliseconds) ms of quiet, which never came")
        return false
    }

    /// Where the speech and the display end now, to wait for what comes after.
    public struct Mark { public let speech: Int; public let display: Int }
    public var mark: Mark { pump(milliseconds: 0); return Mark(speech: speech.count, display: display.count) }

    public func speech(since mark: Mark) -> String { String(decoding: speech[min(mark.speech, speech.count)...], as: UTF8.self) }
    public func display(since mark: Mark) -> String {
        Self.lineBreaksAsCRLF(String(decoding: display[min(mark.display, display.count)...], as: UTF8.self))
    }

    static func lineBreaksAsCRLF(_ text: String) -> String { text.replacingOccurrences(of: "\r\u{1B}D", with: "\r\n") }

    @discardableResult
    public func waitForSpeech(_ text: String, since mark: Mark? = nil, timeout: Double = 10) -> Bool {
        waitUntil(timeout: timeout, "speech \(text.debugDescription)") { process in
            mark.map { process.speech(since: $0) }.map { $0.contains(text) } ?? process.speechText.contains(text)
        }
    }

    @discardableResult
    public func waitForDisplay(_ text: String, since mark: Mark? = nil, timeout: Double = 10) -> Bool {
        waitUntil(timeout: timeout, "display \(text.debugDescription)") { process in
            mark.map { process.display(since: $0) }.map { $0.contains(text) } ?? process.displayText.contains(text)
        }
    }

    /// Waits until the terminal has been sent `text` as it is (no line breaks in it), looking
    /// only at the bytes that came since the last look: for timing, where the wait's own cost
    /// must not grow with how much the program drew, as `waitForDisplay`'s (which decodes and
    /// rewrites the whole display at each look) does.
    @discardableResult
    public func waitForDisplayBytes(_ text: String, timeout: Double = 10) -> Bool {
        let needle = Array(text.utf8)
        var searchedUpTo = 0
        return waitUntil(timeout: timeout, "display \(text.debugDescription)") { process in
            let bytes = process.display
            // A match may straddle the last look's end: begin that far back.
            var start = max(0, searchedUpTo - needle.count + 1)
            searchedUpTo = bytes.count
            while start + needle.count <= bytes.count {
                if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
                start += 1
            }
            return false
        }
    }

    /// Waits for the process to end and returns its exit status (128 + signal if killed).
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while exitStatus == nil && Date() < deadline {
            pump(milliseconds: 20)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let signal = status & 0x7F
                exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
        }
        if exitStatus == nil { Self.timeoutReporter?("waited \(timeout) s for the program to exit, and it did not") }
        // Whatever it wrote last (the terminal restored, a final newline) is still in the pty.
        while exitStatus != nil && pumpOnce() {}
        return exitStatus
    }

    /// The terminal's modes now are the ones it had before the program started: input, output,
    /// control and local flags and the control characters (Ctrl-C, Ctrl-D, …).
    public func terminalIsAsFound() -> Bool {
        var now = termios()
        guard tcgetattr(master, &now) == 0 else { return false }
        var found = modesAsFound
        let sameCharacters = withUnsafeBytes(of: &now.c_cc) { a in withUnsafeBytes(of: &found.c_cc) { b in a.elementsEqual(b) } }
        return now.c_iflag == found.c_iflag && now.c_oflag == found.c_oflag && now.c_cflag == found.c_cflag
            && now.c_lflag == found.c_lflag && sameCharacters
    }

    /// Bracketed paste was switched off after the last time it was switched on (or never on).
    public var bracketedPasteIsOff: Bool {
        let on = displayText.range(of: "\u{1B}[?2004h", options: .backwards)
        let off = displayText.range(of: "\u{1B}[?2004l", options: .backwards)
        guard let on else { return true }
        guard let off else { return false }
        return off.lowerBound > on.lowerBound
    }

    /// The terminal's local modes now: ICANON and ECHO are set again once readline lets go.
    public func terminalIsCooked() -> Bool {
        var modes = termios()
        guard tcgetattr(master, &modes) == 0 else { return false }
        return modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Reads what is there now; true if anything was.
    private func pumpOnce() -> Bool {
        let before = display.count + speech.count
        pump(milliseconds: 0)
        return display.count + speech.count > before
    }

    private func pump(milliseconds: Int32) {
        var fds = [pollfd(fd: readsDisplay ? master : -1, events: Int16(POLLIN), revents: 0)]
        if speechRead >= 0 { fds.append(pollfd(fd: speechRead, events: Int16(POLLIN), revents: 0)) }
        guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return }
        for entry in fds where entry.revents != 0 {
            while true {
                let count = read(entry.fd, &readBuffer, readBuffer.count)
                guard count > 0 else { break }
                if entry.fd == master { display += readBuffer[0..<count] } else { speech += readBuffer[0..<count] }
            }
        }
    }

    public enum SpawnError: Error {
        case pty
        case pipe
        case spawn(Int32)
    }
}

/// Runs a program with stdin, stdout and stderr on pipes, without Foundation's `Process`
/// (whose child reaper could collect the pseudo-terminal tests' children too). With
/// `keepingOutput` false its standard output is read as it comes and dropped.
public func runPiped(_ arguments: [String], input: String, environment: [String: String] = [:],
              executable: String = TerminalProcess.binary, inputBytes: [UInt8]? = nil,
              quietSeconds: Int32 = 10, keepingOutput: Bool = true) throws -> (status: Int32, stdout: String, stderr: String, peakKilobytes: Int) {
    // A child that exits before reading its input (a usage error) must not kill us with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
    guard closeOnExecPipe(&inPipe) == 0, closeOnExecPipe(&outPipe) == 0, closeOnExecPipe(&errPipe) == 0 else { throw TerminalProcess.SpawnError.pipe }
    var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8",
               "SAYLINE_DETECT_SCREEN_READER": "0"]
    env.merge(environment) { _, new in new }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    for fd in inPipe + outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    // The child starts as a shell would start it, SIGPIPE at its default: this process ignores
    // it, and a child that inherited that would hide what a listener leaving does to it.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
    guard spawned == 0 else { throw TerminalProcess.SpawnError.spawn(spawned) }
    let bytes = inputBytes ?? Array(input.utf8)
    _ = bytes.withUnsafeBytes { write(inPipe[1], $0.baseAddress, $0.count) }
    close(inPipe[1])
    var out: [UInt8] = [], err: [UInt8] = []
    var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0), pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
    var open = 2
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while open > 0, poll(&fds, 2, quietSeconds * 1000) > 0 {
        for index in fds.indices where fds[index].revents != 0 && fds[index].fd >= 0 {
            let count = read(fds[index].fd, &buffer, buffer.count)
            if count > 0 {
                // A benchmark reads what a consumer reads, without keeping it: gathering a report of
                // tens of megabytes into one string would be timed as the program's.
                if index == 0 { if keepingOutput { out += buffer[0..<count] } } else { err += buffer[0..<count] }
            } else {
                close(fds[index].fd)
                fds[index].fd = -1
                open -= 1
            }
        }
    }
    // Output still open after `quietSeconds` of silence: the child is stuck; end it rather than wait forever.
    if open > 0 {
        kill(pid, SIGKILL)
        TerminalProcess.timeoutReporter?("\(arguments) wrote nothing for \(quietSeconds) s and was killed")
    }
    for fd in fds where fd.fd >= 0 { close(fd.fd) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let signal = status & 0x7F
    // ru_maxrss of a child spawned from a large process starts at the parent's size (the child
    // shares its memory until exec), so it is an upper bound; measure with /usr/bin/time for truth.
    return (signal == 0 ? (status >> 8) & 0xFF : 128 + signal, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self), usage.ru_maxrss)
}

/// A pipe whose ends are closed in any child that does not take them as its own stdio.
/// (glibc's pipe2 is not visible to Swift without _GNU_SOURCE.)
public func closeOnExecPipe(_ ends: inout [Int32]) -> Int32 {
    guard pipe(&ends) == 0 else { return -1 }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return 0
}

/// Runs a command line in a real shell, as a person's script would; the word SAYLINE in it
/// stands for the binary under test.
public func runShell(_ script: String, environment: [String: String] = [:], shell: String = "/bin/bash") throws -> (status: Int32, stdout: String, stderr: String) {
    let result = try runPiped(["-c", script.replacingOccurrences(of: "SAYLINE", with: TerminalProcess.binary)], input: "",
                              environment: environment, executable: shell)
    return (result.status, result.stdout, result.stderr)
}
