import Foundation
import Testing
import SaylineCore
@testable import SaylineControls

/// The tones' design, as pure computation: pitch from the value's place, the ends, the refusal,
/// the samples' envelope and level, and the pacing that keeps tones with their keys.
@Suite struct ToneDesignTests {
    func ruler(_ minimum: Double, _ maximum: Double, step: Double = 1, value: Double) -> AdjustableElement {
        AdjustableElement(identity: ControlIdentity(id: "r", label: "R"), control: RulerPicker(minimum: minimum, maximum: maximum, step: step), value: value)
    }

    @Test func thePitchIsThePlaceOnNVDAsFourOctaves() {
        #expect(ToneDesign.frequency(atPlace: 0) == 110)
        #expect(abs(ToneDesign.frequency(atPlace: 0.5) - 440) < 1e-9)
        #expect(abs(ToneDesign.frequency(atPlace: 1) - 1760) < 1e-9)
        for bad in [Double.nan, -.infinity, -3, 7, .infinity] {
            let frequency = ToneDesign.frequency(atPlace: bad)
            #expect(frequency >= 110 && frequency <= 1760)
        }
    }

    @Test func everyStepRisesAndNoStepSoundsLikeAnEnd() {
        var element = ruler(0, 10, value: 0)
        var tones = [ToneDesign.tone(for: element)]
        while case .changed = element.apply(.increment(1)) { tones.append(ToneDesign.tone(for: element)) }
        #expect(tones.count == 11)
        #expect(tones.first?.meaning == .end(.minimum) && tones.last?.meaning == .end(.maximum))
        let pitches = tones.map { $0.notes[0].frequency }
        #expect(zip(pitches, pitches.dropFirst()).allSatisfy { $0 < $1 })
        for step in tones.dropFirst().dropLast() {
            #expect(step.meaning == .step && step.notes.count == 1 && !step.notes[0].bright && step.duration == ToneDesign.stepSeconds)
        }
        // The ends: the lowest and highest pitches, bright, and longer than any step.
        #expect(tones.first!.notes[0].bright && tones.first!.duration > ToneDesign.stepSeconds)
    }

    /// A 20,000-tick ruler's last step is the maximum's pitch to 0.02 %: its colour tells them apart.
    @Test func theEndsAreDistinctOnAHugeRange() {
        let nearTop = ruler(0, 19_999, value: 19_998), top = ruler(0, 19_999, value: 19_999)
        #expect(ToneDesign.tone(for: nearTop).meaning == .step)
        #expect(ToneDesign.tone(for: top).meaning == .end(.maximum))
        #expect(ToneDesign.tone(for: nearTop) != ToneDesign.tone(for: top))
    }

