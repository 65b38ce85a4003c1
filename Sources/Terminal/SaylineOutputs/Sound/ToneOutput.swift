import Glibc
import SaylineText
import SaylineSession
import SaylineSystem
import SaylineCommandLine

/// Tones as an output, the first in the pipeline: each reply's tone (the core's `ToneDesign`:
/// the value's place as pitch, the ends' own sound, a refusal, `describe`'s figure) goes to the
/// sound server before anything else is done with the reply, so it is heard ahead of the words
/// and is never held back by the speech pacer: a held key is a run of tones.
///
/// Nothing here ever waits on the server: a tone that does not fit the pipe is dropped, a
/// server that is missing, refuses or stalls is said in one line (through the outputs after
/// this one, as any output's message) and the session goes on in words.
package final class ToneOutput: ReplyOutput {
    private var player: TonePlayer?
    /// The programs still to try, in order, should the one playing end before its server answered.
    private var untried: [TonePlayer.Program]
    /// PULSE_SERVER, when the person named their server: Sayline then never goes around it
    /// to the sound card.
    private let namedServer: String?
    private var pacing = TonePacing()
    private let synthesis: ToneSynthesis
    /// A player that had answered and ended (the server restarted) is started again, this often.
    private var restarts = 0
    private var unsaid: [String] = []
    /// Whether every program that was tried could not start at all (not installed).
    private var noneStarted = true

    /// Tones when the settings ask for them at an audible volume; nil otherwise.
    /// - Parameter environment: the environment the player inherits (PULSE_SERVER decides
    ///   whether ALSA is a fallback).
    package init?(settings: ReplSettings, environment: [String: String]) {
        guard settings.sound == .tones, settings.toneVolume > 0 else { return nil }
        synthesis = ToneSynthesis(volume: Double(settings.toneVolume))
        let server = environment["PULSE_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        namedServer = server
        // A server named is the only one tried; with none named, pacat where a server's socket
        // is (then ALSA, should it refuse), else ALSA alone.
        untried = server != nil ? [.pacat] : TonePlayer.serverSocketExists(environment: environment) ? [.pacat, .aplay] : [.aplay]
        startNext(now: monotonicSeconds())
    }

    /// Starts the next program that can start; says why not when none is left.
    private func startNext(now: Double) {
        pacing.reset()
        while !untried.isEmpty {
            switch TonePlayer.start(untried.removeFirst(), now: now) {
            case .success(let started):
                noneStarted = false
                player = started
                return
            case .failure:
                continue
            }
        }
        player = nil
        give(up: noneStarted
             ? translated("tones need pacat (from pulseaudio-utils) or aplay (from alsa-utils), and neither could be started; going on without tones")
             : namedServer.map {
                 // Translators: %s is the sound server as PULSE_SERVER names it, such as unix:/run/user/1000/pulse/native.
                 translated("the sound server %s is not there or refused the tones; going on without tones", TextSanitiser.echo($0))
             } ?? translated("no sound server answered and ALSA found no sound card; going on without tones"))
    }

    private func give(up why: String) {
        player?.end(grace: 0)
        player = nil
        untried = []
        unsaid.append("sayline: " + why)
    }

    /// The player ended: started again if it had been playing (the server restarted), else
    /// the next program, else said.
    private func ended(now: Double) {
        guard let gone = player else { return }
        // Whether it had read anything, looked at now: the pipe keeps what it left unread.
        _ = gone.check(now: now)
        gone.end(grace: 0)
        player = nil
        if gone.answered && restarts < 3 {
            restarts += 1
            untried = [gone.program] + untried
        }
        startNext(now: now)
    }

    private func stalled() {
        give(up: translated("the sound server did not answer within 2 seconds; going on without tones"))
    }

    private func play(_ tone: Tone, scale: Double, now: Double) {
        guard let player else { return }
        if case .stalled? = player.check(now: now) { return stalled() }
        player.play(synthesis.bytes(tone, scale: scale), now: now)
    }

    // MARK: ReplyOutput

    package func receive(_ reply: inout OutgoingReply) {
        guard player != nil, reply.fromSession, let tone = ToneDesign.tone(for: reply.events),
              case let (tone, scale)? = pacing.submit(tone, at: reply.now) else { return }
        play(tone, scale: scale, now: reply.now)
    }

    package func deadline(now: Double) -> Double? {
        if !unsaid.isEmpty { return now }
        guard let player else { return nil }
        return [pacing.deadline, player.deadline].compactMap { $0 }.min()
    }

    package func tick(now: Double) -> OutgoingReply? {
        if let player {
            if case .stalled? = player.check(now: now) {
                stalled()
            } else if case let (tone, scale)? = pacing.flush(at: now) {
                play(tone, scale: scale, now: now)
            }
        }
        guard !unsaid.isEmpty else { return nil }
        defer { unsaid = [] }
        return OutgoingReply(messages: unsaid, now: now)
    }

    package var watchedDescriptor: (descriptor: Int32, events: Int16)? {
        player?.watched.map { ($0, Int16(POLLIN)) }
    }

    package func descriptorReady(_ events: Int16, now: Double) -> [Command?] {
        if player?.hasEnded() == true { ended(now: now) }
        return []
    }

    /// At the end the last tone plays out (a tone is 60 ms at most), and the player is gone
    /// before Sayline is: nothing is left running, and nothing sounds after it.
    package func close() {
        player?.end(grace: 0.25)
        player = nil
    }
}
