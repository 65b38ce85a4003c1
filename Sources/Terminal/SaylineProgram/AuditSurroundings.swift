import Glibc
import SaylineSystem
import SaylineCommandLine

/// What making an audit plan reads of the machine, and all it reads (it writes nothing): the
/// scene files named folders hold, the folders the scenes are in and the `.sayline-audit` that
/// applies there, whether that file can be trusted and its bytes, whether a person is at the
/// terminal, the cores, and the languages Sayline has catalogs for. `system` reads the real
/// ones; a test gives its own, so that a plan is made from text alone.
struct AuditSurroundings: Sendable {
    /// The scene files the named files and folders come to (`AuditSceneFiles.list`).
    var sceneFiles: @Sendable (_ named: [String]) -> [SceneFileName]
    /// Each scene file's folder, absolute and resolved (nil when it cannot be); for no files,
    /// the current folder, whose settings the demo takes.
    var sceneFolders: @Sendable (_ files: [SceneFileName]) -> [[UInt8]?]
    /// The `.sayline-audit` for scenes in a folder, or nil (`AuditSettingsFile.find`).
    var settingsFile: @Sendable (_ folder: [UInt8], _ home: [UInt8]?) -> [UInt8]?
    /// A folder resolved (realpath), or nil when it cannot be.
    var realFolder: @Sendable (_ path: [UInt8]) -> [UInt8]?
    /// Why someone other than this user (or root) could have written a settings file, or nil.
    var settingsDoubt: @Sendable (_ path: String) -> String?
    /// A settings file's bytes.
    var settingsBytes: @Sendable (_ path: String) -> Result<[UInt8], FileAccess.Failure>
    /// Whether standard input is a terminal: a person, rather than a script or CI.
    var inputIsTerminal: @Sendable () -> Bool
    /// The threads to audit on when `--jobs` does not say.
    var cores: @Sendable () -> Int
    /// The languages Sayline has a catalog for, English first.
    var catalogLanguages: @Sendable () -> [String]

    /// The machine's own.
    static let system = AuditSurroundings(
        sceneFiles: AuditSceneFiles.list,
        sceneFolders: { files in
            files.isEmpty ? [ProjectFolder.current()] : ProjectFolder.absolute(files.map(\.systemPath)).map { $0.flatMap(ProjectFolder.parent) }
        },
        settingsFile: AuditSettingsFile.find,
        realFolder: ProjectFolder.real,
        settingsDoubt: { SettingsTrust.doubt($0, foldersUpTo: nil) },
        settingsBytes: { FileAccess.read($0, limit: AuditSettingsFile.sizeLimit) },
        inputIsTerminal: { isatty(STDIN_FILENO) == 1 },
        cores: { Parallel.cores },
        catalogLanguages: { LanguageChoice.available() })
}
