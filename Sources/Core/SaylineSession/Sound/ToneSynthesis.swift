import CoreMath

/// A tone as the samples a sound server plays: signed 16-bit little-endian, one channel,
/// 48,000 a second (the rate PulseAudio and PipeWire run at by default, so nothing is resampled).
///
/// Every note is faded in and out over a few milliseconds (a raised cosine): a sine that starts
/// or stops at full level is heard as a click.
public struct ToneSynthesis: Sendable {
    /// Samples a second.
    public static let sampleRate = 48_000
    /// Bytes a sample.
    public static let bytesPerSample = 2
    /// The longest fade at each end of a note.
    public static let fadeSeconds = 0.005
    /// The loudest a bright note gets: sin x + 0.4 sin 2x peaks at 1.2147 (x ≈ 62.6°), so
    /// divided by it a bright note's peak is the volume's, as a pure note's is.
    static let brightPeak = 1.2147

    /// The peak level, from 0 to 1 of full scale.
    public let amplitude: Double

    /// - Parameter volume: 0 to 100, on the cube law PulseAudio's volumes follow (`pactl`'s
    ///   percent): 100 is full scale, 50 is an eighth (−18 dB), 0 is silence. Anything else
    ///   (NaN, a negative, 1e308) is brought into that range.
    public init(volume: Double) {
        let fraction = volume.isFinite ? min(max(volume, 0), 100) / 100 : 0
        amplitude = fraction * fraction * fraction
    }

    /// The tone's samples as bytes, its notes and rests scaled by `scale` (a run of keys
    /// faster than the tone shortens each tone to the time between keys; 1 is as designed).
    /// - Complexity: O(samples): 1,920 for a step.
    public func bytes(_ tone: Tone, scale: Double = 1) -> [UInt8] {
        let scale = scale.isFinite ? min(max(scale, 0.1), 1) : 1
        var out: [UInt8] = []
        out.reserveCapacity(Int(tone.duration * scale * Double(Self.sampleRate) + 1) * Self.bytesPerSample)
        for (index, note) in tone.notes.enumerated() {
            append(note, seconds: note.seconds * scale, to: &out)
            if index < tone.notes.count - 1 { Self.appendSilence(seconds: note.restAfter * scale, to: &out) }
        }
        return out
    }

    private static func appendSilence(seconds: Double, to out: inout [UInt8]) {
        guard seconds.isFinite, seconds > 0 else { return }
        out += repeatElement(0, count: Int(seconds * Double(sampleRate)) * bytesPerSample)
    }

    private func append(_ note: Tone.Note, seconds: Double, to out: inout [UInt8]) {
        let count = Int(seconds * Double(Self.sampleRate))
        guard count > 0 else { return }
        let rate = Double(Self.sampleRate)
        // A fade of at most a quarter of the note, so that a shortened note still reaches its level.
        let fade = max(1, min(Int(Self.fadeSeconds * rate), count / 4))
        let step = 2 * Double.pi * (note.frequency.isFinite ? min(max(note.frequency, 20), 20_000) : 440) / rate
        let level = amplitude * 32_767 / (note.bright ? Self.brightPeak : 1)
        for index in 0..<count {
            let phase = step * Double(index)
            var wave = sayline_sin(phase)
            if note.bright { wave += 0.4 * sayline_sin(2 * phase) }
            let fromEdge = min(index, count - 1 - index)
            let envelope = fromEdge >= fade ? 1 : 0.5 - 0.5 * sayline_cos(Double.pi * Double(fromEdge) / Double(fade))
            let sample = Int16(max(min((wave * envelope * level).rounded(), 32_767), -32_767))
            let bits = UInt16(bitPattern: sample)
            out.append(UInt8(truncatingIfNeeded: bits))
            out.append(UInt8(truncatingIfNeeded: bits >> 8))
        }
    }
}
