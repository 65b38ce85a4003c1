import Foundation
import Testing
import SaylineCore
import PseudoTerminal

/// How long each kind of line takes to say, measured with espeak-ng at its default 175 words a
/// minute (the length of the WAV it writes): a change at most 2.5 s, bounds included; a focus
/// 3.5 s; an error 4 s; a description 6 s. Held for the demo's weight and rating; the balance's
/// six-figure numbers take longer than these by themselves (Docs/speech.md gives its figures).
@Suite struct SpeechLengthTests {
    static let espeak = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Seconds espeak-ng takes to say `text`.
    static func seconds(_ text: String) throws -> Double {
        let folder = try ScratchFolder()
        let wav = folder.path + "/said.wav"
        let result = try runPiped(["-w", wav, "--", text], input: "", executable: espeak ?? "espeak-ng")
        #expect(result.status == 0)
        let size = (try FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0
        // 22,050 samples a second of 16 bits, after a 44-byte header.
        return Double(max(size - 44, 0)) / 44_100
    }

    /// What a session says for each line, by the kind of line it is.
    /// (A change may take as long as its value takes to say, and half a second more: "119.5
    /// kilograms" alone is 2.7 s, and only the words Sayline adds are Sayline's to keep short.)
    static func lines() -> [(kind: String, limit: Double, text: String)] {
        var session = Session(elements: Array(DemoScene.elements.prefix(2)))
        var out: [(String, Double, String)] = []
        func say(_ line: String, _ kind: String, _ limit: Double) {
            for announcement in session.perform(line: line).announcements { out.append((kind, limit, announcement.text)) }
        }
        out.append(("focus", 3.5, session.greeting().announcements.map(\.text).joined(separator: ". ")))
        for control in ["weight", "rating"] {
            say("focus \(control)", "focus", 3.5)
            say("inc", "change", 2.5)
            say("max", "change", 2.5)
            say("dec", "change", 2.5)
            say("min", "change", 2.5)
            say("inc", "change", 2.5)
            say("undo", "change", 2.5)
            say("redo", "change", 2.5)
            say("describe", "describe", 6)
            say("set abc", "error", 4)
            say("set 62,5", "error", 4)
            say("set 200", "error", 4)
            say("bogus", "error", 4)
        }
        return out
    }

    /// espeak-ng is installed by .ci/run: under CI its absence is a failure, elsewhere a skip.
    @Test(.enabled(if: espeak != nil || Consumers.underCI, "espeak-ng is not installed"))
    func everyLineIsShortEnoughToHearBeforeTheNextKey() throws {
        try #require(Self.espeak != nil, "CI is set and espeak-ng is missing: .ci/run installs it")
        for line in Self.lines() {
            let length = try Self.seconds(line.text)
            var limit = line.limit
            if line.kind == "change", let value = line.text.components(separatedBy: " max").first?.components(separatedBy: " min").first {
                limit = max(limit, try Self.seconds(value) + 0.5)
            }
            #expect(length <= limit, "\(line.kind) \"\(line.text)\": \(String(format: "%.2f", length)) s, more than \(String(format: "%.2f", limit)) s")
        }
    }
}
