/// Keeps tones in step with the keys that made them, so that a tone is never heard late.
///
/// A sound server cannot take back what it was given: a run of keys faster than the tones (a
/// held key repeats every 30–40 ms; a step is 40 ms) would queue one tone behind another, later
/// and later. So a tone is shortened to the time since the last key (to no less than
/// `shortestScale` of itself). One that would start more than `maximumLag` after its key (two
/// keys read at once, on a busy machine) is played at its shortest, so the tones catch up with
/// the keys; one that would start more than `catchUpLag` after it is held instead, the newest
/// replacing the one held, and played as soon as what sounds has ended: a burst of keys (a
/// paste) is heard as its last value, never as a second of tones. The front drives it with its
/// own clock, as it does the speech pacer.
public struct TonePacing: Sendable {
    /// The latest a tone starts after its key, in seconds, as long as keys come no faster than
    /// their tones can be played (shortened).
    public static let maximumLag = 0.015
    /// The latest a tone starts after its key while catching up; later ones are held.
    public static let catchUpLag = 0.080
    /// The shortest a run of keys makes a tone, as a fraction of its length.
    public static let shortestScale = 0.4

    /// When what was handed out last stops sounding, as far as this pacing knows.
    private var soundingUntil = -Double.infinity
    private var lastKey: Double?
    private var held: Tone?

    public init() {}

    /// When the held tone can go, if one is held: once what sounds has nearly ended.
    public var deadline: Double? {
        held == nil ? nil : soundingUntil - 0.005
    }

    /// Takes the tone of a key pressed at `now` (seconds on the front's clock): the tone to play
    /// now and its scale, or nil when it is held.
    public mutating func submit(_ tone: Tone, at now: Double) -> (tone: Tone, scale: Double)? {
        let natural = tone.duration
        let backlog = soundingUntil - now
        var scale = 1.0
        // Only while a tone still sounds: a tone after silence is whole, as the server wants
        // a little of a stream before it starts playing it (pacat's prebuffer).
        if let lastKey, natural > 0, backlog > 0, now - lastKey < natural {
            scale = max((now - lastKey) / natural, Self.shortestScale)
        }
        lastKey = now
        guard backlog <= Self.catchUpLag else {
            held = tone
            return nil
        }
        if backlog > Self.maximumLag { scale = Self.shortestScale }
        held = nil
        soundingUntil = max(now, soundingUntil) + natural * scale
        return (tone, scale)
    }

    /// The held tone, once its deadline has passed; it is played short, as the end of a run.
    public mutating func flush(at now: Double) -> (tone: Tone, scale: Double)? {
        guard let tone = held, let deadline, now >= deadline else { return nil }
        held = nil
        soundingUntil = max(now, soundingUntil) + tone.duration * Self.shortestScale
        return (tone, Self.shortestScale)
    }

    /// Forgets what was sounding: the player started again, and nothing of it is still queued.
    public mutating func reset() {
        soundingUntil = -Double.infinity
        held = nil
    }
}
