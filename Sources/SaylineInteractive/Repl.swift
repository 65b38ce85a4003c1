import Glibc
import SaylineText
import SaylineControls
import SaylineSession
import SaylineSystem
import SaylineLineEditor
import SaylineCommandLine
import SaylineOutputs

/// The interactive loop: readline in callback mode, woken by keys, by signals and by timers
/// (animation frames, the speech pacer's settle, change commands, the event stream, the tour).
/// What is said and what a command means come from the core; this moves bytes, keeps time,
/// and is the last output of its reply pipeline: the terminal's display.
final class Repl: LineEditorClient, ReplyOutput {
    private var session: Session
    private let options: Options
    private let screen: Screen
    private let outputs: SessionOutputs
    private let paced: PacedSpeech
    private var pipeline = ReplyPipeline([])
    private let history: History
    private var playback: Playback?
    private var nextTourStep: Double?
    private var running = true
    private var promptActive = false
    /// The prompt readline was last given, so it is redrawn only when focus changes it.
    private var shownPrompt = ""
    private var exitStatus: Int32 = 0
    /// The terminal opened again, non-blocking, for reading keys (see `readKeys`); the flag
    /// belongs to this descriptor alone, so the shell's standard input is left as it was.
    private let keyboard: Int32
    /// `sayline pick`: stdout is kept for the answer, Enter on an empty line accepts, and
    /// Escape, Ctrl-C, Ctrl-D or `quit` cancel.
    let picking: Bool
    /// How a pick ended: true accepted, false cancelled, nil still choosing.
    private(set) var accepted: Bool?

    /// A transition being played: frames are drawn at their times, late ones skipped.
    private struct Playback {
        let elementIndex: Int
        let timeline: MotionTimeline
        let start: Double
        let frameTimes: [Double]
        var next = 0
    }

    private init(session: Session, outputs: SessionOutputs, options: Options, environment: [String: String], picking: Bool) {
        self.outputs = outputs
        self.session = session
        self.options = options
        self.picking = picking
        let width = Self.terminalWidth()
        // Every control of a kind is drawn the same height: one of each kind is measured, not
        // every control of a scene that may hold 10,000.
        // (A list, not a dictionary by kind: a scene has a handful of kinds, and a dictionary's
        // generic type is made at run time the first time, at every start.)
        var measuredKinds: [String] = []
        var blockHeight = 0
        let renderer = ControlRenderer(width: width, color: false)
        for element in session.elements where !measuredKinds.contains(element.kindName) {
            measuredKinds.append(element.kindName)
            blockHeight = max(blockHeight, renderer.lines(for: element).count)
        }
        self.screen = Screen(mode: options.settings.display, color: options.settings.color && environment["TERM"] != "dumb",
                             width: width, speechOnScreen: picking || outputs.events?.onStandardOutput == true || Self.stdoutIsTheTerminal(),
                             blockHeight: blockHeight,
                             escapes: environment["TERM"] != "dumb")
        self.history = History(environment: environment)
        self.paced = PacedSpeech(settleInterval: options.settings.settle)
        // The keyboard's terminal opened again, so that non-blocking reads are this program's
        // alone and not the shell's: through /proc's link to standard input (one call, where
        // ttyname takes three and a second walk of the path), or by name where /proc is not
        // there to ask.
        var terminal = open("/proc/self/fd/0", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if terminal < 0 { terminal = ttyname(STDIN_FILENO).map { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) } ?? -1 }
        self.keyboard = terminal >= 0 ? terminal : STDIN_FILENO
        pipeline = outputs.pipeline(then: [paced, self])
    }

    /// A session at the keyboard, or `sayline pick` there: the exit status of the loop,
    /// whether a pick was accepted, and the focused control as it was left.
    static func run(session: Session, outputs: SessionOutputs, options: Options, environment: [String: String],
                    picking: Bool) -> (status: Int32, accepted: Bool, element: AdjustableElement) {
        let repl = Repl(session: session, outputs: outputs, options: options, environment: environment, picking: picking)
        ReadlineBridge.client = repl
        defer { ReadlineBridge.client = nil }
        let status = repl.run()
        // The pipeline holds the loop as its display: let go of it, or neither is freed.
        repl.pipeline = ReplyPipeline([])
        return (status, repl.accepted == true, repl.session.focused)
    }

