import Glibc
import SaylineControls
import SaylineSession
import SaylineSystem
import SaylineLineEditor
import SaylineCommandLine
import SaylineOutputs

/// The interactive loop: it waits for keys, signals, the outputs' descriptors and their
/// deadlines, turns what arrives into the session's commands, and hands every reply to the
/// pipeline, the only way out. What a command means is the session's; what is said, shown,
/// saved and run is the outputs'; the line editor turns keys into commands and lines.
final class InteractiveLoop: LineEditorClient {
    var session: Session
    private let outputs: SessionOutputs
    let editor: any LineEditor
    let display: TerminalDisplay
    let pipeline: ReplyPipeline
    private let history: History
    private let screenReader: String?
    /// `sayline pick`: how it is being answered; nil for a session that is no pick.
    var pick: PickAnswer?
    var nextTourStep: Double?
    var running = true
    var exitStatus: Int32 = 0
    /// The self-pipe the signal handlers write to, read end (`Signals.install`).
    private var signalPipe: Int32 = -1
    /// Signals that came and are not handled yet.
    var signals: Signals.Arrived = []
    /// The terminal opened again, non-blocking, for reading keys (see `readKeys`); the flag
    /// belongs to this descriptor alone, so the shell's standard input is left as it was.
    private let keyboard: Int32
    /// The running application whose controls these are (`--app`), or nil for a scene; its
    /// descriptor is watched last, so the others keep their places.
    let live: (any LiveControlSource)?
    /// When the focused live control is next read again, for a toolkit that sends no events.
    var nextLivePoll: Double?

    init(session: Session, outputs: SessionOutputs, options: Options, environment: [String: String], picking: Bool,
         editor: any LineEditor, keyboard: Int32, live: (any LiveControlSource)? = nil) {
        self.session = session
        self.live = live
        self.outputs = outputs
        self.editor = editor
        self.keyboard = keyboard
        screenReader = options.screenReader
        pick = picking ? PickAnswer() : nil
        let escapes = environment["TERM"] != "dumb"
        display = TerminalDisplay(mode: options.settings.display, elements: session.elements, focused: session.focused,
                                  width: Self.terminalWidth(), color: options.settings.color && escapes,
                                  speechOnScreen: outputs.speech.wordsShownElsewhere, escapes: escapes,
                                  startLine: picking ? PickRules.startLine : options.settings.display.startLine, editor: editor)
        history = History(environment: environment)
        pipeline = outputs.pipeline(display: display)
    }

    /// A session at the keyboard, or `sayline pick` there: the exit status of the loop,
    /// whether a pick was accepted, and the focused control as it was left.
    static func run(session: Session, outputs: SessionOutputs, options: Options, environment: [String: String],
                    picking: Bool, live: (any LiveControlSource)? = nil) -> (status: Int32, accepted: Bool, element: AdjustableElement) {
        // The keyboard's terminal opened again, so that non-blocking reads are this program's
        // alone and not the shell's: through /proc's link to standard input (one call, where
        // ttyname takes three and a second walk of the path), or by name where /proc is not
        // there to ask.
        var terminal = open("/proc/self/fd/0", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if terminal < 0 { terminal = ttyname(STDIN_FILENO).map { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) } ?? -1 }
        let keyboard = terminal >= 0 ? terminal : STDIN_FILENO
        defer { if keyboard != STDIN_FILENO { close(keyboard) } }
        let editor = GNUReadline()
        let loop = InteractiveLoop(session: session, outputs: outputs, options: options, environment: environment, picking: picking,
                                   editor: editor, keyboard: keyboard, live: live)
        editor.client = loop
        defer { editor.client = nil }
        let status = loop.run()
        return (status, loop.pick?.accepted == true, loop.session.focused)
    }

    /// The loop, from the first prompt to the end of the session.
    func run() -> Int32 {
        signalPipe = Signals.install()
        start()
        while running {
            waitForInput()
            handleSignals()
            tick(now: monotonicSeconds())
            if outputs.speech.listenerGone { running = false }
        }
        return end()
    }

    func start() {
        // Under BRLTTY's review of the screen its routing keys send Left and Right; holding the
        // display through BrlAPI, Sayline gets them as routing keys, and the arrows step.
        let routingSendsArrows = screenReader == "brltty" && outputs.braille == nil
        editor.install(appendOnly: display.appendOnly, arrowsOnlyMoveTheCursor: routingSendsArrows, signalKeysAreKeys: pick != nil)
        if pick == nil { history.load(into: editor) }
        outputs.begin(session)
        editor.holdOutputUntilPrompt()
        display.begin()
        // A listener on the speech channel alone (`sayline | espeak-ng`) hears how to get help
        // once, as the display's start line says it on the terminal, then the control, which
        // is what is left in mind.
        let hint = Announcement(pick != nil ? PickRules.startLine : DisplayMode.spokenHint, kind: .info)
        var greeting = OutgoingReply(session.greeting(), elements: session.elements, focused: session.focused, now: monotonicSeconds())
        greeting.heardOnly = [hint]
        pipeline.deliver(greeting)
        display.startReading()
    }

    // MARK: Input

    /// Runs a command from a key binding, or from the braille display's keys.
    func perform(_ command: Command) {
        let result = live.map { session.perform(command, on: $0) } ?? session.perform(command)
        pick?.entered(result)
        show(result)
    }

