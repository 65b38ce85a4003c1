import Foundation
import PseudoTerminal
import Testing

/// `--sound tones` heard as a person hears it: the built binary in a pseudo-terminal, playing
/// into a PulseAudio server of the test's own whose sink writes what it plays into a FIFO
/// (`SoundServer`). Each key is pressed once its predecessor's words are out, and each wait
/// is for a condition, with a deadline: for the tones to have been played, or the sink to have
/// played past a time.
extension EndToEndTests { @Suite struct ToneTests {
    /// A ruler from 0 to 10: a step is a tenth of the range, 0.4 octave, which the zero
    /// crossings of a 40 ms tone tell apart with room to spare.
    static let scene = #"{"controls": [{"kind": "ruler", "id": "level", "label": "Level", "min": 0, "max": 10, "value": 2}]}"#

    static func server() throws -> SoundServer? {
        guard SoundServer.available else {
            Issue.record("pulseaudio is missing: .ci/run installs it")
            return nil
        }
        return try SoundServer()
    }

    /// A session on the ruler, its speech on a pipe, once its first words are out.
    static func session(_ flags: [String], environment: [String: String], folder: ScratchFolder) throws -> TerminalProcess {
        let scene = try folder.file("level.json", Self.scene)
        let session = try TerminalProcess(["--scene", scene, "--settle", "0", "--reduce-motion"] + flags, environment: environment)
        #expect(session.waitForSpeech("Level, 2"))
        return session
    }

    /// Waits until the sink has played 150 ms past now: every tone of the keys before has been
    /// heard whole, and the next key comes long enough after them to be heard at its full length.
    static func quiet(_ server: SoundServer) {
        server.waitUntilPlayed(SoundServer.now() + 0.15)
    }

    /// Quits, twice when unsaved changes ask (they are said on the speech pipe), and expects a clean exit.
    static func quit(_ session: TerminalProcess) {
        session.send("quit\r")
        if session.readOutput(upTo: 0.5, until: { $0.speechText.contains("quit again") }) { session.send("quit\r") }
        #expect(session.waitForExit() == 0, "\(session.displayText.suffix(600).debugDescription)")
    }

    /// Presses a key and waits for its words: the session has taken it.
    static func press(_ key: String, _ session: TerminalProcess) {
        let lines = session.speechLines.count
        session.send(key)
        session.waitUntil(timeout: 10, "the words of a key") { $0.speechLines.count > lines }
    }

    @Test func fiveUpPressesRiseAndHomeAndEndAreTheLowestAndHighest() throws {
        guard let server = try Self.server() else { return }
        let folder = try ScratchFolder()
        let session = try Self.session(["--sound", "tones"], environment: server.environment, folder: folder)
        let start = SoundServer.now()
        var pressed: [Double] = []
        // Each key once the last one's tone has been played: tones of keys pressed faster
        // than that are shortened, which the held key's test hears.
        for (index, key) in [Keys.up, Keys.up, Keys.up, Keys.up, Keys.up, Keys.home, Keys.end].enumerated() {
            pressed.append(SoundServer.now())
            Self.press(key, session)
            server.waitForTones(index + 1, since: start)
            Self.quiet(server)
        }
        #expect(session.speechLines.suffix(7) == ["3", "4", "5", "6", "7", "0 min", "10 max"])
        let tones = server.waitForTones(7, since: start)
        try #require(tones.count == 7, "\(tones.map(\.frequency))")
        // One tone a key, each after its key and before the next key's.
        for (index, tone) in tones.enumerated() {
            #expect(tone.start > pressed[index])
            if index + 1 < pressed.count { #expect(tone.start < pressed[index + 1] + 0.005) }
        }
        let steps = tones.prefix(5).map(\.frequency), lowest = tones[5], highest = tones[6]
        // 110 Hz × 2^(4 × place): 3 to 7 tenths of the range.
        for (frequency, place) in zip(steps, [0.3, 0.4, 0.5, 0.6, 0.7]) {
            let expected = 110 * pow(2, 4 * place)
            #expect(abs(frequency - expected) < expected * 0.03, "\(frequency) Hz for \(place)")
        }
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 < $1 }, "\(steps)")
        #expect(abs(lowest.frequency - 110) < 4 && abs(highest.frequency - 1760) < 30, "\(lowest.frequency), \(highest.frequency)")
        // The ends are known without their pitch: longer than any step.
        #expect(steps.count == 5 && tones.prefix(5).allSatisfy { $0.seconds < 0.045 })
        #expect(lowest.seconds > 0.05 && highest.seconds > 0.05, "\(lowest.seconds), \(highest.seconds)")
        Self.quit(session)
    }

