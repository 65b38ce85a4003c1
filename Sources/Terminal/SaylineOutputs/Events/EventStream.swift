import Glibc
import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
import SaylineSystem
import SaylineCommandLine

/// `--events FILE|-|fd:N`: what happens in a session as JSON Lines, one object a line, written
/// and flushed as it happens, for programs that follow a session without parsing sentences
/// (braille drivers, loggers, GUIs, test tools). The format is Docs/events.md, its schema
/// Docs/events.schema.json.
///
/// A reader never holds the session up: a pipe, FIFO or socket is written without blocking,
/// what it has not taken yet waits in a buffer of `bufferLimit` bytes (the loop writes it when
/// the reader is ready), and events that would overflow it are dropped and counted; once the
/// reader has caught up, one `dropped` event says how many.
package final class EventStream {
    package enum Kind: String, CaseIterable {
        case start, focus, change, settled, bound, rejected, saved, dropped, quit
    }

    /// About 5,000 events: a reader that is this far behind has stopped.
    static let bufferLimit = 1 << 20

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let began = monotonicSeconds()
    private var settling: SettlingValues
    /// Bytes the reader has not taken yet: `pending[sent...]`. A partial write moves `sent`,
    /// not the bytes, so a reader that is behind costs no copying of the buffer per event.
    private var pending: [UInt8] = []
    private var sent = 0
    private var unsent: Int { pending.count - sent }
    private var dropped = 0
    /// Why the stream ended early, in words; nil while it goes on.
    package private(set) var ended: String?
    /// The reader closed its end: the stream ends, but nothing was asked of it that failed.
    private var readerLeft = false

    /// Whether the stream is stdout: announcements then go to the terminal instead.
    package let onStandardOutput: Bool
    /// A pipe, FIFO or socket: written without blocking, whole lines at a time.
    private var stalls = false

    /// Opens the target: `-` is stdout, `fd:N` a descriptor the caller opened, anything else a
    /// file, created or emptied. The reason in words when it cannot be opened.
    package static func open(_ target: String, settle: Double) -> Result<EventStream, UsageError> {
        let name = "--events \(TextSanitiser.echo(target, limit: 4_096))"
        if target == "-" { return .success(EventStream(STDOUT_FILENO, owns: false, settle: settle)) }
        if target.hasPrefix("fd:") {
            guard let number = Int32(target.dropFirst(3)), number >= 0, fcntl(number, F_GETFD) != -1 else {
                return .failure(UsageError(translated("%s: not an open descriptor", name)))
            }
            // Change commands and speech engines must not inherit it: a child left running in
            // the background would hold the reader's pipe open after Sayline ends.
            if number > STDERR_FILENO { _ = fcntl(number, F_SETFD, fcntl(number, F_GETFD) | FD_CLOEXEC) }
            return .success(EventStream(number, owns: false, settle: settle))
        }
        var info = stat()
        // A link is not followed: a committed events.jsonl -> ~/.bashrc would be emptied.
        if lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            return .failure(UsageError(translated("%s: is a symbolic link; Sayline does not write through one (name the file itself)", name)))
        }
        if lstat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFIFO {
            return .failure(UsageError(translated("%s: is not a regular file or a FIFO", name)))
        }
        if lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO {
            // open() on a FIFO waits for a reader; without blocking it says at once there is none.
            let descriptor = Glibc.open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else {
                let why = errno == ENXIO ? translated("a FIFO that no program is reading; start its reader first") : String(cString: strerror(errno))
                return .failure(UsageError("\(name): \(why)"))
            }
            return .success(EventStream(descriptor, owns: true, settle: settle))
        }
        let descriptor = Glibc.open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { return .failure(UsageError("\(name): \(String(cString: strerror(errno)))")) }
        return .success(EventStream(descriptor, owns: true, settle: settle))
    }

    private init(_ descriptor: Int32, owns: Bool, settle: Double) {
        self.descriptor = descriptor
        ownsDescriptor = owns
        onStandardOutput = descriptor == STDOUT_FILENO
        settling = SettlingValues(settle: settle)
        // A pipe, FIFO or socket can stall; a file or a terminal is written as it comes.
        var info = stat()
        if fstat(descriptor, &info) == 0, [S_IFIFO, S_IFSOCK].contains(info.st_mode & S_IFMT) {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            stalls = true
        } else {
            // A file is written as it comes (it was opened without blocking only so that a
            // device could not hold the open).
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
    }

    deinit {
        if ownsDescriptor { Glibc.close(descriptor) }
    }

    /// Whether this stream writes into the same file as `fd` (stdout, for `pick`'s answer).
    package func sharesFile(with fd: Int32) -> Bool {
        var mine = stat(), theirs = stat()
        guard fstat(descriptor, &mine) == 0, fstat(fd, &theirs) == 0 else { return descriptor == fd }
        return mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
    }

    /// One line: the event, the control's id, value, display and spoken text, and the time in
    /// milliseconds since the session began (monotonic).
    package func emit(_ kind: Kind, _ element: AdjustableElement?, extra: [JSONMember] = [], now: Double = monotonicSeconds()) {
        guard ended == nil else { return }
        var members = [JSONMember("event", .string(kind.rawValue)), JSONMember("time", .number((max(now - began, 0) * 1000).rounded()))]
        if let element { members += element.jsonMembers() }
        members += extra
        let line = Array((JSONWriter.line(.object(members)) + "\n").utf8)
        if kind == .quit {
            // The last events are never dropped to make room: a reader that catches up learns
            // how many it missed, and that the session ended. (One still behind when `finish`
            // gives up never gets them, and that is said.)
            if dropped > 0 { pending += droppedLine(now: now) }
        } else if unsent + line.count > Self.bufferLimit {
            dropped += 1
            return
        }
        pending += line
        flush()
    }

    /// Why the stream ended, the first time it is asked after it did: said once on the terminal.
    package func newlyEnded() -> String? {
        guard let ended, !toldEnded else { return nil }
        toldEnded = true
        return ended
    }
    private var toldEnded = false

    /// Whether bytes wait for the reader: the loop then wakes when it can take more.
    package var waitingForReader: Bool { ended == nil && unsent > 0 }
    /// The descriptor the loop watches for room.
    package var pollDescriptor: Int32 { descriptor }

    /// Writes what the reader can take now, without waiting; once all is out, says how many
    /// events were dropped meanwhile.
    package func flush() {
        while ended == nil && unsent > 0 {
            let length = stalls ? wholeLines(upTo: Int(PIPE_BUF)) : unsent
            let written = pending.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + sent }, length) }
            if written > 0 {
                sent += written
                if unsent == 0 {
                    pending.removeAll(keepingCapacity: true)
                    sent = 0
                    if dropped > 0 { pending = droppedLine(now: monotonicSeconds()) }
                } else if sent >= 1 << 16 && sent * 2 >= pending.count {
                    // Taken bytes are let go of now and then, at most once per 64 KiB taken.
                    pending.removeFirst(sent)
                    sent = 0
                }
                continue
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EAGAIN { return }
            readerLeft = written < 0 && errno == EPIPE
            ended = readerLeft ? translated("the events reader closed the stream; no more events are written")
                               : translated("the event stream cannot be written: %s", String(cString: strerror(errno)))
            pending = []
            sent = 0
        }
    }

    /// How many of the unsent bytes to hand a pipe at once: whole lines, at most `limit`
    /// bytes (PIPE_BUF), which a pipe takes all or none of; so a reader that stops, and a stream
    /// that has to end, end on a line boundary. A line longer than that goes alone.
    private func wholeLines(upTo limit: Int) -> Int {
        let end = min(sent + limit, pending.count)
        if end == pending.count { return unsent }
        if let last = pending[sent..<end].lastIndex(of: UInt8(ascii: "\n")) { return last + 1 - sent }
        return (pending[sent...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? pending.count) - sent
    }

    /// `dropped` with the count so far, which starts again from nothing.
    private func droppedLine(now: Double) -> [UInt8] {
        let members = [JSONMember("event", .string(Kind.dropped.rawValue)), JSONMember("time", .number((max(now - began, 0) * 1000).rounded())),
                       JSONMember("count", .number(Double(dropped)))]
        dropped = 0
        return Array((JSONWriter.line(.object(members)) + "\n").utf8)
    }

    /// At exit: waits up to `seconds` for the reader to take what is left. Why the stream lost
    /// events, if it did (a reader that chose to leave is not a loss), else nil.
    package func finish(within seconds: Double) -> String? {
        let began = monotonicSeconds()
        while waitingForReader {
            let left = seconds - (monotonicSeconds() - began)
            guard left > 0 else {
                // Said as it is: how many events it never got (the quit event among them), and
                // that what it has ends with a whole one.
                let lines = pending[sent...].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                let whole = sent == 0 || pending[sent - 1] == UInt8(ascii: "\n")
                let how = whole ? translated("the stream ends after the last whole event it took")
                                : translated("the stream ends inside an event longer than a pipe takes at once")
                // Translators: the second %s is the seconds waited, always 2; the third, how the stream ends.
                ended = translatedCount("the events reader was still %s event behind after %s seconds, the last of them the end of the session; %s",
                                        "the events reader was still %s events behind after %s seconds, the last of them the end of the session; %s",
                                        count: lines, NumberText.spoken(lines), NumberText.spoken(Int(seconds)), how)
                break
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, Int32(left * 1000) + 1)
            flush()
        }
        if ended == nil && dropped > 0 {
            // Translators: English says "events were" even for 1; give your language's forms.
            ended = translatedCount("%s events were dropped at the end: the reader fell behind", "%s events were dropped at the end: the reader fell behind",
                                    count: dropped, NumberText.spoken(dropped))
        }
        return readerLeft ? nil : ended
    }

    /// The events of one reply, and the settling of the values it moved.
    package func record(_ events: [SessionEvent], now: Double = monotonicSeconds()) {
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
    package func settle(now: Double) {
        // At the end of piped input everything has settled "by now": stamped with the clock.
        let stamp = now.isFinite ? now : monotonicSeconds()
        for element in settling.settled(at: now) { emit(.settled, element, now: stamp) }
    }

    package func deadline() -> Double? { settling.deadline }

    /// A save, or a failed one: the file it was written to, or meant for, and what was said of it.
    package func saved(_ outcome: SaveOutcome, file: String?) {
        emit(.saved, nil, extra: [JSONMember("file", .optional(file)), JSONMember("ok", .bool(outcome.succeeded)),
                                  JSONMember("message", .string(outcome.announcement.text))])
    }
}
