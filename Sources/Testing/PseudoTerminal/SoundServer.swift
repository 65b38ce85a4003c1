import Foundation

/// A PulseAudio server of a test's own (its own runtime folder, socket and cookie), whose one
/// sink writes what it plays into a FIFO that is read here as it plays: what a person would
/// have heard, sample by sample, with the time each was played.
///
/// The sink is `module-pipe-sink` paced by the system clock, with 8 channels: it hands the FIFO
/// one pipe buffer (4 KiB) at a time, 256 frames, 5.3 ms, so a sample's time is known to a
/// few milliseconds (with one channel a buffer is 42.7 ms). A buffer counts as played from the
/// moment it is read, which is no earlier than the sink handed it over, its frames one after
/// another from then. A mono stream is played on the front channels; channel 0 is kept.
public final class SoundServer: @unchecked Sendable {
    public static let rate = 48_000
    static let channels = 8
    public static let program = "/usr/bin/pulseaudio"
    public static var available: Bool { FileManager.default.isExecutableFile(atPath: program) }

    public let folder: String
    /// What a client names the server by: `unix:FOLDER/pulse.sock`.
    public var address: String { "unix:" + folder + "/pulse.sock" }
    /// PULSE_SERVER for a client of this server alone.
    public var environment: [String: String] { ["PULSE_SERVER": address] }

    private var server: pid_t = 0
    /// What the sink played, read on a thread of its own, which holds this and not the server:
    /// holding the server, it kept it from ever being released, and its pulseaudio running.
    private let played: Played