    /// A step past an end is refused with the end's colour, twice and short.
    @Test func aStepPastAnEndSoundsARefusal() throws {
        guard let server = try Self.server() else { return }
        let folder = try ScratchFolder()
        let session = try Self.session(["--sound", "tones"], environment: server.environment, folder: folder)
        Self.press(Keys.end, session)
        Self.quiet(server)
        let start = SoundServer.now()
        Self.press(Keys.up, session)
        #expect(session.speechLines.last == "maximum")
        let pulses = server.waitForTones(2, since: start)
        try #require(pulses.count == 2)
        #expect(pulses.allSatisfy { $0.seconds < 0.03 && abs($0.frequency - 1760) < 40 }, "\(pulses.map(\.seconds)) \(pulses.map(\.frequency))")
        Self.quit(session)
    }

    /// Keys as a held key repeats them, every 30 ms: a run of tones, one a step, rising, while
    /// the words are those of the first and the last values only.
    @Test func aHeldKeyIsARunOfTones() throws {
        guard let server = try Self.server() else { return }
        let folder = try ScratchFolder()
        let session = try Self.session(["--sound", "tones"], environment: server.environment, folder: folder)
        Self.press(Keys.home, session)
        Self.quiet(server)
        let start = SoundServer.now()
        for _ in 0..<6 {
            let next = SoundServer.now() + 0.03
            Self.press(Keys.up, session)
            while SoundServer.now() < next { usleep(1_000) }
        }
        let tones = server.waitForTones(6, since: start)
        #expect(tones.count == 6, "\(tones.map(\.frequency))")
        let pitches = tones.map(\.frequency)
        #expect(zip(pitches, pitches.dropFirst()).allSatisfy { $0 < $1 }, "\(pitches)")
        #expect(abs((pitches.last ?? 0) - 110 * pow(2, 4 * 0.6)) < 10, "\(pitches)")
        Self.quit(session)
    }

    /// The tones' own volume: a step's peak is the volume's cube of full scale, whatever
    /// speech's volume is.
    @Test(arguments: [(100, 32_767), (50, 4_096), (25, 512)])
    func theVolumeIsTheTonesOwn(volume: Int, peak: Int) throws {
        guard let server = try Self.server() else { return }
        let folder = try ScratchFolder()
        let session = try Self.session(["--sound", "tones", "--tone-volume", String(volume)], environment: server.environment, folder: folder)
        let start = SoundServer.now()
        Self.press(Keys.up, session)
        let tones = server.waitForTones(1, since: start, threshold: Int16(peak / 10))
        try #require(tones.count == 1)
        #expect(abs(tones[0].peak - peak) <= peak / 50 + 2, "\(tones[0].peak)")
        Self.quit(session)
    }

    /// Without the setting, and with it off, nothing is played and no player is started.
    @Test(arguments: [[], ["--sound", "off"], ["--sound", "tones", "--tone-volume", "0"]])
    func nothingSoundsWithoutTheSetting(flags: [String]) throws {
        guard let server = try Self.server() else { return }
        let folder = try ScratchFolder()
        let session = try Self.session(flags, environment: server.environment, folder: folder)
        let start = SoundServer.now()
        for key in [Keys.up, Keys.end, Keys.up, Keys.home] { Self.press(key, session) }
        session.send("?")
        #expect(session.waitForSpeech("0 to 10"))
        // Long enough for any tone of these keys to have been played.
        server.waitUntilPlayed(SoundServer.now() + 0.3)
        #expect(server.played(since: start).tones().isEmpty)
        // Nothing but Sayline itself has the server in its environment.
        #expect(server.playersRunning() == [session.pid])
        Self.quit(session)
    }

