import Glibc
import SaylineText
import SaylineSession
import SaylineSystem
import SaylineCommandLine

/// The speech channel: announcements on stdout, one line each, written at once (no buffer
/// holds a line back from a pipe), and optionally spoken by a speech engine as well.
package final class SpeechChannel {
    /// Set when stdout's reader has gone away (EPIPE): the session should end.
    package private(set) var listenerGone = false
    let speaker: Speaker?
    /// The words are written elsewhere (on the terminal with the drawing, or on stderr while
    /// stdout carries a pick's answer or the event stream): the engine alone is given them.
    package let wordsShownElsewhere: Bool

    package init(speaker: Speaker?, wordsShownElsewhere: Bool = false) {
        self.speaker = speaker
        self.wordsShownElsewhere = wordsShownElsewhere
    }

    /// Writes the announcements to stdout and gives them to the engine.
    package func say(_ announcements: [Announcement]) {
        for announcement in announcements where !listenerGone {
            if !StandardOutput.writeAll(announcement.text + "\n") { listenerGone = true }
        }
        speakOnly(announcements)
    }

    /// Gives the announcements to the engine only: stdout is the terminal, and the screen
    /// writes them there with its drawing.
    package func speakOnly(_ announcements: [Announcement]) {
        guard !announcements.isEmpty else { return }
        speaker?.speak(announcements)
    }

    /// A key was pressed: what is being said stops, as a screen reader stops speech on a key;
    /// what the key makes Sayline say comes next.
    package func interrupt() { speaker?.stop() }

}

/// A speech engine Sayline drives itself.
///
/// A reply's announcements are one utterance (a `list` is heard whole). A value change cuts
/// off the value before it, as a screen reader interrupts a stale value.
package protocol Speaker: AnyObject {
    func speak(_ announcements: [Announcement])
    /// Stops what is being said and what is queued (a key was pressed).
    func stop()
    /// Lets what is being said finish after Sayline exits.
    func finish()
}

package extension Speaker {
    /// The words a reply speaks as one utterance.
    /// A sentence that already ends in its own mark ("…, or type help.") gets no second one.
    static func utterance(_ announcements: [Announcement]) -> String {
        var words = ""
        for announcement in announcements {
            if let last = words.last { words += ".?!".contains(last) ? " " : ". " }
            words += announcement.text
        }
        return words
    }
}

/// Chooses and starts the engine a setting names, saying on the terminal once when it falls
/// back or cannot start.
package enum SpeakerFactory {
    /// - Parameter interactive: keys are pressed while it speaks, so a command engine is cut
    ///   off by the next utterance; otherwise (input from a pipe) each is spoken to its end.
    package static func make(_ settings: ReplSettings, environment: [String: String], interactive: Bool) -> Speaker? {
        switch settings.speech {
        case .none:
            return nil
        case .command(let words):
            // espeak-ng named alone takes the rate, voice and language as `auto`'s does.
            return CommandSpeaker(words: words == ["espeak-ng"] ? espeakWords(settings) : words, interrupts: interactive)
        case .speechDispatcher, .automatic:
            if let connection = SpeechDispatcherSpeaker(settings: settings, environment: environment) { return connection }
            if settings.speech == .speechDispatcher {
                Diagnostics.write("sayline: " + translated("speech-dispatcher did not answer and could not be started; speaking with espeak-ng instead") + "\n")
            } else {
                Diagnostics.write("sayline: " + translated("speech-dispatcher did not answer and could not be started; speaking with espeak-ng") + "\n")
            }
            return CommandSpeaker(words: espeakWords(settings), interrupts: interactive)
        }
    }

    /// Whether espeak-ng's data has a voice for a language code (`lang/FAMILY/de`).
    static func espeakHasVoice(_ code: String) -> Bool {
        guard code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        for data in ["/usr/lib/x86_64-linux-gnu/espeak-ng-data", "/usr/lib/aarch64-linux-gnu/espeak-ng-data", "/usr/share/espeak-ng-data", "/usr/lib/espeak-ng-data"] {
            guard let families = opendir(data + "/lang") else { continue }
            defer { closedir(families) }
            while let entry = readdir(families) {
                let family = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !family.hasPrefix("."), access(data + "/lang/" + family + "/" + code, R_OK) == 0 { return true }
            }
        }
        return false
    }

    /// espeak-ng with the rate, voice and punctuation settings.
    static func espeakWords(_ settings: ReplSettings) -> [String] {
        var words = ["espeak-ng"]
        if settings.rate != 0 {
            // espeak-ng speaks 175 words a minute by default, from 80 to 450.
            let wordsPerMinute = settings.rate > 0 ? 175 + settings.rate * 275 / 100 : 175 + settings.rate * 95 / 100
            words += ["-s", String(wordsPerMinute)]
        }
        if let voice = settings.voice {
            words += ["-v", voice]
        } else if !Phrasebook.current.isEnglish, let code = Phrasebook.current.code.split(separator: "_").first.map(String.init) {
            // The voice of the person's language: espeak-ng reads "62,5" by its voice's marks.
            if espeakHasVoice(code) {
                words += ["-v", code]
            } else {
                Diagnostics.write("sayline: " + translated("espeak-ng has no voice for %s; it speaks with its own", code) + "\n")
            }
        }
        switch settings.punctuation {
        case .all?: words.append("--punct")
        case .some?: words.append("--punct=.,?!;:")
        case .none?, nil: break
        }
        return words
    }
}

/// Runs a command per utterance. At the keyboard it stops the one still speaking: a command
/// engine has no queue of its own, and a key press must never wait for speech to end. With
/// input from a pipe, nobody is waiting: each utterance is spoken to its end, in order.
package final class CommandSpeaker: Speaker {
    private let words: [String]
    private let interrupts: Bool
    private var current: pid_t?
    private var warned = false

    init(words: [String], interrupts: Bool) {
        self.words = words
        self.interrupts = interrupts
    }

    package func speak(_ announcements: [Announcement]) {
        // What a person just did interrupts what is still being said about the last thing.
        if interrupts { stopCurrent() } else { waitForCurrent() }
        // The text after "--": a line starting with "-" ("-42 dollars") is not read as options.
        // In a session of its own: the terminal closing (SIGHUP to its session) must not cut
        // the last value short.
        switch DetachedCommand.start(words + ["--", Self.utterance(announcements)], ownSession: true) {
        case .success(let pid):
            current = pid
        case .failure(let failure) where !warned:
            warned = true
            // Translators: the command as the person gave it, then the system's reason ("No such file or directory").
            Diagnostics.write("\nsayline: " + translated("cannot start the speech command %s: %s", TextSanitiser.echo(words[0]), failure.reason) + "\n")
        case .failure:
            break
        }
    }

    /// At the keyboard the last utterance is left to finish after Sayline exits; from a pipe,
    /// Sayline waits for it, so a script's last line has been heard when the command returns.
    package func finish() {
        if interrupts { reap() } else { waitForCurrent() }
    }

    /// Stops the engine still speaking: SIGTERM, and SIGKILL if it has not gone within 50 ms,
    /// so an engine that ignores SIGTERM cannot stall a key press. From a pipe nothing is cut.
    package func stop() {
        guard interrupts else { return }
        stopCurrent()
    }

    private func stopCurrent() {
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

    private func waitForCurrent() {
        guard let pid = current else { return }
        current = nil
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Collects a finished engine so no zombie is left.
    private func reap() {
        guard let pid = current else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { current = nil }
    }
}
