import SaylineText
import SaylineControls
import SaylineSession
/// Runs a script against a session, step by step, checking expectations as it goes.
///
/// Every change is announced (no settling), exactly as a person would hear it. The front
/// writes each step's announcements as they come, so a million-line script streams.
public struct ScriptRunner: Sendable {
    /// The session the script drives.
    public private(set) var session: Session
    /// The last command's reply, kept from one command to the next so that a command
    /// allocates nothing: its events (when the front puts them into words, `defersAnnouncements`,
    /// said here only if an expectation asks), its announcements and what the front said after
    /// it, and its motion (whose frames are counted only when `expect frames` asks, as a script
    /// never draws them).
    private var last = Reply()
    /// Whether the last command's events were left unsaid, and the verbosity to say them at.
    private var lastUnsaid = false
    private var lastVerbosity = Verbosity.normal

    /// A runner on a session.
    public init(session: Session) {
        self.session = session
    }

    /// Whether each step's announcements are left to the front, which may put the step's
    /// `events` into words on another thread while the next steps run; expectations hear the
    /// same words either way.
    public var defersAnnouncements: Bool {
        get { !session.announcesReplies }
        set { session.announcesReplies = !newValue }
    }

    /// What one step did.
    public struct StepResult: Sendable, Equatable {
        /// What the step made the session say; empty when announcements are deferred.
        public var announcements: [Announcement] = []
        /// What the step did, to be said at `verbosity`, when announcements are deferred.
        public var events: [SessionEvent] = []
        /// The verbosity the events are said at.
        public var verbosity = Verbosity.normal
        /// Why an expectation failed, if one did.
        public var failure: String?
        /// Whether the step ended the session.
        public var quit = false
        /// Saves the step asked for: the front writes the file and tells the runner how it
        /// went (`heard`), so an expectation can check it.
        public var saves: [SaveRequest] = []
    }

    /// What the front said after a step on its behalf (how a save went): heard after the
    /// step's own announcements, and what `expect` checks next.
    public mutating func heard(_ announcement: Announcement) {
        last.announcements.append(announcement)
    }

    /// Checks that expectations name controls the scene has; run this before the first step.
    public func unknownControls(in script: Script) -> [ScriptProblem] {
        let ids = controlIDs
        return script.steps.compactMap { Self.unknownControl(in: $0, ids: ids) }
    }

    /// The scene's control ids as `unknownControl` compares them.
    public var controlIDs: Set<String> { Set(session.elements.map { $0.identity.id.lowercased() }) }

    /// The problem with a step whose expectation names a control the scene does not have.
    public static func unknownControl(in step: ScriptStep, ids: Set<String>) -> ScriptProblem? {
        switch step.action {
        case .expect(.value(let control, _)), .expect(.focus(let control)):
            return ids.contains(control.lowercased()) ? nil : ScriptProblem(line: step.line, message: translated("no control named %s in the scene", TextSanitiser.echo(control)))
        default:
            return nil
        }
    }

    /// - Complexity: that of the command; an expectation is O(1) but for `expect value`, O(controls).
    public mutating func run(_ step: ScriptStep) -> StepResult {
        run(step) { _, _ in nil }
    }

    /// The same, with a front's own way to perform a command: `performing` answers the
    /// commands it carries out itself (a running application's controls, which the
    /// application moves) and nil for the rest, which the session performs.
    public mutating func run(_ step: ScriptStep, performing: (inout Session, Command) -> Reply?) -> StepResult {
        var result = StepResult()
        switch step.action {
        case .command(let command):
            if let reply = performing(&session, command) { last = reply } else { session.perform(command, into: &last) }
            result.quit = last.quit
            // Only `save` asks for one: no other command's events are walked (each event copied
            // out is a retain and a release, on every line of a long script).
            if case .save = command {
                for case .saveRequested(let request) in last.events { result.saves.append(request) }
            }
            lastUnsaid = defersAnnouncements
            if lastUnsaid {
                result.events = last.events
                result.verbosity = session.verbosity
                lastVerbosity = session.verbosity
            } else {
                result.announcements = last.announcements
            }
        case .expect(let expectation):
            result.failure = check(expectation)
        }
        return result
    }

    /// What the last command was heard to say, and what the front said after it.
    private var lastHeard: [Announcement] {
        guard lastUnsaid, !last.events.isEmpty else { return last.announcements }
        return last.events.flatMap(Announcer(verbosity: lastVerbosity).announcements(for:)) + last.announcements
    }

    private func check(_ expectation: Expectation) -> String? {
        switch expectation {
        case .heard(let text):
            let heard = lastHeard.last?.text
            guard heard != text else { return nil }
            // Translators: what a script expected to hear and what was heard, both quoted as your language quotes.
            guard let heard else { return translated("expected \"%s\", heard nothing", text) }
            return translated("expected \"%s\", heard \"%s\"", text, heard)
        case .silent:
            guard let heard = lastHeard.last else { return nil }
            return translated("expected silence, heard \"%s\"", heard.text)
        case .frames(let count):
            let drawn = last.transition?.transition.intermediateFrameCount() ?? 0
            return drawn == count ? nil : translatedCount("expected %s intermediate frame, drew %s", "expected %s intermediate frames, drew %s", count: count,
                                                          NumberText.spoken(count), NumberText.spoken(drawn))
        case .focus(let id):
            let focused = session.focused.identity.id
            // Translators: two control ids, as the scene writes them.
            return focused.lowercased() == id.lowercased() ? nil : translated("expected focus on %s, focus is on %s", id, focused)
        case .value(let id, let expected):
            guard let element = session.elements.first(where: { $0.identity.id.lowercased() == id.lowercased() }) else {
                return translated("no control named %s", id)
            }
            let tolerance = element.scale.step * 1e-6
            return abs(element.value - expected) <= tolerance ? nil
                // Translators: a control's id as the scene writes it, the value the script expected, and the value it has.
                : translated("expected %s at %s, it is at %s", id, NumberText.plain(expected), NumberText.plain(element.value))
        }
    }
}

/// What `--transcript` writes: each command, then what it announced.
public enum Transcript {
    /// A transcript's lines for one command: the command, then what was heard.
    public static func lines(command: String, announcements: some Collection<Announcement>) -> [String] {
        ["> " + TextSanitiser.clean(command)] + announcements.map(\.text)
    }

    /// The first line where two transcripts differ, as (line number from 1, expected, heard).
    public static func firstDifference(expected: [String], heard: [String]) -> (line: Int, expected: String?, heard: String?)? {
        for index in 0..<max(expected.count, heard.count) {
            let want = index < expected.count ? expected[index] : nil
            let got = index < heard.count ? heard[index] : nil
            if want != got { return (index + 1, want, got) }
        }
        return nil
    }
}