    /// `pick` sounds its steps, and leaves nothing running or playing once it has answered.
    @Test func pickSoundsAndLeavesNothingPlaying() throws {
        guard let server = try Self.server() else { return }
        let pick = try TerminalProcess(["pick", "--label", "Level", "--max", "10", "--value", "5", "--settle", "0", "--reduce-motion", "--sound", "tones"],
                                       environment: server.environment)
        #expect(pick.waitForDisplay("Level, 5"))
        let start = SoundServer.now()
        pick.send(Keys.up)
        #expect(pick.waitForDisplay("6"))
        let tones = server.waitForTones(1, since: start)
        #expect(tones.count == 1 && abs((tones.first?.frequency ?? 0) - 110 * pow(2, 2.4)) < 12, "\(tones.map(\.frequency))")
        #expect(server.playersRunning(named: "pacat").count == 1)
        pick.send("\r")
        #expect(pick.waitForExit() == 0)
        #expect(pick.speechText == "6\n")
        let ended = SoundServer.now()
        #expect(server.playersRunning().isEmpty)
        server.waitUntilPlayed(ended + 0.2)
        #expect(server.played(since: ended).tones().isEmpty)
    }

    /// `describe` sounds the two ends, then the value.
    @Test func describeSoundsTheEndsThenTheValue() throws {
        guard let server = try Self.server() else { return }
        let folder = try ScratchFolder()
        let session = try Self.session(["--sound", "tones"], environment: server.environment, folder: folder)
        let start = SoundServer.now()
        session.send("?")
        #expect(session.waitForSpeech("0 to 10"))
        let tones = server.waitForTones(3, since: start)
        try #require(tones.count == 3)
        #expect(abs(tones[0].frequency - 110) < 5 && abs(tones[1].frequency - 1760) < 40, "\(tones.map(\.frequency))")
        #expect(abs(tones[2].frequency - 110 * pow(2, 0.8)) < 8, "\(tones.map(\.frequency)) \(tones.map(\.seconds)) \(tones.map(\.peak))")
        Self.quit(session)
    }

