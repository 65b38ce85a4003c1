/// Where a reply goes: the display, the speech channel, the event stream, change commands,
/// saving. Every output takes replies through this one interface, in the order the pipeline
/// holds them, so a new output (a braille display) is one type and one place in that order.
package protocol ReplyOutput: AnyObject {
    /// Takes a reply on its way through; may add to it or hold words back, for the outputs after it.
    func receive(_ reply: inout OutgoingReply)
    /// When it next needs time, if it does.
    func deadline(now: Double) -> Double?
    /// Time has passed: what it has to say now, for the outputs after it, or nil.
    func tick(now: Double) -> OutgoingReply?
    /// The terminal goes back to the shell (Ctrl-Z): let go of what is shared (a braille display).
    func suspend()
    /// The terminal is back (`fg`): take it again and show the present.
    func resume()
    /// The session has ended, every way out: let go of everything, for good.
    func finish()
}

extension ReplyOutput {
    package func deadline(now: Double) -> Double? { nil }
    package func tick(now: Double) -> OutgoingReply? { nil }
    package func suspend() {}
    package func resume() {}
    package func finish() {}
}
