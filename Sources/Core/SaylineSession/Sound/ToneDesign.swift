import CoreMath
import SaylineControls

/// What a reply sounds: the pitch of a value's place in its range, the ends' own sound, the
/// refusal, and `describe`'s figure of the range.
///
/// The pitch follows NVDA's progress-bar beeps, which screen-reader users already know:
/// `110 Hz × 2^(4 × place)`, four octaves from 110 Hz at the minimum to 1,760 Hz at the
/// maximum. Equal steps of the range are equal musical intervals (the ear hears pitch on a
/// logarithmic scale), so a step near the bottom sounds as far from its neighbour as one near
/// the top. The place is counted in ticks, never as `(value − min) / (max − min)`, which
/// overflows on a range of ±1e308.
public enum ToneDesign {
    /// The minimum's pitch, in hertz.
    public static let lowest = 110.0
    /// Octaves from the minimum to the maximum.
    public static let octaves = 4.0
    /// The maximum's pitch, in hertz: 1,760.
    public static let highest = lowest * 16
    /// A step: 40 ms, as NVDA's beep.
    public static let stepSeconds = 0.040
    /// An end: half as long again, and bright (with its octave), so that it is known without
    /// words even on a 20,000-tick ruler, where the last step's pitch is the end's to 0.02 %.
    public static let endSeconds = 0.060
    /// A refusal's two pulses, and the silence between them.
    public static let pulseSeconds = 0.025
    public static let pulseRest = 0.025
    /// `describe`'s notes of the ends, and the silence after each.
    public static let figureSeconds = 0.030
    public static let figureRest = 0.030

    /// Where the value lies from the minimum (0) to the maximum (1), by ticks; 0 for a
    /// control with one value.
    /// - Complexity: O(1).
    public static func place(of element: AdjustableElement) -> Double {
        let scale = element.scale
        guard scale.tickCount > 1, let position = scale.position(of: element.value) else { return 0 }
        let place = position / Double(scale.tickCount - 1)
        return place.isFinite ? min(max(place, 0), 1) : 0
    }

    /// The pitch of a place: 110 Hz at 0, 1,760 Hz at 1, 440 Hz at a half.
    public static func frequency(atPlace place: Double) -> Double {
        let place = place.isFinite ? min(max(place, 0), 1) : 0
        // 2^x as e^(x ln 2): the core has libm's exp, not exp2.
        return lowest * sayline_exp(octaves * place * 0.693_147_180_559_945_3)
    }

    /// The pitch of an end.
    public static func frequency(of bound: Bound) -> Double {
        bound == .minimum ? lowest : highest
    }

    /// The value's tone: a step at its place's pitch, or its end's sound.
    public static func tone(for element: AdjustableElement) -> Tone {
        if let bound = element.bound { return end(bound) }
        return Tone(.step, notes: [Tone.Note(frequency: frequency(atPlace: place(of: element)), seconds: stepSeconds)])
    }

    /// An end's sound.
    public static func end(_ bound: Bound) -> Tone {
        Tone(.end(bound), notes: [Tone.Note(frequency: frequency(of: bound), seconds: endSeconds, bright: true)])
    }

    /// A step past an end: the end's colour, twice, short.
    public static func refusal(_ bound: Bound) -> Tone {
        let pulse = Tone.Note(frequency: frequency(of: bound), seconds: pulseSeconds, bright: true, restAfter: pulseRest)
        return Tone(.refusal(bound), notes: [pulse, pulse])
    }

    /// `describe`: the lowest end, the highest, then the value, so the value is heard in its frame.
    public static func range(of element: AdjustableElement) -> Tone {
        let value = tone(for: element).notes[0]
        return Tone(.range, notes: [
            Tone.Note(frequency: lowest, seconds: figureSeconds, bright: true, restAfter: figureRest),
            Tone.Note(frequency: highest, seconds: figureSeconds, bright: true, restAfter: figureRest * 5 / 3),
            value,
        ])
    }

    /// What a reply's events sound: the last event that moved a value, was refused at an end
    /// or was described; nil when none did (focus, a message, help, a typed mistake). One tone
    /// a reply: one key, one sound.
    /// - Complexity: O(events).
    public static func tone(for events: [SessionEvent]) -> Tone? {
        var found: Tone?
        for event in events {
            switch event {
            case .changed(let element, _), .tourStep(let element, _), .restored(let element, _, _, _):
                found = tone(for: element)
            case .unchanged(_, .atBound(let bound)), .unchanged(_, .clamped(_, let bound)):
                found = refusal(bound)
            case .described(let element):
                found = range(of: element)
            default:
                break
            }
        }
        return found
    }
}
