import Glibc
import SaylineText
import SaylineControls
import SaylineSystem
import SaylineCommandLine

/// `--on-change 'CMD ARG…'`: a command run when a control's value settles (the same quiet
/// time that ends a run of changes for speech), never through a shell. `{id}`, `{value}` and
/// `{text}` in its arguments, and SAYLINE_ID, SAYLINE_VALUE and SAYLINE_TEXT in its
/// environment, say which control and what value. At most one run per control at a time: a
/// value that changes while its command runs is applied once more when it ends, with the
/// latest value. Nothing waits for a command at the keyboard; a failure is said once.
/// With piped input the commands run one after another, in the order of the changes, as a
/// script expects them to take effect.
package final class ChangeCommands {
    private let words: [String]
    private var settling: SettlingValues
    /// Piped input: each command is waited for before the next starts.
    private let inOrder: Bool
    private var running: [String: (pid: pid_t, program: String)] = [:]
    /// Changed again while its command ran: run once more, with this, when it ends.
    private var again: [String: AdjustableElement] = [:]
    private var reported = false
    /// Commands that failed (or could not start) since `finish` began, in words.
    private var failedAtExit: [String]?

    /// nil when no command was asked for.
    package init?(command: String?, settle: Double, inOrder: Bool = false) {
        guard let command else { return nil }
        let words = CommandWords.split(command)
        guard !words.isEmpty else { return nil }
        self.words = words
        self.inOrder = inOrder
        settling = SettlingValues(settle: settle)
    }

    /// A control's value moved: its command runs once the value has been still for the settle time.
    package func changed(_ element: AdjustableElement, at now: Double) {
        settling.moved(element, at: now)
    }

    /// When the loop must look again: the next value to settle, or soon while commands run.
    package func deadline(now: Double) -> Double? {
        running.isEmpty ? settling.deadline : min(settling.deadline ?? .infinity, now + 0.05)
    }

    /// Reaps finished commands and starts those whose value has settled. What to say on the
    /// terminal, if a command failed (said once a session).
    package func startSettled(now: Double) -> [String] {
        var messages: [String] = []
        reap(blocking: false, messages: &messages)
        for element in settling.settled(at: now) {
            if inOrder { reap(blocking: true, messages: &messages) }
            if running[element.identity.id] != nil { again[element.identity.id] = element } else { start(element, messages: &messages) }
        }
        return messages
    }

    /// Every way out: values still settling are applied now, with their final values, and
    /// every command is waited for, up to `seconds`. `waiting` is told once when that takes
    /// longer than half a second. What did not succeed, in words (empty when all did).
    /// - Parameter askedToEnd: a signal asked Sayline to end: the wait is short and not told.
    package func finish(within seconds: Double, askedToEnd: Bool = false, waiting: (String) -> Void) -> [String] {
        failedAtExit = []
        var ignored: [String] = []
        let began = monotonicSeconds()
        _ = tick(now: .infinity)
        var told = false
        while !running.isEmpty {
            reap(blocking: false, messages: &ignored)
            guard !running.isEmpty else { break }
            let now = monotonicSeconds()
            if !told && !askedToEnd && now - began > 0.5 {
                told = true
                waiting(translatedCount("Waiting up to %s second for the change command %s to apply the last value", "Waiting up to %s seconds for the change command %s to apply the last value", count: Int(seconds), NumberText.spoken(Int(seconds)), TextSanitiser.echo(words[0])))
            }
            if now - began > seconds {
                failedAtExit?.append(!askedToEnd ? translatedCount("The change command %s did not finish within %s second; it goes on without Sayline", "The change command %s did not finish within %s seconds; it goes on without Sayline", count: Int(seconds), TextSanitiser.echo(words[0]), NumberText.spoken(Int(seconds)))
                                                 : translated("The change command %s goes on without Sayline, which was asked to end", TextSanitiser.echo(words[0])))
                break
            }
            // Exit only: a short sleep between looks, never at a key press.
            var none = pollfd()
            _ = poll(&none, 0, 10)
        }
        return failedAtExit ?? []
    }

    /// How long piped input waits for one change command before the next change: a command
    /// that never ends must not hold the session (the same wait as at exit).
    static let inOrderWait = 5.0

    /// Collects the commands that have ended. `blocking` (piped input, in order) waits for
    /// each, up to `inOrderWait`, and not at all once a signal asks Sayline to end: a command
    /// that outlasts it goes on without Sayline, said once.
    private func reap(blocking: Bool, messages: inout [String]) {
        for (id, child) in running {
            var status: Int32 = 0
            var result: pid_t
            let began = monotonicSeconds()
            while true {
                result = waitpid(child.pid, &status, WNOHANG)
                if result < 0 && errno == EINTR { continue }
                guard blocking, result == 0, Signals.terminated == 0 else { break }
                guard monotonicSeconds() - began < Self.inOrderWait else {
                    running[id] = nil
                    failed(translatedCount("The change command %s did not finish within %s second; it goes on without Sayline", "The change command %s did not finish within %s seconds; it goes on without Sayline", count: Int(Self.inOrderWait), TextSanitiser.echo(child.program), NumberText.spoken(Int(Self.inOrderWait))), messages: &messages)
                    break
                }
                // Piped input only: a short sleep between looks, never at a key press.
                var none = pollfd()
                _ = poll(&none, 0, 10)
            }
            guard result == child.pid else { continue }
            running[id] = nil
            let exited = status & 0x7F == 0
            let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            if code != 0 { failed(translated("The change command %s exited with status %s", TextSanitiser.echo(child.program), NumberText.spoken(Int(code))), messages: &messages) }
            if let latest = again.removeValue(forKey: id) { start(latest, messages: &messages) }
        }
    }

    /// Whether a change command failed to start or failed, at any time in the session: said
    /// when it happened, and the session then does not end in success.
    package private(set) var anyFailed = false

    private func failed(_ message: String, messages: inout [String]) {
        anyFailed = true
        failedAtExit?.append(message)
        guard !reported else { return }
        reported = true
        messages.append(message)
    }

    private func start(_ element: AdjustableElement, messages: inout [String]) {
        let value = element.answerText
        let spoken = element.spokenValue
        let places = ["{id}": element.identity.id, "{value}": value, "{text}": spoken]
        let arguments = words.map { Self.substitute(places, in: $0) }
        var environment = processEnvironment().filter { !$0.key.hasPrefix("SAYLINE_") }
        environment["SAYLINE_ID"] = element.identity.id
        environment["SAYLINE_VALUE"] = value
        environment["SAYLINE_TEXT"] = spoken
        // Its output would land in the speech channel and the drawing: it goes nowhere.
        switch DetachedCommand.start(arguments, environment: environment.map { "\($0.key)=\($0.value)" }, ownSession: true) {
        case .success(let pid):
            running[element.identity.id] = (pid, arguments[0])
        case .failure(let failure):
            failed(translated("The change command %s cannot start: %s", TextSanitiser.echo(arguments[0]), failure.reason), messages: &messages)
        }
    }

    /// Each placeholder replaced once, left to right: what is put in is never read again, so an
    /// id or a label that itself reads `{text}` stays as it is.
    static func substitute(_ places: [String: String], in word: String) -> String {
        var result = ""
        var rest = Substring(word)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            if let close = rest[open...].firstIndex(of: "}"), let replacement = places[String(rest[open...close])] {
                result += replacement
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
            }
        }
        return result + rest
    }
}