    /// Ranges whose width overflows a Double, and bounds that are not numbers, still give a
    /// pitch in the four octaves: the place is counted in ticks.
    @Test(arguments: [(-1.7e308, 1.7e308), (-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude), (Double.nan, Double.nan),
                      (-Double.infinity, Double.infinity), (5, 5), (10, 0)])
    func hostileRangesStillSound(minimum: Double, maximum: Double) {
        var element = ruler(minimum, maximum, step: 1e300, value: 0)
        for adjustment in [Adjustment.increment(1), .pageUp, .toMaximum, .decrement(1), .toMinimum, .exactly(.nan)] {
            _ = element.apply(adjustment)
            let place = ToneDesign.place(of: element)
            #expect(place >= 0 && place <= 1)
            for note in ToneDesign.tone(for: element).notes { #expect(note.frequency >= 110 && note.frequency <= 1760) }
        }
    }

    @Test func eventsSoundOnceAReply() {
        let low = ruler(0, 10, value: 0), middle = ruler(0, 10, value: 5)
        let change = ValueChange(old: 4, new: 5, reachedBound: nil, correction: nil)
        #expect(ToneDesign.tone(for: [.changed(middle, change)])?.meaning == .step)
        #expect(ToneDesign.tone(for: [.unchanged(low, .atBound(.minimum))]) == ToneDesign.refusal(.minimum))
        #expect(ToneDesign.tone(for: [.unchanged(low, .clamped(requested: -4, bound: .minimum))])?.meaning == .refusal(.minimum))
        #expect(ToneDesign.tone(for: [.described(middle)])?.meaning == .range)
        #expect(ToneDesign.tone(for: [.focused(middle)]) == nil)
        #expect(ToneDesign.tone(for: [.unchanged(middle, .sameValue)]) == nil)
        #expect(ToneDesign.tone(for: [.help(["a"]), .quit]) == nil)
        // The refusal is twice the end's colour, short.
        let refusal = ToneDesign.refusal(.maximum)
        #expect(refusal.notes.count == 2 && refusal.notes.allSatisfy { $0.bright && $0.frequency == 1760 && $0.seconds < ToneDesign.stepSeconds })
    }

    func samples(_ bytes: [UInt8]) -> [Int] {
        stride(from: 0, to: bytes.count - 1, by: 2).map { Int(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) }
    }

    /// Every note starts and ends at silence and rises smoothly: no click.
    @Test func notesFadeInAndOut() {
        let synthesis = ToneSynthesis(volume: 100)
        for tone in [ToneDesign.end(.maximum), ToneDesign.tone(for: ruler(0, 10, value: 3)), ToneDesign.refusal(.minimum)] {
            for scale in [1.0, 0.4] {
                let wave = samples(synthesis.bytes(tone, scale: scale))
                #expect(abs(wave.count - Int(tone.duration * scale * 48_000)) <= tone.notes.count * 2)
                #expect(abs(wave.first!) < 200 && abs(wave.last!) < 200)
                // The first and last half millisecond stay far below the peak, even for a tone
                // shortened to its least, whose fades are shortest.
                #expect(wave.prefix(24).allSatisfy { abs($0) < 5_000 } && wave.suffix(24).allSatisfy { abs($0) < 5_000 })
                #expect(wave.map(abs).max()! > 30_000 && wave.map(abs).max()! <= 32_767)
            }
        }
    }

    /// The volume's cube of full scale, whatever is asked: never louder than full, never a trap.
    @Test(arguments: [(100.0, 1.0), (50, 0.125), (25, 0.015625), (0, 0), (-1, 0), (1e308, 1), (.nan, 0), (.infinity, 0), (-.infinity, 0)])
    func theVolumeIsTheServersCubeLaw(volume: Double, amplitude: Double) {
        let synthesis = ToneSynthesis(volume: volume)
        #expect(synthesis.amplitude == amplitude)
        let peak = samples(synthesis.bytes(ToneDesign.tone(for: ruler(0, 10, value: 3)))).map(abs).max()!
        #expect(abs(Double(peak) - amplitude * 32_767) <= 2)
    }

    @Test func aHeldKeyShortensItsTonesAndNeverFallsBehind() {
        var pacing = TonePacing()
        let tone = ToneDesign.tone(for: ruler(0, 10, value: 3))
        #expect(pacing.submit(tone, at: 0)?.scale == 1)
        // Keys every 30 ms: each tone as long as the time between keys, and none waits.
        for key in 1...20 {
            let played = pacing.submit(tone, at: Double(key) * 0.03)
            #expect(played != nil)
            #expect(abs((played?.scale ?? 0) - 0.75) < 1e-9)
        }
        #expect(pacing.deadline == nil)
    }

    @Test func aBurstIsHeardAsItsLastTone() {
        var pacing = TonePacing()
        let tones = (1...9).map { ToneDesign.tone(for: ruler(0, 10, value: Double($0))) }
        var played = 0
        for tone in tones where pacing.submit(tone, at: 1) != nil { played += 1 }
        // Played until they would start 80 ms late; the rest held, the newest kept.
        #expect(played >= 2 && played < 9)
        let deadline = pacing.deadline!
        #expect(pacing.flush(at: deadline - 0.001) == nil)
        #expect(pacing.flush(at: deadline)?.tone == tones.last)
        #expect(pacing.deadline == nil)
    }

    @Test func theFigureOfDescribeIsTheEndsThenTheValue() {
        let tone = ToneDesign.range(of: ruler(0, 10, value: 5))
        #expect(tone.notes.map(\.frequency) == [110, 1760, 440])
        #expect(tone.duration < 0.25)
    }
}
