import SaylineControls

/// What one reply sounds before its words: a few notes in order, each a pitch held for a moment.
///
/// A tone is a value the core makes (`ToneDesign`) and renders (`ToneSynthesis`); the terminal
/// layer only hands its samples to the sound server.
public struct Tone: Sendable, Equatable {
    /// What the tone tells a listener without words.
    public enum Meaning: Sendable, Equatable {
        /// A value between the ends: its pitch is its place in the range.
        case step
        /// A value at an end: the end's pitch, brighter and longer than any step.
        case end(Bound)
        /// A step past an end, refused: the end's sound, twice and short.
        case refusal(Bound)
        /// `describe`: the lowest end, the highest, then the value.
        case range
    }

    /// One note: a pitch, how long it sounds, and the silence after it.
    public struct Note: Sendable, Equatable {
        /// Hertz.
        public let frequency: Double
        /// Seconds it sounds, faded in and out.
        public let seconds: Double
        /// With its octave above, softer: the colour of an end, which no step has.
        public let bright: Bool
        /// Seconds of silence before the next note; none after the last.
        public let restAfter: Double

        public init(frequency: Double, seconds: Double, bright: Bool = false, restAfter: Double = 0) {
            self.frequency = frequency
            self.seconds = seconds
            self.bright = bright
            self.restAfter = restAfter
        }
    }

    public let meaning: Meaning
    public let notes: [Note]

    public init(_ meaning: Meaning, notes: [Note]) {
        self.meaning = meaning
        self.notes = notes
    }

    /// Seconds from its first sample to its last: its notes and the rests between them.
    public var duration: Double {
        var total = 0.0
        for (index, note) in notes.enumerated() {
            total += note.seconds + (index == notes.count - 1 ? 0 : note.restAfter)
        }
        return total
    }
}