    /// Starts the server and waits (30 s at most, for a loaded machine) until it answers.
    public init() throws {
        folder = NSTemporaryDirectory() + "sayline-sound-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let recording = folder + "/played"
        guard mkfifo(recording, 0o600) == 0 else { throw TerminalProcess.SpawnError.pipe }
        // Opened before the server: a FIFO opened for reading without waiting needs no writer yet.
        let fifo = open(recording, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fifo >= 0 else { throw TerminalProcess.SpawnError.pipe }
        played = Played(fifo: fifo)
        // The sink first: once the socket answers, the sink is there. A server this process
        // failed to end (it was killed) ends itself 20 s after its last client has gone.
        let arguments = [Self.program, "-n", "--daemonize=no", "--exit-idle-time=20", "--use-pid-file=no", "--disable-shm=yes",
                         "--log-target=stderr", "--log-level=error",
                         "--load=module-pipe-sink file=\(recording) rate=\(Self.rate) channels=\(Self.channels) format=s16le sink_name=played use_system_clock_for_timing=yes",
                         "--load=module-native-protocol-unix socket=\(folder)/pulse.sock auth-anonymous=1"]
        let environment = ["XDG_RUNTIME_DIR": folder, "HOME": folder, "PATH": "/usr/bin:/bin"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, folder + "/server.log", O_WRONLY | O_CREAT, 0o600)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        guard posix_spawn(&server, Self.program, &actions, nil, argv, envp) == 0 else { throw TerminalProcess.SpawnError.spawn(errno) }
        let reader = played
        Thread.detachNewThread { reader.read() }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let answer = try? runPiped(["info"], input: "", environment: self.environment, executable: "/usr/bin/pactl", quietSeconds: 5),
               answer.status == 0 { return }
            usleep(20_000)
        }
        throw TerminalProcess.SpawnError.spawn(ETIMEDOUT)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Ends the server and the reading. SIGKILL: it keeps nothing, and on SIGTERM it took a
    /// second to go.
    public func stop() {
        if server > 0 {
            kill(server, SIGCONT)
            kill(server, SIGKILL)
            var status: Int32 = 0
            waitpid(server, &status, 0)
            server = 0
        }
        played.stop()
    }

    /// Stops the server where it is (SIGSTOP), as a server that hangs; `resume` lets it go on.
    public func freeze() { if server > 0 { kill(server, SIGSTOP) } }
    public func resume() { if server > 0 { kill(server, SIGCONT) } }

    /// What the sink played: channel 0 of each read, and when it was read.
    private final class Played: @unchecked Sendable {
        let lock = NSLock()
        var samples: [Int16] = []
        /// Where each read began in `samples`, and when it was read (monotonic seconds).
        var reads: [(index: Int, time: Double)] = []
        private let fifo: Int32
        private var stopping = false
        private var done = false

        init(fifo: Int32) { self.fifo = fifo }

        deinit { close(fifo) }

        func stop() {
            lock.withLock { stopping = true }
            while !(lock.withLock { done }) { usleep(2_000) }
        }

        func read() {
            defer { lock.withLock { done = true } }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var carried: [UInt8] = []
            let frame = 2 * SoundServer.channels
            while !(lock.withLock { stopping }) {
                var entry = pollfd(fd: fifo, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 20) > 0 else { continue }
                let count = Glibc.read(fifo, &buffer, buffer.count)
                let now = SoundServer.now()
                guard count > 0 else { continue }
                carried += buffer[0..<count]
                let frames = carried.count / frame
                var channel = [Int16](repeating: 0, count: frames)
                for index in 0..<frames {
                    channel[index] = Int16(bitPattern: UInt16(carried[index * frame]) | UInt16(carried[index * frame + 1]) << 8)
                }
                carried.removeFirst(frames * frame)
                lock.withLock {
                    reads.append((samples.count, now))
                    samples += channel
                }
            }
        }
    }

    /// Seconds on the monotonic clock, as the tests and the benchmark time their keys.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// What was played from `start` (monotonic seconds) on, from the first read at or after it.
    public func played(since start: Double) -> Recording {
        played.lock.withLock {
            guard let first = played.reads.firstIndex(where: { $0.time >= start }) else { return Recording(samples: [], reads: []) }
            let base = played.reads[first].index
            return Recording(samples: Array(played.samples[base...]), reads: played.reads[first...].map { ($0.index - base, $0.time) })
        }
    }

    /// The time up to which the sink has played, on the monotonic clock.
    public var playedUntil: Double {
        played.lock.withLock { played.reads.last.map { $0.time + Double(played.samples.count - $0.index) / Double(Self.rate) } ?? -.infinity }
    }

    /// Waits until the sink has played up to `time` (or `timeout` passes): what it played until
    /// then can be read whole.
    @discardableResult
    public func waitUntilPlayed(_ time: Double, timeout: Double = 10) -> Bool {
        let deadline = Self.now() + timeout
        while Self.now() < deadline {
            if playedUntil >= time { return true }
            usleep(2_000)
        }
        TerminalProcess.timeoutReporter?("waited \(timeout) s for the sound server to play up to \(time), which it never did")
        return false
    }

    /// Waits until `count` tones have been played since `start`, and the last has ended.
    @discardableResult
    public func waitForTones(_ count: Int, since start: Double, timeout: Double = 10, threshold: Int16 = 100) -> [Recording.Tone] {
        let deadline = Self.now() + timeout
        var tones: [Recording.Tone] = []
        while Self.now() < deadline {
            // Ended: quiet after it for longer than a gap the server may leave in a tone, in
            // this snapshot's own samples (the clock, read again, would take in samples the
            // tones were not looked for in, and a tone half recorded would look ended).
            let recording = played(since: start)
            tones = recording.tones(threshold: threshold)
            if tones.count >= count, let last = tones.last,
               Double(recording.samples.count - last.last) / Double(Self.rate) > Recording.gap + Recording.fragment { return tones }
            // Looked at 50 times a second: each look reads the whole recording, and the cores
            // it takes are the sound server's and the player's.
            usleep(20_000)
        }
        TerminalProcess.timeoutReporter?("waited \(timeout) s for \(count) tones, and \(tones.count) came")
        return tones
    }

    /// Processes still running with this server as their PULSE_SERVER: Sayline's player, or
    /// what it started, once Sayline has gone.
    public func playersRunning(named name: String? = nil) -> [pid_t] {
        Self.playersRunning(for: address).filter { pid in
            name.map { (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix($0) == true } ?? true
        }
    }

    /// Processes still running with PULSE_SERVER `address` in their environment (a test's own
    /// address: a player, whatever program it is, or whatever it left behind).
    public static func playersRunning(for address: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != getpid(),
                  let environment = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/environ")) else { return nil }
            // A zombie has no environment left to read: it runs no more.
            return String(decoding: environment, as: UTF8.self).split(separator: "\0").contains { $0 == "PULSE_SERVER=" + address } ? pid : nil
        }
    }
}

/// Samples the server played, from a known time.
public struct Recording {
    public let samples: [Int16]
    /// Where each read began in `samples`, and when it was read.
    let reads: [(index: Int, time: Double)]

