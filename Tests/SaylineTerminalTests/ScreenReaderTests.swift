import Foundation
import PseudoTerminal
import Testing

/// What a blind user hears through a real screen reader: Fenrir (Debian's `fenrir`, installed
/// by .ci/run) runs Sayline in its own pseudo-terminal, reads the screen's changes, and asks a
/// speech command of ours to say them; the command writes each request to a log.
extension EndToEndTests { @Suite struct ScreenReaderTests {
    static let settings = "/etc/fenrirscreenreader/settings/settings.conf"
    /// Fenrir is installed by .ci/run: under CI its absence is a failure, elsewhere a skip.
    static let fenrirAvailable = FileManager.default.fileExists(atPath: settings) || ProcessInfo.processInfo.environment["CI"] != nil
    static let up = Keys.up, right = Keys.right, left = Keys.left, tab = Keys.tab

    /// Fenrir with Debian's settings but for: our speech command, no sound (no audio device),
    /// no spell check, no remote socket, and Sayline as the program it runs.
    final class Fenrir {
        let scratch: ScratchFolder
        let log: String
        let process: TerminalProcess

        init(sayline arguments: [String], interruptOnKeyPress: Bool = false) throws {
            #expect(FileManager.default.fileExists(atPath: ScreenReaderTests.settings), "CI is set and fenrir is missing: .ci/run installs it")
            scratch = try ScratchFolder()
            log = scratch.path + "/said"
            #expect(FileManager.default.createFile(atPath: log, contents: nil))
            let say = try scratch.file("say", "#!/bin/sh\nprintf '%s\\n' \"$1\" >> \(log)\n", executable: true)
            let program = try scratch.file("program", "#!/bin/sh\nexec \(TerminalProcess.binary) --settle 0 \(arguments.joined(separator: " "))\n", executable: true)
            let changes = [
                "sound#enabled": "False",
                "speech#genericSpeechCommand": "\(say) \"fenrirText\"",
                "general#autoSpellCheck": "False",
                "general#shell": program,
                "remote#enable": "False",
                "keyboard#interruptOnKeyPress": interruptOnKeyPress ? "True" : "False",
            ]
            var section = ""
            let configured = try String(contentsOfFile: ScreenReaderTests.settings, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                    if line.hasPrefix("[") { section = String(line.dropFirst().prefix { $0 != "]" }) }
                    guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { return String(line) }
                    let key = String(line[..<equals])
                    return changes[section + "#" + key].map { "\(key)=\($0)" } ?? String(line)
                }.joined(separator: "\n")
            let config = try scratch.file("settings.conf", configured)
            // Fenrir gives its program its own environment: detection is on, as for a user. In a
            // process table of their own (OwnProcessTable), Sayline finds this Fenrir and no other
            // test's reader, and no other test's Sayline finds this Fenrir.
            process = try TerminalProcess(OwnProcessTable.arguments(running: ["/usr/bin/fenrir", "-e", "-s", config]),
                                          environment: ["SAYLINE_DETECT_SCREEN_READER": "1"], speechOnTerminal: true,
                                          executable: OwnProcessTable.unshare)
        }

        /// Fenrir does not end on SIGTERM: Ctrl-D ends Sayline, then the process is killed
        /// (SIGKILL, by the process's own deinit), which hangs up Sayline's terminal too, and
        /// ends the namespace and everything in it.
        deinit {
            process.send("\u{04}")
            process.readOutput(upTo: 0.3)
            // Fenrir's helper processes share its process group.
            kill(-process.pid, SIGKILL)
        }

        var requests: [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map { Self.normal(String($0)) }
        }

        /// Fenrir's joins ("sayline   , 62.5 kilograms  ") folded to "sayline, 62.5 kilograms".
        static func normal(_ text: String) -> String {
            var out = text.split(whereSeparator: { $0 == " " }).joined(separator: " ").replacingOccurrences(of: " ,", with: ",")
            while out.hasSuffix(",") || out.hasSuffix(" ") { out.removeLast() }
            return out
        }

        /// Waits until Fenrir has asked for something past the first `after` requests and then
        /// nothing new for 0.8 s, reading its screen meanwhile. (Quiet alone is not enough: on a
        /// busy machine Fenrir may not have reacted to a key 0.8 s later.)
        @discardableResult
        func waitUntilQuiet(after: Int = 0, timeout: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            var count = -1, stillSince = Date()
            while Date() < deadline {
                process.readOutput(upTo: 0.1)
                let now = requests.count
                if now != count { count = now; stillSince = Date() } else if count > after, Date().timeIntervalSince(stillSince) > 0.8 { return true }
            }
            TerminalProcess.timeoutReporter?("Fenrir never went quiet; it asked for: \(requests.suffix(10))")
            return false
        }

        /// Waits until Fenrir has said Sayline's first line ("… display. Press ? …"), then for
        /// quiet: Fenrir's own start-up words alone do not mean Sayline is on the screen yet.
        @discardableResult
        func waitForSayline(timeout: Double = 30) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline, !requests.contains(where: { $0.contains("display. Press") }) { process.readOutput(upTo: 0.1) }
            return waitUntilQuiet()
        }

        /// Types text a key at a time, as a person does, without waiting for Fenrir to say anything.
        func type(_ text: String) {
            for character in text {
                process.send(String(character))
                process.readOutput(upTo: 0.15)
            }
        }

