import SaylineText
import SaylineControls
import SaylineSession

/// The REPL's settings, each with where it came from.
package struct ReplSettings: Equatable, Sendable {
    package var display = DisplayMode.full
    package var motion = MotionPreference.full
    package var verbosity = Verbosity.normal
    /// Quiet time that ends a run of changes before the settled value is spoken.
    var settleMilliseconds = 300
    package var color = true
    package var speech = SpeechEngineChoice.none
    /// -100 (slowest) to 100 (fastest); 0 is the engine's own rate.
    package var rate = 0
    package var voice: String?
    package var punctuation: Punctuation?
    var detectScreenReader = true
    /// Write the scene's values back to its file at exit.
    package var autosave = false
    /// A command run when a value settles; from the command line or the preferences file only.
    package var onChange: String?
    package var braille = BrailleChoice.auto
    package var brailleCode = BrailleCode.auto
    /// Tones at every step, or words alone.
    package var sound = SoundChoice.off
    /// The tones' volume, 0 to 100 on the cube law of PulseAudio's volumes; apart from speech's.
    package var toneVolume = 50
    var sources: [String: SettingSource] = [:]

    /// Every setting at its built-in default.
    package init() {}

    package var settle: Double { Double(settleMilliseconds) / 1000 }

    func source(of key: String) -> SettingSource { sources[key] ?? .builtIn }
}

/// Where a setting's value came from, as `sayline config` says it.
package enum SettingSource: Equatable, Sendable {
    case builtIn
    case detected(String)
    case file(String, line: Int)
    case environment(String)
    case flag(String)

    /// Where the setting came from, in the phrasebook of the moment (English for the notice
    /// that no catalog was found, said before any is chosen).
    var description: String {
        switch self {
        // Translators: where a setting came from, as sayline config says it in a comment after the setting.
        case .builtIn: translated("built in")
        // Translators: %s says why, such as "Orca is running".
        case .detected(let why): translated("detected: %s", why)
        case .file(let path, let line): "\(path):\(line)"
        // Translators: %s is an environment variable as it is typed, "LANG".
        case .environment(let variable): translated("environment %s", variable)
        // Translators: %s is the option as it was typed, "--display".
        case .flag(let flag): translated("command line %s", flag)
        }
    }
}
