import SaylineAudit
import SaylineSystem
import SaylineCommandLine

/// What one `sayline audit` will do, decided before anything is loaded or written: the
/// scenes (or the demo) and which part of them, the rules and their settings, the languages,
/// the baseline, the report's format and where it goes, and the impact that fails. Made from
/// the command line, the environment and the settings file (`AuditPlan.make`); carried out by
/// `AuditRunner`.
struct AuditPlan: Sendable, Equatable {
    /// The scenes to audit.
    enum Scenes: Sendable, Equatable {
        /// The built-in demo scene: `--demo`, or no scene named by a person at a terminal.
        case demo
        /// The files and folders named, in order, and the scene files they come to (a
        /// folder's *.json, sorted; a file as it was named).
        case files(named: [String], found: [SceneFileName])
        /// A running application's controls over the accessibility bus (`--app`).
        case application(String)
    }

    /// What the baseline file is for.
    enum Baseline: Sendable, Equatable {
        /// Its findings are known: reported, never failing.
        case compare(String)
        /// Written with every violation found, then compared against (`--update-baseline`).
        case update(String)

        /// The baseline file.
        var path: String {
            switch self {
            case .compare(let path), .update(let path): path
            }
        }
    }

    /// Where the report goes.
    enum Destination: Sendable, Equatable {
        /// Standard output, as the report is made.
        case standardOutput
        /// The file `--output` names, written whole through `FileDoor` (which takes `-` as
        /// standard output too, written there as it is made).
        case file(String)
    }

    var scenes: Scenes = .demo
    var shard: AuditShard?
    /// The limits and the rule settings: the settings file's, then `--rule`'s, which win.
    var options = AuditOptions()
    /// The `.sayline-audit` the rule settings were read from.
    var settingsFile: String?
    var languages: AuditLanguages = .claimed
    var baseline: Baseline?
    var format: AuditCommand.Format = .text
    var destination: Destination = .standardOutput
    /// The least impact that fails the audit (`--fail-on`).
    var threshold: Impact = .serious
    var threads = 1
    /// Whether a running application's controls are only read, no key pressed (`--no-keys`).
    var readOnly = false
    /// The environment, for reaching the desktop's buses.
    var environment: [String: String] = [:]

    /// The scene files, in order (none for the demo).
    var sceneFiles: [SceneFileName] {
        switch scenes {
        case .demo, .application: []
        case .files(_, let found): found
        }
    }

    /// What the audit reads, never written over: the scenes and the settings file (a baseline
    /// being updated included).
    /// Whether a running application is audited (`--app`), not scenes.
    var auditsApplication: Bool {
        if case .application = scenes { return true }
        return false
    }

    var inputs: [String] { sceneFiles.map(\.shown) + [settingsFile].compactMap { $0 } }

    /// What the report is never written over: the inputs, and the baseline it is compared with.
    var reportInputs: [String] { inputs + [baseline?.path].compactMap { $0 } }

    /// Whether a shard splits the controls rather than the files: when there are fewer scene
    /// files than parts (the demo is one scene and no file).
    var splitsControls: Bool {
        guard let shard else { return false }
        return shard.files(of: sceneFiles.count) == nil
    }

    /// How an audit that made `report` ends: failed when a violation not in the baseline is
    /// at or above the threshold, else passed.
    func status(of report: AuditReport) -> ExitStatus {
        report.fails(at: threshold) ? .failed : .ok
    }
}

/// Why an audit plan cannot be made.
enum AuditRefusal: Error, Equatable {
    /// A mistake on the command line: said with where to look for help, exit 64.
    case usage(UsageError)
    /// A `.sayline-audit` that cannot be used (it could be changed by others, or does not
    /// read): said as it is, exit 2.
    case unusableSettings(String)
}