    /// - Parameter bytes: the line, or nil when it had bytes that are not UTF-8.
    func acceptLine(_ bytes: [UInt8]?) {
        display.lineAccepted()
        // The editor draws the prompt itself once this returns, for the control then focused.
        defer { if running { display.promptReturns() } }
        if var answer = pick, answer.isAnswer(bytes) {
            let doubt = answer.confirm(session.focused)
            pick = answer
            if let doubt { return show(saying: doubt) }
            return stopReading()
        }
        guard let bytes, let text = String(validating: bytes, as: UTF8.self) else {
            pick?.entered(nil)
            return show(saying: Announcement(Rejection(.notText, input: "").message, kind: .error))
        }
        let result = perform(line: text)
        pick?.entered(result)
        if result.quit, pick == nil, let warning = outputs.keeper.warningBeforeQuitting(session.elements, autosave: outputs.autosave) {
            return show(saying: warning)
        }
        show(result)
        if result.quit {
            pick?.cancel()
            stopReading()
        }
    }

    func endOfInput() {
        if pick == nil, let warning = outputs.keeper.warningBeforeQuitting(session.elements, autosave: outputs.autosave) {
            return show(saying: warning)
        }
        pick?.cancel()
        stopReading()
    }

    var escapeCancels: Bool { pick != nil }

    /// Escape on an empty line while picking: nothing is chosen.
    func cancel() {
        pick?.cancel()
        stopReading()
    }

    /// Ctrl-C while picking: cancelled with 130, as fzf and a shell's interrupted command do.
    func interruptKey() {
        exitStatus = 130
        editor.clearLine()
        cancel()
    }

    /// Said once a session: a routing key may send several arrows, and each would say it again.
    private var toldArrowsLeftToRouting = false

    func arrowLeftToRouting() {
        guard !toldArrowsLeftToRouting else { return }
        toldArrowsLeftToRouting = true
        show(saying: Announcement(KeyTable.arrowsLeftToRouting, kind: .info))
    }

    func completions(for textBeforeCursor: String) -> [String] {
        CommandTable.completions(for: textBeforeCursor, controls: session.elements.map(\.identity.id))
    }

    /// Quit, end of input, a pick decided: no new prompt is drawn after the line handler returns.
    private func stopReading() {
        running = false
        display.stopReading()
    }

    // MARK: Output

    /// A reply of the session's, through every output, and the tour's next step timed.
    func show(_ reply: Reply) {
        let now = monotonicSeconds()
        if session.tour == nil { nextTourStep = nil } else if nextTourStep == nil { nextTourStep = now + DemoTour.interval }
        pipeline.deliver(OutgoingReply(reply, elements: session.elements, focused: session.focused, now: now))
    }

    private func show(saying announcement: Announcement) {
        var reply = Reply()
        reply.announcements = [announcement]
        show(reply)
    }

    // MARK: Time

    /// Waits for a key, a signal, an output's descriptor or the earliest deadline.
    private func waitForInput() {
        let now = monotonicSeconds()
        var due = pipeline.deadline(now: now)
        if let tour = nextTourStep, due.map({ tour < $0 }) ?? true { due = tour }
        due = liveDeadline(now: now, before: due)
        let timeout: Int32 = due.map { Int32(max(0, min(($0 - now) * 1000, 60_000)).rounded(.up)) } ?? -1
        var fds = [pollfd(fd: keyboard, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0)]
        fds += pipeline.watchedDescriptors()
        if let live { fds.append(pollfd(fd: live.changeDescriptor, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        // A signal interrupts poll itself, or finds it readable: which ones came is read now.
        if ready < 0 || fds[1].revents != 0 { signals.formUnion(Signals.arrived(from: signalPipe)) }
        if live != nil, let watched = fds.last, watched.revents != 0 { nextLivePoll = monotonicSeconds() }
        guard ready > 0 else { return }
        // The braille display's keys: each runs its command as the keyboard's key would (and
        // stops what is being said), or only moved the display's window.
        for command in pipeline.descriptorsReady(fds[2..<(fds.count - (live == nil ? 0 : 1))], now: monotonicSeconds()) {
            pipeline.keyPressed(on: .brailleDisplay)
            if let command, running { perform(command) }
        }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { readKeys() }
    }

    /// Reads what the keyboard has and feeds it to the editor. The keyboard is read through a
    /// non-blocking descriptor of its own: a Ctrl-C makes the kernel discard the bytes poll had
    /// just seen, and a blocking read would then wait for the next key with the signal unheard.
    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = read(keyboard, &buffer, buffer.count)
        if count > 0 {
            // Any key stops what is being said, as Orca and Fenrir do, and gives the braille
            // display back to the control.
            pipeline.keyPressed(on: .keyboard)
            editor.feed(buffer[0..<count])
        } else if count == 0 || errno != EINTR && errno != EAGAIN {
            // The terminal hung up or input ended: as Ctrl-D.
            endOfInput()
        }
    }

    private func tick(now: Double) {
        // Animation frames, values that settled, commands that failed, a reader that left.
        pipeline.tick(now: now)
        tickLive(now: now)
        if let due = nextTourStep, now >= due {
            nextTourStep = nil
            show(session.advanceTour())
        }
    }

    // MARK: The end

    /// Every way out (quit, Ctrl-D, a signal, the listener gone) ends here: the pipeline's end,
    /// the history, the status.
    func end() -> Int32 {
        let ending = pipeline.finish(SessionEnding(elements: session.elements, focused: session.focused,
                                                   autosave: pick == nil && outputs.autosave, quitExtra: pick?.quitExtra ?? [],
                                                   askedToEnd: Signals.terminated != 0, now: monotonicSeconds()))
        exitStatus = ending.status(exitStatus)
        if !display.atLineStart || exitStatus != 0 { Diagnostics.write("\n") }
        if pick == nil { history.save(from: editor) }
        return exitStatus
    }

    static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
