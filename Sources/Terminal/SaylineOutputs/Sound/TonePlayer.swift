import Glibc
import SaylineSession
import SaylineSystem

/// The sound server's own client program, kept running for the session and fed raw samples
/// through a pipe: `pacat` for the PulseAudio protocol (PulseAudio, and PipeWire's
/// `pipewire-pulse`), `aplay` for ALSA where no sound server runs (the Linux console).
///
/// Why a program and not a library: libpulse and libasound come as shared libraries only, and
/// Sayline is one static executable. Why one kept running and not one a tone: a program
/// started per tone connects to the server each time (`paplay` takes tens of milliseconds
/// before its first sample, Docs/performance.md), where a stream kept open starts a tone in a
/// few. The program finds the server as every client does (`PULSE_SERVER`, the user's socket,
/// client.conf), from the environment it inherits; nothing of it passes through a shell.
final class TonePlayer {
    /// The programs, and the samples they are told to expect (the core's `ToneSynthesis`).
    enum Program: Equatable {
        case pacat
        case aplay

        var arguments: [String] {
            let rate = String(ToneSynthesis.sampleRate)
            switch self {
            case .pacat:
                // 60 ms, of which pacat is asked for 30 at a time: the server takes in a whole
                // step (about 60 ms here) at once, so pacat, a process like any other on a busy
                // machine, is never needed in the middle of a tone (asked for 5 ms at a time,
                // with 20 ms, a late answer was a gap in the tone). The server starts playing
                // once it has about 30 ms (its prebuffer), which a step's 40 ms, written
                // whole, always are: at once. The role says what the stream is to a server
                // that routes or ducks by role.
                return ["pacat", "--playback", "--raw", "--format=s16le", "--rate=" + rate, "--channels=1", "--latency-msec=60", "--process-time-msec=30",
                        "--client-name=Sayline", "--stream-name=Sayline tones", "--property=media.role=a11y"]
            case .aplay:
                return ["aplay", "-q", "-t", "raw", "-f", "S16_LE", "-r", rate, "-c", "1", "--buffer-time=40000", "-"]
            }
        }
    }

    /// Why the program is no use.
    enum Trouble: Error, Equatable {
        /// It could not be started at all: ENOENT when it is not installed.
        case cannotStart(Int32)
        /// It took nothing for `answerDeadline`: the server accepted and went silent, or stopped.
        case stalled
    }

    /// Whether a PulseAudio server (or PipeWire's pipewire-pulse) has its socket where clients
    /// look when PULSE_SERVER names none: the user's runtime folder, or the system-wide one.
    /// Where none has, pacat is not started at all: libpulse would start (autospawn) a sound
    /// server of its own, and on a Linux console that server takes the sound card from the
    /// screen reader's speech (speakup's espeakup, Fenrir's) that plays through ALSA.
    static func serverSocketExists(environment: [String: String]) -> Bool {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(getuid())"
        return [runtime + "/pulse/native", "/run/pulse/native", "/var/run/pulse/native"].contains { path in
            var facts = stat()
            return stat(path, &facts) == 0 && facts.st_mode & S_IFMT == S_IFSOCK
        }
    }

    /// How long bytes may wait in the pipe before the program counts as stalled. pacat reads
    /// nothing until the server has answered; a server on this machine answers in milliseconds.
    static let answerDeadline = 2.0

    let program: Program
    private let command: FedCommand
    /// Bytes written in all, and how many of them the program had read when last looked.
    private var written = 0
    private var taken = 0
    /// The program has read something: the server answered.
    private(set) var answered = false
    /// Since when bytes have waited in the pipe without the program reading any.
    private var waitingSince: Double?

    private init(program: Program, command: FedCommand) {
        self.program = program
        self.command = command
    }

    /// Starts the program and hands it one sample of silence, which it reads once its server
    /// has answered: a server that never does is known within `answerDeadline`, key or no key.
    /// One sample, not more: the server plays nothing of a stream until it has its prebuffer,
    /// so what waits ahead of the first tone is heard before it (10 ms of silence made the
    /// first tone of a session 10 ms late).
    static func start(_ program: Program, now: Double) -> Result<TonePlayer, Trouble> {
        switch FedCommand.start(program.arguments) {
        case .failure(let failure):
            return .failure(.cannotStart(failure.code))
        case .success(let command):
            let player = TonePlayer(program: program, command: command)
            _ = player.play([0, 0], now: now)
            return .success(player)
        }
    }

    /// Hands the program a tone's bytes, whole or not at all: never waits. False when they
    /// were dropped (the pipe is full) or the program has gone.
    @discardableResult
    func play(_ bytes: [UInt8], now: Double) -> Bool {
        if case .stalled? = check(now: now) { return false }
        let result = command.write(bytes)
        guard result == .written else { return false }
        written += bytes.count
        if waitingSince == nil { waitingSince = now }
        return true
    }

    /// Whether the program keeps up: it has read since the last look, or has nothing to read.
    /// `.stalled` once bytes have waited `answerDeadline` without any being read.
    func check(now: Double) -> Trouble? {
        let unread = command.unread
        let takenNow = written - unread
        if takenNow > taken {
            taken = takenNow
            answered = true
            waitingSince = unread > 0 ? now : nil
        } else if unread == 0 {
            waitingSince = nil
        } else if let since = waitingSince, now - since >= Self.answerDeadline {
            return .stalled
        }
        return nil
    }

    /// When to look again: while bytes wait unread, when they would count as stalled.
    var deadline: Double? { waitingSince.map { $0 + Self.answerDeadline } }

    /// The descriptor to poll: the program's standard error, whose end of file says it ended.
    var watched: Int32? { command.errors >= 0 ? command.errors : nil }

    /// What it wrote on its standard error is read and dropped; true when it has ended, or has
    /// written a megabyte there (a program that writes without end would keep the loop awake:
    /// pacat writes a line when it fails, aplay one an underrun at most).
    func hasEnded() -> Bool { command.drainErrors() || command.errorBytes > 1 << 20 }

    /// Ends it for good: it plays what it has (a tone at most) for up to `grace` seconds,
    /// then it is stopped; reaped either way, so nothing is left running or playing.
    func end(grace: Double) { command.end(grace: grace) }
}
