import Glibc
import SaylineSession

/// Where a reply goes: saving, change commands, the event stream, the braille display, the
/// pacer, speech and the display. Every output takes replies through this one interface, in
/// the order the pipeline holds them, so a new output is one type and one place in that order:
/// it says when it needs time, which descriptor it watches, and what it says at the end.
package protocol ReplyOutput: AnyObject {
    /// Takes a reply on its way through; may add to it or hold words back, for the outputs after it.
    func receive(_ reply: inout OutgoingReply)
    /// When it next needs time, if it does.
    func deadline(now: Double) -> Double?
    /// Time has passed: what it has to say now, for the outputs after it, or nil.
    func tick(now: Double) -> OutgoingReply?
    /// The descriptor it waits on now and for what (`POLLIN`, `POLLOUT`), if any: the loop
    /// polls it with the keyboard.
    var watchedDescriptor: (descriptor: Int32, events: Int16)? { get }
    /// Its descriptor is ready (`poll`'s `revents`): the commands a person gave through it (a
    /// braille display's keys), each nil when the key only moved the display's window.
    func descriptorReady(_ events: Int16, now: Double) -> [Command?]
    /// A key was pressed, on the keyboard or on the braille display.
    func keyPressed(on source: KeySource)
    /// The terminal goes back to the shell (Ctrl-Z): let go of what is shared (a braille display).
    func suspend()
    /// The terminal is back (`fg`): take it again and show the present.
    func resume()
    /// The session is ending, every way out: the last work (the autosave, the last change
    /// commands and events), added to `ending` for the outputs after it. `say` shows and
    /// speaks something at once, through the outputs after this one (a wait is starting).
    func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void)
    /// After every output has finished: let go of everything, for good.
    func close()
}

/// Where a key came from.
package enum KeySource {
    case keyboard
    case brailleDisplay
}

extension ReplyOutput {
    package func deadline(now: Double) -> Double? { nil }
    package func tick(now: Double) -> OutgoingReply? { nil }
    package var watchedDescriptor: (descriptor: Int32, events: Int16)? { nil }
    package func descriptorReady(_ events: Int16, now: Double) -> [Command?] { [] }
    package func keyPressed(on source: KeySource) {}
    package func suspend() {}
    package func resume() {}
    package func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void) {}
    package func close() {}
}