        /// Presses a key and returns what Fenrir asked to say because of it.
        func press(_ key: String) -> [String] {
            let before = requests.count
            let screen = process.mark
            process.send(key)
            // The key has reached Sayline once the screen changes (each key of these tests
            // changes it); then Fenrir has something to react to.
            process.waitUntil(timeout: 10, "the screen to change after \(key.debugDescription)") { $0.display(since: screen).count > 0 }
            // Every key of these tests is heard as something: wait for it.
            waitUntilQuiet(after: before)
            return Array(requests.dropFirst(before))
        }
    }

    static let symbolWords = ["slash", "left bracket", "kg", "kay gee", "dollar", "star", "dot"]

    /// The announcement alone, or with the prompt word before or after it, and nothing else.
    /// (`prompt` nil: the announcement alone.)
    static func isAnnouncementAndAtMostThePrompt(_ heard: [String], _ announcement: String, prompt: String?) -> Bool {
        let words = heard.joined(separator: ", ").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: ", ")
        guard let prompt else { return words == announcement }
        return [announcement, "\(prompt), \(announcement)", "\(announcement), \(prompt)"].contains(words)
    }

    static let keys: [(key: String, heard: String)] = [
        (up, "62.5 kilograms"), (up, "63 kilograms"), (up, "63.5 kilograms"),
        (tab, "Rating, 0 out of 10 stars"), (up, "1 out of 10 stars"), (up, "2 out of 10 stars"),
        // The slider keys of the WAI-ARIA practices and of every reader's slider.
        (right, "3 out of 10 stars"), (left, "2 out of 10 stars"),
    ]

    /// Done means: under Fenrir with Debian's settings, the screen-reader display is chosen for
    /// the user, and each key is heard as its announcement alone: the value is on the cursor's
    /// line, which Fenrir reads, and no prompt word is said before or after it.
    @Test(.enabled(if: fenrirAvailable, "fenrir is not installed"), arguments: [false, true])
    func underFenrirEachKeyIsHeardAsItsAnnouncementAlone(interruptOnKeyPress: Bool) throws {
        let fenrir = try Fenrir(sayline: [], interruptOnKeyPress: interruptOnKeyPress)
        #expect(fenrir.waitForSayline())
        let start = fenrir.requests.joined(separator: ", ")
        #expect(start.contains("Screen reader display. Press question mark to describe a control"), "\(start)")
        #expect(start.contains("Weight, 62 kilograms"))
        for (key, announcement) in Self.keys {
            let heard = fenrir.press(key)
            #expect(Self.isAnnouncementAndAtMostThePrompt(heard, announcement, prompt: nil), "expected \(announcement), Fenrir asked for \(heard)")
        }
        // A value typed as a person types it, a key at a time: after Enter the answer is on the
        // cursor line when Fenrir looks (it said "blank" first, for the empty line Enter left).
        fenrir.type("5")
        let typed = fenrir.press("\r")
        #expect(typed.last?.hasSuffix("5 out of 10 stars") == true, "Fenrir asked for \(typed)")
        #expect(!typed.contains { $0.lowercased().contains("blank") }, "Fenrir asked for \(typed)")
        // The next key's value goes on a line of its own, not after the answer on its line.
        let next = fenrir.press(Self.up)
        #expect(Self.isAnnouncementAndAtMostThePrompt(next, "6 out of 10 stars", prompt: nil), "Fenrir asked for \(next)")
        let all = fenrir.requests.joined(separator: " ").lowercased()
        for word in Self.symbolWords { #expect(!all.contains(" \(word) "), "Fenrir said \"\(word)\": \(fenrir.requests)") }
    }

    /// The plain display is heard the same way, with the focused control's id as the prompt word.
    @Test(.enabled(if: fenrirAvailable, "fenrir is not installed"))
    func underFenrirThePlainDisplayIsHeardCleanly() throws {
        let fenrir = try Fenrir(sayline: ["--display", "plain"])
        #expect(fenrir.waitForSayline())
        for (index, (key, announcement)) in Self.keys.enumerated() {
            let heard = fenrir.press(key)
            let prompt = index < 3 ? "weight" : "rating"
            #expect(Self.isAnnouncementAndAtMostThePrompt(heard, announcement, prompt: prompt), "expected \(announcement), Fenrir asked for \(heard)")
        }
    }

    /// The full display draws and animates, so Fenrir reads the drawing too; but every settled
    /// value is asked for, the prompt is never read again after a key, and an animation's
    /// frames are few, not a storm.
    @Test(.enabled(if: fenrirAvailable, "fenrir is not installed"), arguments: [[], ["--reduce-motion"]])
    func underFenrirTheFullDisplayNeverRereadsThePrompt(extra: [String]) throws {
        let fenrir = try Fenrir(sayline: ["--display", "full"] + extra)
        #expect(fenrir.waitForSayline())
        for (key, announcement) in Self.keys {
            let heard = fenrir.press(key)
            #expect(heard.first?.hasPrefix(announcement) == true, "expected \(announcement) first, Fenrir asked for \(heard)")
            #expect(!heard.contains { $0 == "weight" || $0 == "rating" || $0.hasSuffix(", weight") || $0.hasSuffix(", rating") } || key == Self.tab,
                    "the prompt was read again: \(heard)")
            #expect(heard.count <= 5, "\(heard.count) requests for one key: \(heard)")
        }
    }
} }