    package var escapeCancels: Bool { picking }

    package func cancel() { cancelPick() }

    /// Ctrl-C while picking: cancelled with 130, as fzf and a shell's interrupted command do.
    package func interruptKey() {
        exitStatus = 130
        ReadlineBridge.clearLine()
        cancelPick()
    }

    /// Escape, Ctrl-C, Ctrl-D or `quit` while picking: nothing is chosen.
    func cancelPick() {
        accepted = false
        stopReading()
    }

    private func run() -> Int32 {
        Signals.install()
        // Under BRLTTY's review of the screen its routing keys send Left and Right; holding the
        // display through BrlAPI, Sayline gets them as routing keys, and the arrows step.
        let routingSendsArrows = options.screenReader == "brltty" && outputs.braille == nil
        ReadlineBridge.install(appendOnly: screen.appendOnly, arrowsOnlyMoveTheCursor: routingSendsArrows, signalKeysAreKeys: picking)
        if !picking { history.load() }
        outputs.events?.emit(.start, session.focused, extra: [JSONMember("controls", .number(Double(session.elements.count)))])
        ReadlineBridge.holdOutputUntilLineHandler()
        screen.present(spoken: [], messages: [picking ? PickRules.startLine : screen.mode.startLine], control: nil, changeLine: nil, promptActive: false)
        // A listener on the speech channel alone (`sayline | espeak-ng`) hears how to get help
        // once, as the display's start line says it on the terminal, then the control, which is
        // what is left in mind.
        if !screen.speechOnScreen {
            outputs.speech.say([Announcement(picking ? PickRules.startLine : DisplayMode.spokenHint, kind: .info)])
        }
        show(session.greeting())
        installPrompt()
        while running {
            waitForInput()
            handleSignals()
            tick(now: monotonicSeconds())
            if outputs.speech.listenerGone {
                Diagnostics.write("\nsayline: the speech listener closed standard output; stopping\n")
                running = false
            }
        }
        endSession()
        return exitStatus
    }

    // MARK: Input

    /// Picking, the last entry was refused or moved into the range: the next Enter says so
    /// instead of accepting, and the one after accepts.
    private var answerInDoubt = false

    /// Runs a command from a key binding.
    package func perform(_ command: Command) {
        let result = session.perform(command)
        answerInDoubt = picking && PickRules.leavesAnswerInDoubt(result)
        show(result)
    }

    /// - Parameter bytes: the line, or nil when it had bytes that are not UTF-8.
    package func acceptLine(_ bytes: [UInt8]?) {
        screen.lineAccepted()
        // readline has moved past the entered line and draws the prompt itself once this returns.
        promptActive = false
        defer {
            if running {
                ReadlineBridge.setPrompt(prompt)
                shownPrompt = prompt
                promptActive = true
            }
        }
        if picking, let bytes, PickRules.accepts(line: bytes) {
            if answerInDoubt {
                answerInDoubt = false
                show(reply(speaking: [Announcement(PickRules.confirmAfterDoubt(session.focused), kind: .info)]))
                return
            }
            accepted = true
            stopReading()
            return
        }
        guard let bytes, let text = String(validating: bytes, as: UTF8.self) else {
            answerInDoubt = picking
            show(reply(speaking: [Announcement(Rejection(.notText, input: "").message, kind: .error)]))
            return
        }
        let result = session.perform(line: text)
        answerInDoubt = picking && PickRules.leavesAnswerInDoubt(result)
        if result.quit, !picking, let warning = outputs.keeper.warningBeforeQuitting(session.elements, autosave: outputs.autosave) {
            show(reply(speaking: [warning]))
            return
        }
        show(result)
        if result.quit {
            if picking { accepted = false }
            stopReading()
        }
    }

    package func endOfInput() {
        if !picking, let warning = outputs.keeper.warningBeforeQuitting(session.elements, autosave: outputs.autosave) {
            show(reply(speaking: [warning]))
            return
        }
        if picking { accepted = false }
        stopReading()
    }

