import SaylineText
import SaylineScene
import SaylineSystem
import SaylineCommandLine

/// A scene file to audit, as it is shown, and as the system spells it: a name in a folder need
/// not be UTF-8, and is opened by its own bytes.
struct SceneFileName: Sendable, Equatable {
    /// The name as messages show it.
    let shown: String
    /// The name's bytes, ending in NUL, as the file is opened.
    let system: [CChar]

    /// The name's bytes, without the NUL.
    var systemPath: [UInt8] { system.dropLast().map { UInt8(bitPattern: $0) } }
}

/// A scene to audit: the name reports show (FileName.display, one-to-one with its bytes), its
/// path as the system spells it, and the scene.
struct AuditedScene: Sendable {
    let name: String
    let path: [UInt8]
    let scene: Scene
}

/// The scenes an audit reads: the files and folders named, listed, and read in parallel.
enum AuditSceneFiles {
    /// The scene files `paths` name: files, and the *.json files of folders, sorted.
    static func list(_ paths: [String]) -> [SceneFileName] {
        var files: [SceneFileName] = []
        for path in paths {
            if let entries = FileAccess.directoryEntries(path) {
                let folder = Array((path.hasSuffix("/") ? path : path + "/").utf8)
                files += entries.filter { $0.count > 5 && $0.suffix(5) == Array(".json".utf8) }.sorted { $0.lexicographicallyPrecedes($1) }.map { name in
                    let whole = folder + name
                    return SceneFileName(shown: String(decoding: whole, as: UTF8.self), system: whole.map { CChar(bitPattern: $0) } + [0])
                }
            } else {
                files.append(SceneFileName(shown: path, system: Array(path.utf8CString)))
            }
        }
        return files
    }

    /// The scene files, read in parallel; the demo scene for `.demo`. Every problem of every
    /// file is reported before anything is audited. With a `shard` of several files, only
    /// that part's files are read.
    static func load(_ scenes: AuditPlan.Scenes, threads: Int, shard: AuditShard? = nil) -> Result<[AuditedScene], SceneLoadFailure> {
        // The demo claims every language with a catalog, its labels in each.
        guard case .files(let paths, var files) = scenes else { return .success([AuditedScene(name: "", path: [], scene: .demo(in: LanguageChoice.catalogued()))]) }
        // Translators: said of a folder named for an audit; keep *.json as it is.
        guard !files.isEmpty else { return .failure(SceneLoadFailure(lines: paths.map { "\(FileAccess.shown($0)): " + translated("no scene files (*.json) in this folder") })) }
        if let mine = shard?.files(of: files.count) { files = Array(files[mine]) }
        let named = files
        // Several files are read one a thread; a single one lends its threads to its controls.
        let perFile = named.count == 1 ? threads : 1
        let loaded = Parallel.map(named.count, threads: threads) { SceneFile.document(named[$0].shown, systemPath: named[$0].system, threads: perFile).map(\.scene) }
        var scenes: [AuditedScene] = []
        var problems: [String] = []
        var names = ShownNames()
        for (file, result) in zip(files, loaded) {
            switch result {
            case .success(let scene):
                let path = file.systemPath
                scenes.append(AuditedScene(name: names.unique(path), path: path, scene: scene))
            case .failure(let failure): problems += failure.lines
            }
        }
        return problems.isEmpty ? .success(scenes) : .failure(SceneLoadFailure(lines: problems))
    }
}

/// Each scene's name shown once: reports and baselines tell files apart by it, and Swift calls
/// two strings equal when they are canonically equivalent ("café" composed and decomposed), so
/// a name equal to one before it is shown byte by byte. The same path named twice keeps its
/// one name.
private struct ShownNames {
    private var paths: [String: [UInt8]] = [:]

    mutating func unique(_ path: [UInt8]) -> String {
        var name = FileName.display(path)
        if let other = paths[name], other != path { name = FileName.display(path, everyByte: true) }
        var copy = 2
        let plain = name
        while let other = paths[name], other != path { name = plain + " (\(copy))"; copy += 1 }
        paths[name] = path
        return name
    }
}
