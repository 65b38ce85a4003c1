import Glibc
import SaylineCore

/// `--on-change 'CMD ARG…'`: a command run when a control's value settles (the same quiet
/// time that ends a run of changes for speech), never through a shell. `{id}`, `{value}` and
/// `{text}` in its arguments, and SAYLINE_ID, SAYLINE_VALUE and SAYLINE_TEXT in its
/// environment, say which control and what value. At most one run per control at a time: a
/// value that changes while its command runs is applied once more when it ends, with the
/// latest value. Nothing waits for a command at the keyboard; a failure is said once.
final class ChangeHooks {
    private let words: [String]
    private var settling: SettlingValues
    private var running: [String: pid_t] = [:]
    /// Changed again while its command ran: run once more, with this, when it ends.
    private var again: [String: AdjustableElement] = [:]
    private var reported = false

    /// nil when no command was asked for.
    init?(command: String?, settle: Double) {
        guard let command else { return nil }
        let words = CommandWords.split(command)
        guard !words.isEmpty else { return nil }
        self.words = words
        settling = SettlingValues(settle: settle)
    }

    /// A control's value moved: its command runs once the value has been still for the settle time.
    func changed(_ element: AdjustableElement, at now: Double) {
        settling.moved(element, at: now)
    }

    /// When the loop must look again: the next value to settle, or soon while commands run.
    func deadline(now: Double) -> Double? {
        running.isEmpty ? settling.deadline : min(settling.deadline ?? .infinity, now + 0.05)
    }

    /// Reaps finished commands and starts those whose value has settled. What to say on the
    /// terminal, if a command failed (said once a session).
    func tick(now: Double) -> [String] {
        var messages: [String] = []
        for (id, pid) in running {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { continue }
            running[id] = nil
            let exited = status & 0x7F == 0
            let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            if code != 0, !reported {
                reported = true
                messages.append("The change command \(TextSanitiser.echo(words[0])) exited with status \(code)")
            }
            if let latest = again.removeValue(forKey: id) { start(latest, messages: &messages) }
        }
        for element in settling.settled(at: now) {
            if running[element.identity.id] != nil { again[element.identity.id] = element } else { start(element, messages: &messages) }
        }
        return messages
    }

    /// Piped input: every change has settled by the end, and the script's effect is complete
    /// when Sayline returns, so what is left is run and waited for.
    func finish() {
        var ignored: [String] = []
        _ = tick(now: .infinity)
        while !running.isEmpty {
            for (id, pid) in running {
                var status: Int32 = 0
                waitpid(pid, &status, 0)
                running[id] = nil
                if let latest = again.removeValue(forKey: id) { start(latest, messages: &ignored) }
            }
        }
    }

    private func start(_ element: AdjustableElement, messages: inout [String]) {
        let value = PickCommand.answer(element, .value)
        let spoken = element.spokenValue
        let arguments = words.map { word in
            word.replacing("{id}", with: element.identity.id).replacing("{value}", with: value).replacing("{text}", with: spoken)
        }
        var environment = processEnvironment().filter { !$0.key.hasPrefix("SAYLINE_") }
        environment["SAYLINE_ID"] = element.identity.id
        environment["SAYLINE_VALUE"] = value
        environment["SAYLINE_TEXT"] = spoken
        // Its output would land in the speech channel and the drawing: it goes nowhere.
        switch DetachedCommand.start(arguments, environment: environment.map { "\($0.key)=\($0.value)" }) {
        case .success(let pid):
            running[element.identity.id] = pid
        case .failure(let failure) where !reported:
            reported = true
            messages.append("The change command \(TextSanitiser.echo(arguments[0])) cannot start: \(failure.reason)")
        case .failure:
            break
        }
    }
}
