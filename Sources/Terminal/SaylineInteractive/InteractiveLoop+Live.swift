import SaylineSession

/// The loop on a running application's controls (`--app`).
extension InteractiveLoop {
    /// A typed line: parsed here for a running application's controls, whose adjustments the
    /// application makes.
    func perform(line text: String) -> Reply {
        guard let live else { return session.perform(line: text) }
        return session.perform(line: text, on: live)
    }

    /// Values a running application changed itself: each control read again, and the focused
    /// one's change said as the application says it, as a screen reader says it.
    func readOutsideChanges(_ live: any LiveControlSource) {
        for (index, element) in live.outsideChanges(focused: session.focusIndex) {
            let reply = session.takeReading(element, at: index, announce: index == session.focusIndex)
            if !reply.events.isEmpty { show(reply) }
        }
    }

    /// The loop's next deadline with the application's: the next reading of the focused
    /// control, or now when a change is already waiting.
    func liveDeadline(now: Double, before due: Double?) -> Double? {
        guard let live else { return due }
        if live.hasPendingChanges { return now }
        let poll = nextLivePoll ?? now + live.pollInterval
        nextLivePoll = poll
        return due.map { min($0, poll) } ?? poll
    }

    /// Reads the application's changes when they have come or the next reading is due.
    func tickLive(now: Double) {
        guard let live, live.hasPendingChanges || nextLivePoll.map({ now >= $0 }) == true else { return }
        nextLivePoll = nil
        readOutsideChanges(live)
    }
}
