import SaylineText
import SaylineSystem
import SaylineCommandLine

/// What one `sayline run` will do, decided from its command line and environment before
/// anything is read: the script and the scene, how the scene is heard (motion, verbosity),
/// whether the run goes past a failed expectation, and the transcript to write or compare with.
/// Carried out by `RunCommandRunner`.
struct RunPlan: Sendable, Equatable {
    /// The script's path; `-` is standard input.
    var script: String
    /// The scene file; nil is the demo scene.
    var scene: String?
    /// The environment's settings and the command line's: never a preferences file, so a
    /// script is heard the same on every machine.
    var settings: ReplSettings
    /// Whether to run past failed expectations (`--keep-going`).
    var keepGoing: Bool
    /// Where each command and what it announced is written (`--transcript`).
    var transcript: String?
    /// The transcript what is heard is compared with (`--check-transcript`).
    var checkTranscript: String?
    /// The home folder, which a `save` in the script keeps out of the scene's recent places.
    var home: String?
    /// `--app`: a running application's controls instead of a scene's.
    var application: String? = nil
    var environment: [String: String] = [:]

    /// The script as messages name it.
    var scriptName: String { script == "-" ? "stdin" : FileAccess.shown(script) }

    /// What the run reads, never written over by the transcript: the script, the scene and
    /// the transcript compared with.
    var inputs: [String] { [script] + [scene, checkTranscript].compactMap { $0 } }

    /// What a `save` in the script never writes over: the scene is its to write.
    var saveInputs: [String] { [script] + [checkTranscript].compactMap { $0 } }

    /// The plan for a `sayline run` command line, or the mistake in it.
    static func make(_ arguments: ParsedArguments, environment: [String: String]) -> Result<RunPlan, UsageError> {
        guard let script = arguments.operands.first else { return .failure(UsageError(translated("run needs a script file, or - for standard input"))) }
        if let extra = arguments.extraOperand(allowed: 1) { return .failure(extra) }
        let application: String?
        do throws(UsageError) { application = try LiveSource.wanted(arguments) } catch { return .failure(error) }
        return SettingTable.apply(arguments, environment: environment, to: ReplSettings()).map { settings in
            RunPlan(script: script, scene: arguments.value(SharedOptions.scene.name), settings: settings,
                    keepGoing: arguments.has(RunCommand.keepGoing.name), transcript: arguments.value(RunCommand.transcript.name),
                    checkTranscript: arguments.value(RunCommand.checkTranscript.name), home: environment["HOME"],
                    application: application, environment: environment)
        }
    }
}