    /// When a sample was played, on the monotonic clock: its read's time, and one sample's
    /// time for each before it in that read.
    public func time(of index: Int) -> Double {
        var low = 0, high = reads.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if reads[middle].index <= index { low = middle } else { high = middle - 1 }
        }
        guard reads.indices.contains(low) else { return .nan }
        return reads[low].time + Double(index - reads[low].index) / Double(SoundServer.rate)
    }

    /// Silence this long ends a tone; shorter dips (a low sine's zero crossings) do not.
    public static let quiet = 0.0005
    /// A loud stretch shorter than this, this near another, is part of it: where a note fades
    /// in or out, a low sine rises above the threshold only near its peaks.
    public static let fragment = 0.005

    /// One tone as played.
    public struct Tone {
        /// When its first and last loud samples were played, on the monotonic clock (as
        /// the reads tell it: for how late a tone is).
        public let start: Double
        public let end: Double
        /// How long it sounded, in the server's own time, its samples (a read delayed on a
        /// busy machine makes the clock's gaps longer or shorter, never the samples').
        public let seconds: Double
        /// Where it lies in the recording.
        let first: Int, last: Int
        /// Its loudest sample.
        public let peak: Int
        /// Its pitch in hertz, from the zero crossings of its loud middle.
        public let frequency: Double
    }

    /// The tones in the recording: runs of samples louder than `threshold`, apart by `quiet`
    /// (where one shortened tone fades into the next, they are apart by a millisecond or two).
    public func tones(threshold: Int16 = 100) -> [Tone] {
        let gap = Int(Self.quiet * Double(SoundServer.rate))
        var runs: [(first: Int, last: Int)] = []
        for (index, sample) in samples.enumerated() where abs(Int(sample)) > Int(threshold) {
            if let run = runs.last, index - run.last <= gap {
                runs[runs.count - 1].last = index
            } else {
                runs.append((index, index))
            }
        }
        // Fragments go to their nearest neighbour within `fragment`.
        let short = Int(Self.fragment * Double(SoundServer.rate))
        var merged: [(first: Int, last: Int)] = []
        var index = 0
        while index < runs.count {
            var run = runs[index]
            index += 1
            while index < runs.count, runs[index].first - run.last < short,
                  run.last - run.first < short || runs[index].last - runs[index].first < short {
                run.last = runs[index].last
                index += 1
            }
            merged.append(run)
        }
        // A tone the server played with a gap in it (a player not scheduled in time, on a
        // machine busy with builds) is one tone: pieces of one pitch, close together.
        var whole: [Tone] = []
        let rate = Double(SoundServer.rate)
        for piece in merged.map({ tone(from: $0.first, to: $0.last) }) {
            if let last = whole.last, Double(piece.first - last.last) / rate < Self.gap, abs(piece.frequency - last.frequency) < last.frequency * 0.03 {
                let weight = last.seconds / (last.seconds + piece.seconds)
                whole[whole.count - 1] = Tone(start: last.start, end: piece.end, seconds: Double(piece.last - last.first) / rate,
                                              first: last.first, last: piece.last, peak: max(last.peak, piece.peak),
                                              frequency: last.frequency * weight + piece.frequency * (1 - weight))
            } else {
                whole.append(piece)
            }
        }
        return whole
    }

    /// The longest gap in one tone that is taken for the server's, not a second tone: shorter
    /// than the rest between a refusal's two pulses (25 ms).
    public static let gap = 0.02

    private func tone(from first: Int, to last: Int) -> Tone {
        let part = samples[first...last]
        let peak = part.map { abs(Int($0)) }.max() ?? 0
        // Crossings where the tone is at least half its peak: the fades leave them alone.
        let loud = part.indices.filter { abs(Int(samples[$0])) * 2 >= peak }
        var crossings: [Double] = []
        if let from = loud.first, let to = loud.last {
            for index in from..<to where (samples[index] < 0) != (samples[index + 1] < 0) {
                let a = Double(samples[index]), b = Double(samples[index + 1])
                crossings.append(Double(index) + a / (a - b))
            }
        }
        let frequency = crossings.count > 2 ? Double(crossings.count - 1) / 2 / ((crossings.last! - crossings.first!) / Double(SoundServer.rate)) : 0
        return Tone(start: time(of: first), end: time(of: last), seconds: Double(last - first) / Double(SoundServer.rate),
                    first: first, last: last, peak: peak, frequency: frequency)
    }
}
