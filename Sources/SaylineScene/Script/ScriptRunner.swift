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
    private var lastAnnouncements: [Announcement] = []
    /// The last command's events and the verbosity they are said at, when the front puts
    /// them into words (`defersAnnouncements`): said here only if an expectation asks.
    private var lastUnsaid: [SessionEvent] = []
    private var lastVerbosity = Verbosity.normal
    /// The last command's motion; its frames are counted only when `expect frames` asks, as
    /// a script never draws them.
    private var lastTransition: ElementTransition?

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
        lastAnnouncements.append(announcement)
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
            return ids.contains(control.lowercased()) ? nil : ScriptProblem(line: step.line, message: "no control named \(TextSanitiser.echo(control)) in the scene")
        default:
            return nil
        }
    }

    /// - Complexity: that of the command; an expectation is O(1) but for `expect value`, O(controls).
    public mutating func run(_ step: ScriptStep) -> StepResult {
        var result = StepResult()
        switch step.action {
        case .command(let command):
            // The reply's parts are moved out (swapped), not copied: on every line of a long
            // script each copy was references counted up and down again.
            var reply = session.perform(command)
            result.quit = reply.quit
            // Only `save` asks for one: no other command's events are walked (each event copied
            // out is a retain and a release, on every line of a long script).
            if case .save = command {
                for case .saveRequested(let request) in reply.events { result.saves.append(request) }
            }
            swap(&lastTransition, &reply.transition)
            if defersAnnouncements {
                lastAnnouncements.removeAll()
                swap(&lastUnsaid, &reply.events)
                result.events = lastUnsaid
                result.verbosity = session.verbosity
                lastVerbosity = session.verbosity
            } else {
                swap(&lastAnnouncements, &reply.announcements)
                result.announcements = lastAnnouncements
                lastUnsaid.removeAll()
            }
        case .expect(let expectation):
            result.failure = check(expectation)
        }
        return result
    }

    /// What the last command was heard to say, and what the front said after it.
    private var lastHeard: [Announcement] {
        guard !lastUnsaid.isEmpty else { return lastAnnouncements }
        return lastUnsaid.flatMap(Announcer(verbosity: lastVerbosity).announcements(for:)) + lastAnnouncements
    }

    private func check(_ expectation: Expectation) -> String? {
        switch expectation {
        case .heard(let text):
            let heard = lastHeard.last?.text
            guard heard != text else { return nil }
            return "expected \"\(text)\", heard \(heard.map { "\"\($0)\"" } ?? "nothing")"
        case .silent:
            guard let heard = lastHeard.last else { return nil }
            return "expected silence, heard \"\(heard.text)\""
        case .frames(let count):
            let drawn = lastTransition?.transition.intermediateFrameCount() ?? 0
            return drawn == count ? nil : "expected \(count) intermediate frames, drew \(drawn)"
        case .focus(let id):
            let focused = session.focused.identity.id
            return focused.lowercased() == id.lowercased() ? nil : "expected focus on \(id), focus is on \(focused)"
        case .value(let id, let expected):
            guard let element = session.elements.first(where: { $0.identity.id.lowercased() == id.lowercased() }) else {
                return "no control named \(id)"
            }
            let tolerance = element.scale.step * 1e-6
            return abs(element.value - expected) <= tolerance ? nil
                : "expected \(id) at \(NumberText.plain(expected)), it is at \(NumberText.plain(element.value))"
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