    /// Both settings come from the preferences file or a flag, and `config` says which.
    @Test func configShowsTheSoundSettingsAndTheirSources() throws {
        let folder = try ScratchFolder()
        try folder.file("sayline/config", "sound = tones\ntone-volume = 30\n")
        let shown = try runPiped(["config", "--tone-volume", "80"], input: "", environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("sound = tones                   # \(folder.path)/sayline/config:1\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("tone-volume = 80                # command line --tone-volume\n"), "\(shown.stdout)")
        for bad in ["-1", "101", "1e308", "nan", "50%"] {
            let refused = try runPiped(["config", "--tone-volume", bad], input: "")
            #expect(refused.status == 64 && refused.stderr.contains("--tone-volume takes a whole number from 0 to 100"), "\(bad): \(refused.stderr)")
        }
    }

    /// A server nobody listens on, named by PULSE_SERVER: one line says so, and the session
    /// goes on in words, leaving nothing running.
    @Test func aDeadServerCostsOneLine() throws {
        let folder = try ScratchFolder()
        let address = "unix:" + folder.path + "/nobody.sock"
        let session = try Self.session(["--sound", "tones"], environment: ["PULSE_SERVER": address], folder: folder)
        #expect(session.waitForDisplay("going on without tones"))
        Self.press(Keys.up, session)
        Self.press(Keys.up, session)
        #expect(session.speechLines.suffix(2) == ["3", "4"])
        #expect(session.displayText.components(separatedBy: "sayline: ").count == 2, "\(session.displayText)")
        #expect(session.displayText.contains("the sound server unix:"))
        #expect(SoundServer.playersRunning(for: address) == [session.pid])
        Self.quit(session)
    }

    /// A server that hangs mid-session: the tones pile up in the pipe (never the keys), one
    /// line says so within the deadline, and the player is ended at quit, not waited for.
    @Test func aServerThatHangsMidSessionCostsOneLine() throws {
        guard let server = try Self.server() else { return }
        let folder = try ScratchFolder()
        let session = try Self.session(["--sound", "tones"], environment: server.environment, folder: folder)
        let start = SoundServer.now()
        Self.press(Keys.up, session)
        #expect(server.waitForTones(1, since: start).count == 1)
        server.freeze()
        defer { server.resume() }
        let frozen = SoundServer.now()
        // A held key's worth of steps, more than the server takes in: every one is said.
        for _ in 0..<8 { Self.press(Keys.up, session); Self.press(Keys.down, session) }
        #expect(session.speechLines.suffix(2) == ["4", "3"])
        #expect(session.waitForDisplay("did not answer within 2 seconds"))
        #expect(SoundServer.now() - frozen < 8)
        Self.press(Keys.up, session)
        #expect(session.displayText.components(separatedBy: "sayline: ").count == 2, "\(session.displayText)")
        let quitting = SoundServer.now()
        Self.quit(session)
        #expect(SoundServer.now() - quitting < 3)
        #expect(server.playersRunning().isEmpty)
    }

    /// A server that accepts the connection and never answers: one line within the deadline
    /// (2 s), keys meanwhile never wait, and the player is ended, not left behind.
    @Test func aStalledServerCostsOneLineInBoundedTime() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/stalled.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() where index < bytes.count - 1 { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        try #require(bound == 0 && listen(listener, 16) == 0)
        let began = SoundServer.now()
        let session = try Self.session(["--sound", "tones"], environment: ["PULSE_SERVER": "unix:" + path], folder: folder)
        // Keys before the deadline are taken at once: the tones wait in a pipe, never the keys.
        Self.press(Keys.up, session)
        #expect(session.speechLines.last == "3")
        #expect(session.waitForDisplay("did not answer within 2 seconds"))
        let said = SoundServer.now() - began
        #expect(said > 1.9 && said < 8, "\(said) s")
        Self.press(Keys.up, session)
        #expect(session.speechLines.last == "4")
        #expect(session.displayText.components(separatedBy: "sayline: ").count == 2, "\(session.displayText)")
        Self.quit(session)
        #expect(SoundServer.playersRunning(for: "unix:" + path).isEmpty)
    }

    /// PULSE_SERVER is the player's to read, never a shell's, and what the line says of it is
    /// cleaned: an escape sequence and shell words in it neither colour the terminal nor run.
    @Test func aHostilePulseServerIsNeitherRunNorPrintedRaw() throws {
        let folder = try ScratchFolder()
        let planted = folder.path + "/ran"
        let session = try Self.session(["--sound", "tones"], environment: ["PULSE_SERVER": "unix:/nowhere\u{1B}[31m\u{07}; touch \(planted)"], folder: folder)
        #expect(session.waitForDisplay("going on without tones"))
        #expect(!session.displayText.contains("\u{1B}[31m") && !session.displayText.contains("\u{07}"))
        #expect(session.displayText.contains("control characters removed"))
        Self.press(Keys.up, session)
        Self.quit(session)
        #expect(!FileManager.default.fileExists(atPath: planted))
    }

    /// A player that writes without end on its standard error, or that never reads and ignores
    /// SIGTERM: one line each, the keys go on, quitting takes a moment, and nothing is left.
    @Test(arguments: [("floods", "exec yes flood >&2"), ("hangs", "trap '' TERM\nexec sleep 1000")])
    func aPlayerThatMisbehavesNeverHoldsTheSession(name: String, script: String) throws {
        let folder = try ScratchFolder()
        try folder.file("bin/pacat", "#!/bin/sh\n\(script)\n", executable: true)
        let address = "unix:" + folder.path + "/\(name).sock"
        let session = try Self.session(["--sound", "tones"], environment: ["PULSE_SERVER": address, "PATH": folder.path + "/bin:/usr/bin:/bin"], folder: folder)
        Self.press(Keys.up, session)
        #expect(session.waitForDisplay("going on without tones"), "\(name)")
        Self.press(Keys.up, session)
        #expect(session.speechLines.suffix(2) == ["3", "4"], "\(name)")
        #expect(session.displayText.components(separatedBy: "sayline: ").count == 2, "\(name): \(session.displayText)")
        let quitting = SoundServer.now()
        Self.quit(session)
        #expect(SoundServer.now() - quitting < 3, "\(name)")
        #expect(SoundServer.playersRunning(for: address).isEmpty, "\(name)")
    }

    /// Every kind sounds its steps (the demo's ruler, rating and digit roll), and the event
    /// stream stays about values: no event of a tone.
    @Test func everyKindSoundsAndTheEventsStayAboutValues() throws {
        guard let server = try Self.server() else { return }
        let folder = try ScratchFolder()
        let events = folder.path + "/events.jsonl"
        let session = try TerminalProcess(["--settle", "0", "--reduce-motion", "--sound", "tones", "--events", events], environment: server.environment)
        #expect(session.waitForSpeech("Weight, 62 kilograms"))
        let start = SoundServer.now()
        // Weight 62 → 62.5 of 40–120; rating 0 → 1 of 10; the roll 12480 → 12490 of 0–999990.
        let places = [22.5 / 80, 0.1, 12_490.0 / 999_990]
        for (index, keys) in [[Keys.up], [Keys.tab, Keys.up], [Keys.tab, Keys.up]].enumerated() {
            for key in keys { Self.press(key, session) }
            server.waitForTones(index + 1, since: start)
            Self.quiet(server)
        }
        let tones = server.waitForTones(3, since: start)
        try #require(tones.count == 3, "\(tones.map(\.frequency))")
        for (tone, place) in zip(tones, places) {
            let expected = 110 * pow(2, 4 * place)
            #expect(abs(tone.frequency - expected) < expected * 0.03, "\(tone.frequency) Hz for \(place)")
        }
        Self.quit(session)
        let written = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        let kinds = Set(written.split(separator: "\n").compactMap { line in
            line.range(of: #""event":"[a-z]+""#, options: .regularExpression).map { String(line[$0].dropFirst(9).dropLast()) }
        })
        #expect(kinds == ["start", "focus", "change", "settled", "quit"], "\(written)")
    }

    /// Where PULSE_SERVER names no server, pacat is tried only where a server's socket is (a
    /// stale one here: it refuses), and the tones then go to ALSA through aplay; where there is
    /// none (a Linux console), aplay alone: pacat would start a sound server of its own, which
    /// takes the card from the screen reader's speech. Stand-ins for both: a pacat that is
    /// refused and says it ran, an aplay that keeps what it is given.
    @Test(arguments: [true, false])
    func withNoServerTheTonesGoToALSA(aSocketIsThere: Bool) throws {
        let folder = try ScratchFolder()
        try folder.file("bin/pacat", "#!/bin/sh\ntouch '\(folder.path)/pacat-ran'\necho 'Connection failure: Connection refused' >&2\nexit 1\n", executable: true)
        try folder.file("bin/aplay", "#!/bin/sh\necho \"$@\" > '\(folder.path)/arguments'\nexec cat > '\(folder.path)/played'\n", executable: true)
        let runtime = folder.path + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime + "/pulse", withIntermediateDirectories: true)
        if aSocketIsThere {
            // A socket file nobody listens on any more: bound, then closed.
            let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in (runtime + "/pulse/native").utf8.enumerated() where index < bytes.count - 1 { bytes[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            close(stale)
            try #require(bound == 0)
        }
        let session = try Self.session(["--sound", "tones"], environment: ["PATH": folder.path + "/bin:/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime], folder: folder)
        // One sample of silence at the start, then a step's 40 ms: 2 + 3,840 bytes.
        let step = 2 + 3_840
        for _ in 0..<20 {
            Self.press(Keys.up, session)
            if session.readOutput(upTo: 0.25, until: { _ in (try? FileManager.default.attributesOfItem(atPath: folder.path + "/played"))?[.size] as? Int ?? 0 >= step }) { break }
        }
        #expect(FileManager.default.fileExists(atPath: folder.path + "/pacat-ran") == aSocketIsThere)
        #expect(folder.read("arguments") == "-q -t raw -f S16_LE -r 48000 -c 1 --buffer-time=40000 -\n")
        let played = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/played"))
        let peak = stride(from: 0, to: played.count - 1, by: 2).map { abs(Int(Int16(bitPattern: UInt16(played[$0]) | UInt16(played[$0 + 1]) << 8))) }.max() ?? 0
        #expect(played.count >= step && abs(peak - 4_096) < 100, "\(played.count) bytes, peak \(peak)")
        #expect(!session.displayText.contains("sayline: "), "\(session.displayText)")
        Self.quit(session)
    }

    /// Neither pacat nor aplay on the PATH: one line says what to install.
    @Test func withNoPlayerInstalledOneLineSaysWhatToInstall() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
        let session = try Self.session(["--sound", "tones"], environment: ["PATH": folder.path + "/empty"], folder: folder)
        #expect(session.waitForDisplay("tones need pacat (from pulseaudio-utils) or aplay (from alsa-utils)"))
        Self.press(Keys.up, session)
        #expect(session.displayText.components(separatedBy: "sayline: ").count == 2, "\(session.displayText)")
        Self.quit(session)
    }
} }
