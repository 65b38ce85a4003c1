import Foundation
import PseudoTerminal
import SaylineCore

/// Key written to the terminal → the first sample the sound server plays that is not silence,
/// for `--sound tones`, beside `paplay` of the same tone (a program started per tone) and the
/// speech path's first sample (espeak-ng started per utterance, and speech-dispatcher with its
/// espeak-ng module), all into one PulseAudio server of the benchmark's own whose sink writes
/// what it plays into a FIFO (`SoundServer`: 5.3 ms buffers, so a figure is the client's and
/// the server's, not a sound card's).
enum ToneLatency {
    /// A sample louder than this (−50 dBFS) is sound: a tone at the default volume peaks at 4,096.
    static let loud: Int16 = 100

    /// Milliseconds from each key to its first loud sample, sorted. Each key comes once the
    /// last tone has been played and 120 ms more (a key every 160 ms or so: the tones are
    /// whole, as a person stepping, not holding, hears them).
    static func keyToTone(_ server: SoundServer, presses: Int) -> [Double] {
        guard let session = try? TerminalProcess(["--settle", "0", "--reduce-motion", "--sound", "tones"], environment: server.environment),
              session.waitForDisplay("weight> ") else { return [] }
        defer { end(session) }
        // The player has connected once a first key's tone has been played.
        _ = firstSound(server, after: press(session, 0), timeout: 5, session: session)
        var samples: [Double] = []
        for index in 1...presses {
            server.waitUntilPlayed(SoundServer.now() + 0.12)
            let sent = press(session, index)
            if let heard = firstSound(server, after: sent, session: session) { samples.append((heard - sent) * 1000) }
        }
        return samples.sorted()
    }

    /// The same tone (a step of the demo's weight) played by `paplay`, started at the key.
    static func paplay(_ server: SoundServer, presses: Int, folder: String) -> [Double] {
        let tone = folder + "/step.raw"
        let step = ToneDesign.tone(for: DemoScene.elements[0])
        _ = FileManager.default.createFile(atPath: tone, contents: Data(ToneSynthesis(volume: 50).bytes(step)))
        var samples: [Double] = []
        for _ in 0...presses {
            server.waitUntilPlayed(SoundServer.now() + 0.12)
            let sent = SoundServer.now()
            guard let pid = spawn(["/usr/bin/paplay", "--raw", "--format=s16le", "--rate=48000", "--channels=1", tone], environment: server.environment) else { return [] }
            if let heard = firstSound(server, after: sent) { samples.append((heard - sent) * 1000) }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        // The first start warmed the page cache.
        return Array(samples.dropFirst()).sorted()
    }

    /// Key to the first sample of the spoken value, through `--speak ENGINE`.
    static func keyToSpeech(_ server: SoundServer, engine: String, presses: Int, environment: [String: String] = [:]) -> [Double] {
        guard let session = try? TerminalProcess(["--settle", "0", "--reduce-motion", "--speak", engine],
                                                 environment: server.environment.merging(environment) { $1 }),
              session.waitForDisplay("weight> ") else { return [] }
        defer { end(session) }
        // The greeting is spoken first: wait until it has been heard whole.
        _ = firstSound(server, after: SoundServer.now() - 1, timeout: 10, session: session)
        waitForSilence(server, session: session)
        var samples: [Double] = []
        for index in 0...presses {
            let sent = press(session, index)
            if let heard = firstSound(server, after: sent, timeout: 5, session: session), index > 0 { samples.append((heard - sent) * 1000) }
            waitForSilence(server, session: session)
        }
        return samples.sorted()
    }

    /// A private speech-dispatcher speaking with espeak-ng into `server`: its environment for
    /// Sayline, or nil when it cannot run here.
    static func startSpeechDispatcher(in folder: String, server: SoundServer) -> [String: String]? {
        let fileManager = FileManager.default
        guard fileManager.isExecutableFile(atPath: "/usr/bin/speech-dispatcher"),
              fileManager.isExecutableFile(atPath: "/usr/lib/speech-dispatcher-modules/sd_espeak-ng") else { return nil }
        try? fileManager.createDirectory(atPath: folder + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? fileManager.createDirectory(atPath: folder + "/config/speech-dispatcher/modules", withIntermediateDirectories: true)
        try? fileManager.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        try? """
            LogLevel 2
            AudioOutputMethod "pulse"
            AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
            DefaultModule espeak-ng
            DefaultLanguage "en"

            """.write(toFile: folder + "/config/speech-dispatcher/speechd.conf", atomically: true, encoding: .utf8)
        try? "".write(toFile: folder + "/config/speech-dispatcher/modules/espeak-ng.conf", atomically: true, encoding: .utf8)
        let environment = ["XDG_RUNTIME_DIR": folder + "/run", "XDG_CONFIG_HOME": folder + "/config", "PATH": "/usr/bin:/bin"]
            .merging(server.environment) { $1 }
        guard let started = try? runPiped(["-d", "-t", "0", "-C", folder + "/config/speech-dispatcher", "-L", folder + "/logs"],
                                          input: "", environment: environment, executable: "/usr/bin/speech-dispatcher"),
              started.status == 0 else { return nil }
        return environment
    }

    static func stopSpeechDispatcher(in folder: String) {
        if let text = try? String(contentsOfFile: folder + "/run/speech-dispatcher/pid/speech-dispatcher.pid", encoding: .utf8),
           let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGKILL)
        }
    }

    // MARK: Parts

    /// Presses Up or Down (in turn) and returns when it was written.
    private static func press(_ session: TerminalProcess, _ index: Int) -> Double {
        let sent = SoundServer.now()
        session.send(index % 2 == 0 ? Keys.up : Keys.down)
        return sent
    }

    /// When the first loud sample after `time` was played, if one comes within `timeout`. The
    /// session's terminal is read meanwhile: a terminal nobody reads fills, and the session
    /// would wait on its drawing. Looked at every 5 ms: the time is the recording's, not the look's.
    private static func firstSound(_ server: SoundServer, after time: Double, timeout: Double = 2, session: TerminalProcess? = nil) -> Double? {
        let deadline = SoundServer.now() + timeout
        while SoundServer.now() < deadline {
            session?.readOutput(upTo: 0)
            let recording = server.played(since: time - 0.01)
            if let index = recording.samples.indices.first(where: { abs(Int(recording.samples[$0])) > Int(loud) && recording.time(of: $0) >= time }) {
                return recording.time(of: index)
            }
            usleep(5_000)
        }
        return nil
    }

    /// Waits until 300 ms have been played without a loud sample (speech has ended).
    private static func waitForSilence(_ server: SoundServer, timeout: Double = 10, session: TerminalProcess) {
        let deadline = SoundServer.now() + timeout
        while SoundServer.now() < deadline {
            session.readOutput(upTo: 0.05)
            let now = SoundServer.now()
            server.waitUntilPlayed(now, timeout: 2)
            let recent = server.played(since: now - 0.3)
            if !recent.samples.contains(where: { abs(Int($0)) > Int(loud) }) { return }
        }
    }

    private static func end(_ session: TerminalProcess) {
        session.send("\u{04}")
        _ = session.waitForExit()
    }

    private static func spawn(_ arguments: [String], environment: [String: String]) -> pid_t? {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = (["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()].merging(environment) { $1 }).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        return posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 ? pid : nil
    }
}
