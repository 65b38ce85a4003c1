/// Paces a quick run of value changes, so a held key does not queue seconds of speech.
///
/// The first change of a run is spoken at once; later ones are held, each replacing the last;
/// when input pauses for `settleInterval` the held value is spoken. Anything that is not a
/// change first releases a held value, so the final value is always heard and heard last.
/// The front drives it with its own clock: it calls `flush(at:)` once `deadline` has passed.
public struct SpeechPacer: Sendable {
    /// Quiet time, in seconds, that ends a run of changes.
    public let settleInterval: Double
    private var held: Announcement?
    private var lastChangeTime: Double?
    private var lastSpoken: String?

    /// - Parameter settleInterval: seconds of quiet that end a run; 0 speaks every change.
    public init(settleInterval: Double) {
        self.settleInterval = settleInterval.isFinite ? max(settleInterval, 0) : 0
    }

    /// When the held change is due, if one is held.
    public var deadline: Double? {
        guard held != nil, let lastChangeTime else { return nil }
        return lastChangeTime + settleInterval
    }

    /// Takes an announcement at `now` (seconds on the front's clock); returns what to speak now.
    public mutating func submit(_ announcement: Announcement, at now: Double) -> [Announcement] {
        guard announcement.kind == .change else {
            var out = releaseHeld()
            out.append(announcement)
            lastChangeTime = nil
            lastSpoken = announcement.text
            return out
        }
        defer { lastChangeTime = now }
        if let last = lastChangeTime, now - last < settleInterval {
            held = announcement
            return []
        }
        held = nil
        lastSpoken = announcement.text
        return [announcement]
    }

    /// Speaks the held change once its deadline has passed.
    public mutating func flush(at now: Double) -> [Announcement] {
        guard let deadline, now >= deadline else { return [] }
        lastChangeTime = nil
        return releaseHeld()
    }

    /// Speaks whatever is held, now: at exit, or before any other line.
    public mutating func drain() -> [Announcement] {
        lastChangeTime = nil
        return releaseHeld()
    }

    private mutating func releaseHeld() -> [Announcement] {
        guard let pending = held else { return [] }
        held = nil
        // A run that came back to where it was spoken needs no second telling.
        guard pending.text != lastSpoken else { return [] }
        lastSpoken = pending.text
        return [pending]
    }
}
