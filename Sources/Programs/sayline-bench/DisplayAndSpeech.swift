import Foundation
import PseudoTerminal

/// What a key press costs the terminal in each display mode, and how soon a key press reaches
/// speech-dispatcher, with one connection against a process per line.
enum DisplayCost {
    struct PerKey {
        let bytes: Double
        /// In-place updates of the drawing (the full display's frames).
        let frames: Double
        /// Times the prompt line was drawn again.
        let prompts: Double
    }

    /// Presses Up and Down alternately, each after the last one's output has gone quiet (so an
    /// animation has played out), and averages what reached the terminal per press.
    static func perKey(binary: String, arguments: [String], presses: Int, prompt: String) -> PerKey? {
        guard let process = try? TerminalProcess(arguments + ["--settle", "0"], environment: ["SAYLINE_DETECT_SCREEN_READER": "0"],
                                                 executable: binary),
              process.waitForDisplay(prompt) else { return nil }
        process.waitForQuiet(milliseconds: 200)
        let before = process.mark
        for index in 0..<presses {
            let lines = process.speech.count { $0 == UInt8(ascii: "\n") }
            process.send(index % 2 == 0 ? "\u{1B}[A" : "\u{1B}[B")
            _ = process.waitUntil(timeout: 2) { $0.speech.count { $0 == UInt8(ascii: "\n") } > lines }
            process.waitForQuiet(milliseconds: 150)
        }
        let drawn = process.display(since: before)
        let count = Double(presses)
        return PerKey(bytes: Double(drawn.utf8.count) / count,
                      frames: Double(drawn.components(separatedBy: "\u{1B}7").count - 1 + drawn.components(separatedBy: "\u{1B}[J").count - 1) / count,
                      prompts: Double(drawn.components(separatedBy: prompt).count - 1) / count)
    }
}

enum SpeechLatency {
    /// A private speech-dispatcher whose output module only logs; the daemon's own log says
    /// when each message arrived, to the microsecond.
    static func startDaemon(in folder: String) -> [String: String]? {
        let fileManager = FileManager.default
        guard fileManager.isExecutableFile(atPath: "/usr/bin/speech-dispatcher") else { return nil }
        try? fileManager.createDirectory(atPath: folder + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? fileManager.createDirectory(atPath: folder + "/config/speech-dispatcher/modules", withIntermediateDirectories: true)
        try? fileManager.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        try? "LogLevel 5\nLogDir \"\(folder)/logs\"\nAddModule \"logger\" \"sd_generic\" \"logger.conf\"\nDefaultModule logger\nAudioOutputMethod \"libao\"\n"
            .write(toFile: folder + "/config/speech-dispatcher/speechd.conf", atomically: true, encoding: .utf8)
        try? "GenericExecuteSynth \"true\"\nAddVoice \"en\" \"male1\" \"logger\"\nDefaultVoice \"logger\"\nGenericLanguage \"en\" \"english\" \"utf-8\"\n"
            .write(toFile: folder + "/config/speech-dispatcher/modules/logger.conf", atomically: true, encoding: .utf8)
        let environment = ["XDG_RUNTIME_DIR": folder + "/run", "XDG_CONFIG_HOME": folder + "/config", "PATH": "/usr/bin:/bin", "TZ": "UTC"]
        guard let started = try? runPiped(["-d", "-t", "0", "-C", folder + "/config/speech-dispatcher", "-l", "5", "-L", folder + "/logs"],
                                          input: "", environment: environment, executable: "/usr/bin/speech-dispatcher"),
              started.status == 0 else { return nil }
        return environment
    }

    static func stopDaemon(in folder: String) {
        if let text = try? String(contentsOfFile: folder + "/run/speech-dispatcher/pid/speech-dispatcher.pid", encoding: .utf8),
           let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGKILL)
        }
    }

    /// Seconds since midnight (UTC) of each "Incoming text" line in the daemon's log.
    static func arrivals(in folder: String) -> [Double] {
        let log = (try? String(contentsOfFile: folder + "/logs/speech-dispatcher.log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains("Incoming text:") }.compactMap { line in
            // "[Mon Nov 30 13:35:23 2026 : 945112] speechd: …"
            let parts = line.split(separator: " ")
            guard parts.count > 6, let micro = Double(parts[6].dropLast()) else { return nil }
            let clock = parts[3].split(separator: ":").compactMap { Double($0) }
            guard clock.count == 3 else { return nil }
            return clock[0] * 3600 + clock[1] * 60 + clock[2] + micro / 1e6
        }
    }

    static func secondsSinceMidnight() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec % 86_400) + Double(now.tv_nsec) / 1e9
    }

    /// Key press to the message arriving at the daemon, in milliseconds, for `--speak ENGINE`.
    static func keyToDaemon(engine: String, presses: Int, folder: String, environment: [String: String]) -> [Double] {
        guard let process = try? TerminalProcess(["--settle", "0", "--reduce-motion", "--speak", engine],
                                                 environment: environment.merging(["SAYLINE_DETECT_SCREEN_READER": "0"]) { $1 }),
              process.waitForDisplay("weight> ") else { return [] }
        // The greeting arrives first.
        _ = waitForArrivals(arrivals(in: folder).count + 1, folder: folder, after: 0)
        var samples: [Double] = []
        for index in 0..<presses {
            let before = arrivals(in: folder).count
            let sent = secondsSinceMidnight()
            process.send(index % 2 == 0 ? "\u{1B}[A" : "\u{1B}[B")
            if var arrived = waitForArrivals(before + 1, folder: folder, after: sent) {
                // The log takes its seconds and its microseconds from two clock reads: across a
                // second's boundary the seconds lag by one.
                if arrived < sent - 0.5 { arrived += 1 }
                samples.append((arrived - sent) * 1000)
            }
            usleep(100_000)
        }
        process.send("\u{04}")
        _ = process.waitForExit()
        return samples.sorted()
    }

    private static func waitForArrivals(_ count: Int, folder: String, after: Double) -> Double? {
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            let times = arrivals(in: folder)
            if times.count >= count { return times[count - 1] }
            usleep(2_000)
        }
        return nil
    }
}
