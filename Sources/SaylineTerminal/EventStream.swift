import Glibc
import SaylineCore

/// `--events FILE|-|fd:N`: what happens in a session as JSON Lines, one object a line, written
/// and flushed as it happens, for programs that follow a session without parsing sentences
/// (braille drivers, loggers, GUIs, test tools). The format is Docs/events.md, its schema
/// Docs/events.schema.json.
final class EventStream {
    enum Kind: String, CaseIterable {
        case start, focus, change, settled, bound, rejected, saved, quit
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let began = monotonicSeconds()
    private var settling: SettlingValues
    private var failed = false

    /// Whether the stream is stdout: announcements then go to the terminal instead.
    let onStandardOutput: Bool

    /// Opens the target: `-` is stdout, `fd:N` a descriptor the caller opened, anything else a
    /// file, created or emptied. The reason in words when it cannot be opened.
    static func open(_ target: String, settle: Double) -> Result<EventStream, UsageError> {
        if target == "-" { return .success(EventStream(STDOUT_FILENO, owns: false, settle: settle)) }
        if target.hasPrefix("fd:") {
            guard let number = Int32(target.dropFirst(3)), number >= 0, fcntl(number, F_GETFD) != -1 else {
                return .failure(UsageError("--events \(TextSanitiser.echo(target)): not an open descriptor"))
            }
            return .success(EventStream(number, owns: false, settle: settle))
        }
        let descriptor = Glibc.open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .failure(UsageError("--events \(TextSanitiser.echo(target, limit: 200)): \(String(cString: strerror(errno)))"))
        }
        return .success(EventStream(descriptor, owns: true, settle: settle))
    }

    private init(_ descriptor: Int32, owns: Bool, settle: Double) {
        self.descriptor = descriptor
        ownsDescriptor = owns
        onStandardOutput = descriptor == STDOUT_FILENO
        settling = SettlingValues(settle: settle)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// One line: the event, the control's id, value, display and spoken text, and the time in
    /// milliseconds since the session began (monotonic).
    func emit(_ kind: Kind, _ element: AdjustableElement?, extra: [JSONMember] = [], now: Double = monotonicSeconds()) {
        guard !failed else { return }
        var members = [JSONMember("event", .string(kind.rawValue)), JSONMember("time", .number((max(now - began, 0) * 1000).rounded()))]
        if let element {
            members += [
                JSONMember("id", .string(element.identity.id)), JSONMember("value", .number(element.value)),
                JSONMember("display", .string(element.displayText)), JSONMember("spoken", .string(element.spokenValue)),
            ]
        }
        members += extra
        // A reader that went away ends the stream, not the session.
        if !FileAccess.writeFully(JSONWriter.line(.object(members)) + "\n", to: descriptor, giveUp: { Signals.terminated != 0 }) { failed = true }
    }

    /// The events of one reply, and the settling of the values it moved.
    func record(_ events: [SessionEvent], now: Double = monotonicSeconds()) {
        for event in events {
            if let element = event.movedElement {
                emit(.change, element, now: now)
                settling.moved(element, at: now)
            }
            switch event {
            case .focused(let element): emit(.focus, element, now: now)
            case .unchanged(let element, .atBound(let bound)): emit(.bound, element, extra: [JSONMember("bound", .string(bound.rawValue))], now: now)
            case .rejected(let rejection, let element): emit(.rejected, element, extra: [JSONMember("message", .string(rejection.message))], now: now)
            default: break
            }
        }
    }

    /// Values that have been still for the settle time: `settled`, once each.
    func tick(now: Double) {
        // At the end of piped input everything has settled "by now": stamped with the clock.
        let stamp = now.isFinite ? now : monotonicSeconds()
        for element in settling.settled(at: now) { emit(.settled, element, now: stamp) }
    }

    func deadline() -> Double? { settling.deadline }

    /// A save, or a failed one: the file and what was said of it.
    func saved(_ said: Announcement, file: String?) {
        emit(.saved, nil, extra: [JSONMember("file", .optional(file)), JSONMember("ok", .bool(said.kind != .error)),
                                  JSONMember("message", .string(said.text))])
    }
}