    /// Called from the line handler on quit or end of input: without this, readline would
    /// draw a fresh prompt as soon as the handler returns.
    private func stopReading() {
        running = false
        promptActive = false
        ReadlineBridge.removeLineHandler()
    }

    /// Said once a session: a routing key may send several arrows, and each would say it again.
    private var toldArrowsLeftToRouting = false

    package func arrowLeftToRouting() {
        guard !toldArrowsLeftToRouting else { return }
        toldArrowsLeftToRouting = true
        show(reply(speaking: [Announcement(KeyTable.arrowsLeftToRouting, kind: .info)]))
    }

    package func completions(for textBeforeCursor: String) -> [String] {
        CommandTable.completions(for: textBeforeCursor, controls: session.elements.map(\.identity.id))
    }

    // MARK: Output

    /// A reply of the session's, through every output: saving, events, change commands, the
    /// pacer, then the display (`receive`).
    private func show(_ reply: Reply) {
        let now = monotonicSeconds()
        if let transition = reply.transition { start(transition, now: now) }
        if session.tour == nil { nextTourStep = nil } else if nextTourStep == nil { nextTourStep = now + DemoTour.interval }
        pipeline.deliver(OutgoingReply(reply, elements: session.elements, focused: session.focused, now: now))
    }

    /// The display, last in the pipeline: what is said now, what is read, and the control.
    func receive(_ reply: inout OutgoingReply) {
        // The prompt names the focused control; set it before the redisplay below draws it.
        let promptChanged = promptActive && shownPrompt != prompt
        if promptChanged {
            ReadlineBridge.setPrompt(prompt)
            shownPrompt = prompt
        }
        // Each mode draws one thing: plain appends a line per move, the full display redraws
        // the control; neither pays for the other on a key press.
        present(reply.spoken, messages: reply.messages,
                control: reply.fromSession && screen.mode == .full ? currentControlLines(now: reply.now) : nil,
                changeLine: reply.fromSession && screen.mode == .plain && reply.movedOrFocused && !screen.speechOnScreen ? session.focused.plainLine : nil,
                promptChanged: promptChanged)
    }

    /// Speech first, so a listener on a pipe never waits for the drawing; then the terminal,
    /// which shows the spoken lines too when stdout is the terminal itself or the display is
    /// for a screen reader.
    /// - Parameter control: the control's lines to draw, worked out only once the words are
    ///   on their way (drawing a ruler was a fifth of a key press before its announcement).
    private func present(_ spoken: [Announcement], messages: [String], control: @autoclosure () -> [String]?, changeLine: String?, promptChanged: Bool = false) {
        let onScreen = screen.speechOnScreen || screen.mode == .screenReader
        if screen.speechOnScreen { outputs.speech.speakOnly(spoken) } else { outputs.speech.say(spoken) }
        // A lone value change goes on the full display's status line, in place.
        let status = screen.mode == .full && screen.speechOnScreen && messages.isEmpty && spoken.count == 1 && spoken[0].kind == .change
            ? spoken[0].text : nil
        var shown = onScreen && status == nil ? spoken.map(\.text) : []
        // Help is read on the terminal whatever the display, even when speech goes elsewhere.
        let read = onScreen ? messages : spoken.filter { $0.kind == .reference }.map(\.text) + messages
        var cursorLineMoved = false
        if screen.mode == .screenReader, let last = shown.popLast() {
            // The last line said becomes the line the cursor is on (see `prompt`).
            cursorLine = last
            cursorLineMoved = true
            if promptActive {
                ReadlineBridge.setPrompt(prompt)
                shownPrompt = prompt
            }
        }
        screen.present(spoken: shown, messages: read,
                       control: control() ?? (status != nil ? currentControlLines(now: monotonicSeconds()) : nil),
                       changeLine: changeLine, promptActive: promptActive, promptChanged: promptChanged, status: status,
                       newPromptLine: cursorLineMoved)
    }

