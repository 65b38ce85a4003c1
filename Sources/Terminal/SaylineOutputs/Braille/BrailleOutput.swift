import Glibc
import SaylineText
import SaylineSession
import SaylineSystem
import SaylineCommandLine

/// The braille display, as one output of the reply pipeline: the focused control the moment
/// it changes (no animation frames), messages over it for a moment (`BrailleView`), and the
/// display's keys for the loop. It lets go of the display on Ctrl-Z and at the end of every
/// session; if Sayline is killed, BRLTTY sees the connection close and takes it back.
package final class BrailleOutput: ReplyOutput {
    private let connection: BrailleConnection
    private var view: BrailleView

    private init(connection: BrailleConnection, cells: @escaping @Sendable (String) -> String) {
        self.connection = connection
        view = BrailleView(width: connection.width, cells: cells)
    }

    /// The display, where BRLTTY answers and can show this terminal; otherwise nil, and with
    /// `--braille on` (or a table that is not there) a line on stderr saying why.
    /// - Parameters:
    ///   - atTerminal: whether a person is at standard input's terminal (its name, "/dev/tty3",
    ///     says which console); false for piped input, which only `on` hears about.
    ///   - host: BRLAPI_HOST, if set.
    package static func open(_ settings: ReplSettings, atTerminal: Bool, host: String?, command: String = "sayline") -> BrailleOutput? {
        guard settings.braille != .off else { return nil }
        let say = settings.braille == .on
        // Every interactive start asks: with no host named, a BRLTTY of this machine listens on
        // BrlAPI's local socket, and without it BrlAPI would go on to try TCP on localhost twice.
        if !say, host == nil, !BrailleConnection.localServerListens() { return nil }
        func refuse(_ problem: BrailleProblem) -> BrailleOutput? {
            if say { Diagnostics.write("\(command): \(problem.sentence)\n") }
            return nil
        }
        guard atTerminal, let terminal = ttyname(STDIN_FILENO).map({ String(cString: $0) }) else { return refuse(.notATerminal) }
        let console = consoleNumber(terminal)
        let code = settings.brailleCode
        // BrlAPI's calls block until the server answers, and a server that accepts and then
        // stays silent (or speaks garbage) never does: they run on a thread of their own, and
        // the prompt waits for them no longer than `answerDeadline`. A late answer is let go of.
        // Only the server's calls are held to it: the contraction table is loaded here after,
        // by liblouis, which takes what it takes on a loaded machine and never waits on a peer
        // (held to the deadline too, a slow start lost the display without a word).
        let attempt = Background.start { () -> Handover in
            let connection: BrailleConnection
            switch BrailleConnection.open() {
            case .failure(let problem): return Handover(connection: nil, problem: problem)
            case .success(let opened): connection = opened
            }
            guard connection.hold(console: console) else {
                connection.close()
                return Handover(connection: nil, problem: .noConsole)
            }
            return Handover(connection: connection, table: table(code, connection: connection))
        }
        guard let handed = attempt.wait(seconds: answerDeadline) else { return refuse(.noAnswer(seconds: Int(answerDeadline))) }
        guard let connection = handed.connection else { return handed.problem.flatMap(refuse) }
        var cells: @Sendable (String) -> String = BrailleTranslator.computer
        if let table = handed.table {
            if let contracted = BrailleTranslator.contracted(table: table) {
                cells = contracted
            } else {
                // A table that is not there is said whatever `--braille` is: it was asked for.
                Diagnostics.write("\(command): \(BrailleProblem.unknownTable(table).sentence)\n")
            }
        }
        return BrailleOutput(connection: connection, cells: cells)
    }

    /// How long the start waits for the braille server: BRLTTY on this machine answers in
    /// milliseconds; a second is a server that is not going to.
    static let answerDeadline = 1.0

    /// What the connecting thread hands back, once: nothing else touches the connection until
    /// it has been handed over.
    private struct Handover: @unchecked Sendable {
        var connection: BrailleConnection?
        var problem: BrailleProblem?
        /// The liblouis table to write contracted braille with; nil for computer braille.
        var table: String?
    }

    /// The console's number for /dev/ttyN; nil for any other terminal (a pseudo-terminal).
    static func consoleNumber(_ terminal: String) -> Int32? {
        guard terminal.hasPrefix("/dev/tty") else { return nil }
        let digits = terminal.dropFirst("/dev/tty".count)
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCII), let number = Int32(digits) else { return nil }
        return number
    }

    /// The liblouis table for the braille code asked for, asking the server for the reader's
    /// where that decides; nil for computer braille.
    private static func table(_ code: BrailleCode, connection: BrailleConnection) -> String? {
        switch code {
        case .computer: return nil
        case .auto: return connection.readersContractionTable().map(BrailleTranslator.liblouisTable(forBRLTTY:))
        case .contracted: return connection.contractionTable().map(BrailleTranslator.liblouisTable(forBRLTTY:)) ?? BrailleTranslator.contractionTable(forLanguage: Phrasebook.current.code)
        case .table(let name): return name
        }
    }

    /// Readable when the display has a key; writable, when `waitsForRoom`, once a line held
    /// back can go (`sendUnsent`).
    package var descriptor: Int32? { connection.lost ? nil : connection.descriptor }

    /// A line waits for BRLTTY to read its socket again.
    package var waitsForRoom: Bool { connection.hasUnsent }

    /// Sends the line that waited, now that the socket has room.
    package func sendUnsent() { connection.sendUnsent() }

    // MARK: ReplyOutput

    package func receive(_ reply: inout OutgoingReply) {
        view.receive(events: reply.events, spoken: reply.spoken, messages: reply.messages, focused: reply.focused, now: reply.now)
        connection.show(view.shown)
    }

    package func deadline(now: Double) -> Double? { view.deadline }

    package func tick(now: Double) -> OutgoingReply? {
        if view.expire(now: now) { connection.show(view.shown) }
        return nil
    }

    package func suspend() { connection.letGo() }

    package func resume() {
        if connection.holdAgain() { connection.show(view.shown) }
    }

    package func close() { connection.close() }

    /// The display's keys; and, when BRLTTY stopped reading, room for the line held back.
    package var watchedDescriptor: (descriptor: Int32, events: Int16)? {
        descriptor.map { ($0, Int16(POLLIN) | (waitsForRoom ? Int16(POLLOUT) : 0)) }
    }

    package func descriptorReady(_ events: Int16, now: Double) -> [Command?] {
        if events & Int16(POLLOUT) != 0 { sendUnsent() }
        return events & ~Int16(POLLOUT) != 0 ? readKeys(now: now) : []
    }

    package func keyPressed(on source: KeySource) {
        if source == .keyboard { keyboardKeyPressed() }
    }

    /// Shows `lines` as a message and waits while it is read (`sayline describe`): panning goes
    /// through it, and it ends at its end, on any other display key, or when the message's hold
    /// passes without a key. The display is let go of after.
    package func read(_ lines: [String]) {
        view.receive(events: [], spoken: [], messages: lines, focused: nil, now: monotonicSeconds())
        connection.show(view.shown)
        while view.showsMessage, let descriptor, let deadline = view.deadline {
            let wait = max(0, deadline - monotonicSeconds())
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let woke = poll(&ready, 1, Int32(min(wait * 1000, 60_000).rounded(.up)))
            if woke < 0, errno != EINTR { break }
            let now = monotonicSeconds()
            if woke > 0 {
                for key in connection.readKeys() {
                    // Only panning reads on; any other key is the reader done with it.
                    if key == .panLeft || key == .panRight { _ = view.press(key, now: now) } else { view.keyPressed() }
                }
                connection.show(view.shown)
            }
            _ = view.expire(now: now)
        }
        connection.close()
    }

    // MARK: Keys

    /// A key of the keyboard: a message gives way to the control.
    package func keyboardKeyPressed() {
        guard view.showsMessage else { return }
        view.keyPressed()
        connection.show(view.shown)
    }

    /// The display's keys since the last call, each as what it leaves the session to do: a
    /// command to run, or nil when it only moved the window (already shown).
    package func readKeys(now: Double) -> [Command?] {
        connection.readKeys().map { key in
            let command = view.press(key, now: now)
            connection.show(view.shown)
            return command
        }
    }
}
