import SaylineControls
import SaylineSession

/// What one reply puts on the terminal: the lines shown, the lines to read, and whether the
/// control is drawn, its value on the status line, a plain line, or a new cursor line.
package struct ScreenUpdate: Equatable {
    /// Spoken lines shown on the terminal.
    package var shown: [String] = []
    /// Lines to read, never spoken here (help, what an output reports).
    package var read: [String] = []
    /// The control is drawn again.
    package var drawsControl = false
    /// A lone value change, shown on the full display's status line in place.
    package var status: String?
    /// The plain display's line for a move, when speech goes elsewhere.
    package var changeLine: String?
    /// The screen-reader display's new cursor line: the last line said.
    package var cursorLine: String?
}

/// One display mode's way of showing replies and of prompting (`--display`): the terminal
/// display holds one of these and does the drawing; each mode decides what is drawn.
package protocol DisplayLayout {
    /// The prompt for the focused control. `cursorLine` is the last line said.
    func prompt(focused: AdjustableElement, cursorLine: String) -> String
    /// What a reply shows. `speechOnScreen`: the spoken words are written on this terminal.
    func update(for reply: OutgoingReply, speechOnScreen: Bool) -> ScreenUpdate
}

extension DisplayLayout {
    /// The spoken lines, when they belong on the terminal, and the lines to read: help is read
    /// on the terminal whatever the display, even when speech goes elsewhere.
    fileprivate func words(of reply: OutgoingReply, onScreen: Bool) -> ScreenUpdate {
        var update = ScreenUpdate()
        update.shown = onScreen ? reply.spoken.map(\.text) : []
        update.read = onScreen ? reply.messages : reply.spoken.filter { $0.kind == .reference }.map(\.text) + reply.messages
        return update
    }
}

extension DisplayMode {
    /// The layout of this mode.
    package var layout: any DisplayLayout {
        switch self {
        case .full: FullLayout()
        case .plain: PlainLayout()
        case .screenReader: ScreenReaderLayout()
        }
    }
}

/// The full display: the control drawn above the prompt and redrawn on each change; with
/// speech on the terminal, a lone value change goes on the status line, in place. The prompt
/// is the control's id: "weight> ".
struct FullLayout: DisplayLayout {
    func prompt(focused: AdjustableElement, cursorLine: String) -> String { "\(focused.identity.id)> " }

    func update(for reply: OutgoingReply, speechOnScreen: Bool) -> ScreenUpdate {
        let lone = speechOnScreen && reply.messages.isEmpty && reply.spoken.count == 1 && reply.spoken[0].kind == .change
        var update = words(of: reply, onScreen: speechOnScreen && !lone)
        if lone { update.status = reply.spoken[0].text }
        update.drawsControl = reply.fromSession || lone
        return update
    }
}

/// The plain display: a line per move, appended, never redrawn. The prompt is "weight, ",
/// whose readers would name a ">".
struct PlainLayout: DisplayLayout {
    func prompt(focused: AdjustableElement, cursorLine: String) -> String { "\(focused.identity.id), " }

    func update(for reply: OutgoingReply, speechOnScreen: Bool) -> ScreenUpdate {
        var update = words(of: reply, onScreen: speechOnScreen)
        if reply.fromSession, reply.movedOrFocused, !speechOnScreen, let focused = reply.focused { update.changeLine = focused.plainLine }
        return update
    }
}

/// The screen-reader display: every spoken line shown, and the last one becomes the line the
/// cursor is on, as the prompt. Orca speaks inserted text through the cursor's line, Fenrir
/// re-reads the cursor's line after Up and Down, and BRLTTY's window follows the cursor, so
/// the value must be on that line and nothing else with it (a prompt word would be said
/// after every value).
struct ScreenReaderLayout: DisplayLayout {
    func prompt(focused: AdjustableElement, cursorLine: String) -> String { cursorLine + " " }

    func update(for reply: OutgoingReply, speechOnScreen: Bool) -> ScreenUpdate {
        var update = words(of: reply, onScreen: true)
        update.cursorLine = update.shown.popLast()
        return update
    }
}