    /// stdout and stderr are the same terminal: announcements are then written with the drawing.
    private static func stdoutIsTheTerminal() -> Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        var out = stat(), display = stat()
        guard fstat(STDOUT_FILENO, &out) == 0, fstat(STDERR_FILENO, &display) == 0 else { return true }
        return out.st_rdev == display.st_rdev
    }

    private func reply(speaking announcements: [Announcement]) -> Reply {
        var result = Reply()
        result.announcements = announcements
        return result
    }

    /// The control to draw: the one animating, or else the focused one.
    private func currentControlLines(now: Double) -> [String] {
        if let playback {
            let element = session.elements[playback.elementIndex]
            return screen.renderer.lines(for: element, frame: playback.timeline.frame(at: now - playback.start))
        }
        return screen.renderer.lines(for: session.focused)
    }

    private func start(_ transition: ElementTransition, now: Double) {
        // A new change cuts the running animation: it never queues behind it.
        guard screen.mode == .full, case .animated(let timeline) = transition.transition else {
            playback = nil
            return
        }
        playback = Playback(elementIndex: transition.elementIndex, timeline: timeline, start: now,
                            frameTimes: timeline.frameTimes())
    }

    // MARK: Time

    private func waitForInput() {
        let now = monotonicSeconds()
        let deadlines = [playback.map { $0.start + $0.frameTimes[min($0.next, $0.frameTimes.count - 1)] },
                         nextTourStep, pipeline.deadline(now: now)].compactMap { $0 }
        let timeout: Int32 = deadlines.min().map { Int32(max(0, min(($0 - now) * 1000, 60_000)).rounded(.up)) } ?? -1
        var fds = [pollfd(fd: keyboard, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: Signals.wakeReadEnd, events: Int16(POLLIN), revents: 0)]
        // An events reader that has fallen behind is written to when it has room, never waited on.
        let eventsWaiting = outputs.events?.waitingForReader == true
        if let events = outputs.events, eventsWaiting { fds.append(pollfd(fd: events.pollDescriptor, events: Int16(POLLOUT), revents: 0)) }
        // The display's keys; and, when BRLTTY stopped reading, room for the line held back.
        let braille = outputs.braille?.descriptor
        if let braille {
            let events = Int16(POLLIN) | (outputs.braille?.waitsForRoom == true ? Int16(POLLOUT) : 0)
            fds.append(pollfd(fd: braille, events: events, revents: 0))
        }
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        guard ready > 0 else { return }
        if fds[1].revents != 0 { Signals.drainWakeups() }
        if eventsWaiting, fds[2].revents != 0 { outputs.events?.flush() }
        if braille != nil, let last = fds.last {
            if last.revents & Int16(POLLOUT) != 0 { outputs.braille?.sendUnsent() }
            if last.revents & ~Int16(POLLOUT) != 0 { readBrailleKeys() }
        }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            readKeys()
        }
    }

    /// The braille display's keys: each runs its command as the keyboard's key would (and
    /// stops what is being said), or only moved the display's window.
    private func readBrailleKeys() {
        guard let braille = outputs.braille else { return }
        for command in braille.readKeys(now: monotonicSeconds()) {
            outputs.speech.interrupt()
            if let command, running { perform(command) }
        }
    }

    /// Reads what the keyboard has and feeds it to readline. The keyboard is read through a
    /// non-blocking descriptor of its own: a Ctrl-C makes the kernel discard the bytes poll had
    /// just seen, and a blocking read would then wait for the next key with the signal unheard.
    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = read(keyboard, &buffer, buffer.count)
        if count > 0 {
            // Any key stops what is being said, as Orca and Fenrir do, and gives the braille
            // display back to the control.
            outputs.speech.interrupt()
            outputs.braille?.keyboardKeyPressed()
            ReadlineBridge.feed(buffer[0..<count])
        } else if count == 0 || errno != EINTR && errno != EAGAIN {
            // The terminal hung up or input ended: as Ctrl-D.
            endOfInput()
        }
    }

    private func tick(now: Double) {
        if var current = playback {
            var due = current.next
            while due < current.frameTimes.count && current.start + current.frameTimes[due] <= now { due += 1 }
            if due > current.next {
                current.next = due
                let element = session.elements[current.elementIndex]
                let frameTime = current.frameTimes[due - 1]
                screen.redraw(screen.renderer.lines(for: element, frame: current.timeline.frame(at: frameTime)), promptActive: promptActive)
                playback = due >= current.frameTimes.count ? nil : current
            }
        }
        // Values that settled, commands that failed, a reader that left: each output's own words.
        pipeline.tick(now: now)
        if let due = nextTourStep, now >= due {
            nextTourStep = nil
            show(session.advanceTour())
        }
    }

    private func handleSignals() {
        if Signals.terminated != 0 {
            exitStatus = 128 + Int32(Signals.terminated)
            running = false
            return
        }
        if Signals.interrupted != 0 {
            Signals.interrupted = 0
            // Picking, Ctrl-C cancels, as in any prompt a shell script runs.
            if picking {
                interruptKey()
                return
            }
            // Ctrl-C stops what moves and clears the line; it does not quit.
            let stopped = session.stopTour()
            nextTourStep = nil
            playback = nil
            ReadlineBridge.clearLine()
            show(stopped)
        }
        if Signals.suspended != 0 {
            Signals.suspended = 0
            stopForTheShell()
        }
        if Signals.resized != 0 {
            Signals.resized = 0
            ReadlineBridge.resizeTerminal()
            screen.resize(width: Self.terminalWidth())
            if screen.mode == .full { screen.drawWhole(control: currentControlLines(now: monotonicSeconds()), promptActive: promptActive) }
        }
    }

    /// Ctrl-Z: the terminal goes back to the shell as it was found, the process stops; on `fg`
    /// the terminal is taken again and the control drawn afresh below whatever the shell wrote,
    /// never over it.
    private func stopForTheShell() {
        playback = nil
        ReadlineBridge.flush()
        Diagnostics.write("\n")
        ReadlineBridge.restoreTerminal()
        pipeline.suspend()
        Signals.stopProcess()
        pipeline.resume()
        ReadlineBridge.prepareTerminal()
        screen.forgetDrawing()
        if screen.mode == .full {
            screen.drawWhole(control: currentControlLines(now: monotonicSeconds()), promptActive: promptActive)
        } else if promptActive {
            screen.showPrompt()
        }
    }

    // MARK: Prompt and exit

    private func installPrompt() {
        shownPrompt = prompt
        ReadlineBridge.installLineHandler(prompt: prompt)
        promptActive = true
    }

    /// The prompt. In the screen-reader display it is the last line said: Orca speaks inserted
    /// text through the cursor's line, Fenrir re-reads the cursor's line after Up and Down, and
    /// BRLTTY's window follows the cursor, so the value must be on that line and nothing else
    /// with it (a prompt word would be said after every value). Elsewhere the focused
    /// control's id: "weight> " in the full display, "weight, " in the plain one, whose readers
    /// would name the ">".
    private var prompt: String {
        switch screen.mode {
        case .screenReader: cursorLine + " "
        case .plain: "\(session.focused.identity.id), "
        case .full: "\(session.focused.identity.id)> "
        }
    }

    /// The screen-reader display's cursor line: the last line said.
    private var cursorLine = ""

    private func endSession() {
        // Whatever is still held is the final value: it must be the last thing heard.
        let held = paced.drain()
        if !held.isEmpty { present(held, messages: [], control: nil, changeLine: nil) }
        let delivery = SessionEnd.deliver(outputs, autosave: !picking && outputs.autosave, elements: session.elements,
                                          focused: session.focused, quitExtra: picking ? [JSONMember("accepted", .bool(accepted == true))] : [],
                                          waiting: { self.present([], messages: [$0], control: nil, changeLine: nil) })
        if !delivery.said.isEmpty { present(delivery.said, messages: [], control: nil, changeLine: nil) }
        if !delivery.problems.isEmpty { present([], messages: delivery.problems.map { "sayline: \($0)" }, control: nil, changeLine: nil) }
        exitStatus = delivery.status(exitStatus)
        if ReadlineBridge.isReadingLines {
            ReadlineBridge.removeLineHandler()
            promptActive = false
        }
        // Every exit path (quit, Ctrl-D, a signal, the listener gone) ends here.
        pipeline.finish()
        ReadlineBridge.restoreTerminal()
        if !screen.atLineStart || exitStatus != 0 { Diagnostics.write("\n") }
        if !picking { history.save() }
        outputs.speech.close()
        if keyboard != STDIN_FILENO { close(keyboard) }
    }

    static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
