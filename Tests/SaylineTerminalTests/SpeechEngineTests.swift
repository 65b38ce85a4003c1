import Foundation
import PseudoTerminal
import Testing

/// Speech through the engines Sayline drives itself: a private speech-dispatcher daemon (its
/// generic output module runs a command of ours that logs when each message begins and ends),
/// and command engines given the text after "--".
extension EndToEndTests { @Suite struct SpeechEngineTests {
    static let daemonAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/speech-dispatcher")
        || ProcessInfo.processInfo.environment["CI"] != nil

    /// A speech-dispatcher of our own, in a scratch runtime folder: nothing of the machine's.
    final class Daemon {
        let folder: ScratchFolder
        var runtime: String { folder.path + "/run" }
        var said: String { folder.read("said") ?? "" }
        /// XDG_RUNTIME_DIR and XDG_CONFIG_HOME for this daemon and its clients.
        var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime, "XDG_CONFIG_HOME": folder.path + "/config", "PATH": "/usr/bin:/bin"] }

        init() throws {
            #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/speech-dispatcher"), "CI is set and speech-dispatcher is missing: .ci/run installs it")
            folder = try ScratchFolder()
            try FileManager.default.createDirectory(atPath: folder.path + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(atPath: folder.path + "/logs", withIntermediateDirectories: true)
            try folder.file("config/speech-dispatcher/speechd.conf", """
                LogLevel 5
                LogDir "\(folder.path)/logs"
                AddModule "logger" "sd_generic" "logger.conf"
                DefaultModule logger
                AudioOutputMethod "libao"
                """)
            // (With no sound card the default audio method makes the module fail to load and the
            // daemon exit; libao lets it load. Our module's command plays nothing anyway.)
            // Each message: a line when it begins, half a second of "speaking", a line when it
            // ends. A message cancelled while speaking has a BEGIN and no END.
            try folder.file("config/speech-dispatcher/modules/logger.conf", """
                GenericExecuteSynth "printf 'BEGIN %s\\\\n' \\'$DATA\\' >> \(folder.path)/said; sleep 0.5; printf 'END\\\\n' >> \(folder.path)/said"
                AddVoice "en" "male1" "logger"
                DefaultVoice "logger"
                GenericLanguage "en" "english" "utf-8"
                """)
        }

        func start() throws {
            let started = try runPiped(["-d", "-t", "0", "-C", folder.path + "/config/speech-dispatcher", "-l", "5", "-L", folder.path + "/logs"],
                                       input: "", environment: environment, executable: "/usr/bin/speech-dispatcher")
            #expect(started.status == 0, "\(started.stderr.suffix(600))")
        }

        deinit {
            // The daemon writes its pid; one Sayline spawned writes it in the same place.
            if let text = try? String(contentsOfFile: runtime + "/speech-dispatcher/pid/speech-dispatcher.pid", encoding: .utf8),
               let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
        }

        /// The messages begun, in order, and whether each was spoken to its end.
        var messages: [(text: String, ended: Bool)] {
            var result: [(String, Bool)] = []
            for line in said.split(separator: "\n") {
                if line.hasPrefix("BEGIN ") { result.append((line.dropFirst(6).trimmingCharacters(in: .whitespaces), false)) }
                if line == "END", let last = result.indices.last { result[last].1 = true }
            }
            return result
        }

        /// Waits until `text` has been spoken to its end.
        func waitUntilSpoken(_ text: String, timeout: Double = 10) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if messages.contains(where: { $0.text == text && $0.ended }) { return true }
                usleep(50_000)
            }
            TerminalProcess.timeoutReporter?("speech-dispatcher never finished \(text.debugDescription); it said \(said.debugDescription)")
            return false
        }
    }

    @Test(.enabled(if: daemonAvailable, "speech-dispatcher is not installed"))
    func aQuickRunOfChangesEndsOnTheFinalValueSpokenWholeAfterExit() throws {
        let daemon = try Daemon()
        try daemon.start()
        let result = try runPiped(["--speak", "speech-dispatcher"], input: "inc\ninc\ninc\nset -1\n", environment: daemon.environment)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        // Sayline has exited; the daemon goes on and finishes the last value.
        #expect(daemon.waitUntilSpoken("Too low, 40 kilograms min"))
        // (The daemon's generic module speaks a message a sentence at a time.)
        let messages = daemon.messages
        // The focus line is a message: never cut. The changes are text: each newer one cancels
        // the older, so stale values are cut or never begun, and the last is heard whole.
        #expect(messages.first?.text == "Weight, 62 kilograms")
        #expect(messages.first?.ended == true)
        #expect(messages.last?.text == "Too low, 40 kilograms min", "\(messages)")
        #expect(messages.last?.ended == true)
        for stale in ["62.5 kilograms", "63 kilograms", "63.5 kilograms"] {
            #expect(!messages.contains { $0.text == stale && $0.ended }, "the stale \(stale) was spoken whole: \(messages)")
        }
    }

    @Test(.enabled(if: daemonAvailable, "speech-dispatcher is not installed"))
    func noDaemonRunningIsStartedTheWayItsClientsStartOne() throws {
        let daemon = try Daemon()
        // No daemon yet: Sayline runs `speech-dispatcher --spawn`, which reads our config.
        let result = try runPiped(["--speak", "speech-dispatcher"], input: "inc\n", environment: daemon.environment)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(daemon.waitUntilSpoken("62.5 kilograms"))
    }

    /// A socket file with nothing behind it is not a daemon; when none can be started either,
    /// Sayline says so once and speaks with espeak-ng (here a stand-in that logs its arguments).
    @Test func aStaleSocketFallsBackToEspeakWithOneWarning() throws {
        let folder = try ScratchFolder()
        let runtime = folder.path + "/run"
        try FileManager.default.createDirectory(atPath: runtime + "/speech-dispatcher", withIntermediateDirectories: true)
        // Bind a socket and close it: the file stays, nothing listens.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array((runtime + "/speech-dispatcher/speechd.sock").utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in for (index, byte) in path.enumerated() { buffer[index] = byte } }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(fd)
        #expect(FileManager.default.fileExists(atPath: runtime + "/speech-dispatcher/speechd.sock"))
        // Only the stand-in is on the PATH: speech-dispatcher cannot be started.
        try folder.file("bin/espeak-ng", "#!/bin/sh\nfor word in \"$@\"; do printf '[%s]' \"$word\" >> \(folder.path)/said; done\nprintf '\\n' >> \(folder.path)/said\n", executable: true)
        let result = try runPiped(["--speak"], input: "set -7\nsay\n", environment: ["XDG_RUNTIME_DIR": runtime, "PATH": folder.path + "/bin"],
                                  executable: TerminalProcess.binary)
        #expect(result.status == 0)
        #expect(result.stderr.components(separatedBy: "speech-dispatcher did not answer and could not be started; speaking with espeak-ng").count == 2, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Weight, 62 kilograms\n"))
        // Every utterance reached the engine, the text after "--".
        let said = folder.read("said") ?? ""
        #expect(said.contains("[--][Weight, 62 kilograms]"), "\(said)")
        #expect(said.contains("[--][Too low, 40 kilograms min]"), "\(said)")
    }

    /// `--speak 'COMMAND ARGS'`: split into words without a shell, the text after "--", so a
    /// negative value is spoken, not taken for an option.
    @Test func aSpeechCommandTakesArgumentsAndNegativesAreSpoken() throws {
        let folder = try ScratchFolder()
        let engine = try folder.file("engine", "#!/bin/sh\nfor word in \"$@\"; do printf '[%s]' \"$word\" >> \(folder.path)/said; done\nprintf '\\n' >> \(folder.path)/said\n", executable: true)
        let scene = try folder.file("scene.json", #"{"controls": [{"kind": "ruler", "id": "t", "label": "Temperature", "min": -50, "max": 50, "value": -41}]}"#)
        let result = try runPiped(["--scene", scene, "--speak", "\(engine) -s 450 -v 'en gb'"], input: "dec\n", environment: [:])
        #expect(result.status == 0)
        let said = (folder.read("said") ?? "").split(separator: "\n").map(String.init)
        #expect(said == ["[-s][450][-v][en gb][--][Temperature, -41]", "[-s][450][-v][en gb][--][-42]"], "\(said)")
    }
} }
