import SaylineText
import SaylineScene
import SaylineAudit
import SaylineSystem

/// Loads a scene for any subcommand: the file's problems go to stderr as FILE:LINE: PATH: MESSAGE.
package enum SceneFile {

    package static func load(_ path: String?) -> Result<Scene, SceneLoadFailure> {
        document(path).map(\.scene)
    }

    /// The scene and the file's bytes, which a save keeps byte for byte but for the values.
    /// A scene file's bytes read as a scene, suppressions checked against the audit's rules.
    /// - Parameter threads: how many threads may read a long list of controls.
    package static func decode(_ bytes: [UInt8], threads: Int = 1) -> Result<Scene, SceneError> {
        let parallel: SceneParallelDecode? = threads > 1 ? { count, decode in Parallel.map(count, threads: threads, decode) } : nil
        return SceneDecoder.decode(bytes, knownRules: Set(AuditRules.all.map(\.id)), parallel: parallel)
    }

    /// - Parameter systemPath: the path as the system spells it, when it is not UTF-8 (a name
    ///   read from a folder); `path` is then how it is shown.
    ///   - threads: how many threads may read a long list of controls (an audit's).
    package static func document(_ path: String?, systemPath: [CChar]? = nil, threads: Int = 1) -> Result<SceneDocument, SceneLoadFailure> {
        guard let path else { return .success(SceneDocument(path: nil, bytes: nil, scene: .demo)) }
        let name = FileAccess.shown(path)
        switch FileAccess.read(path: path == "-" ? nil : systemPath ?? Array(path.utf8CString), limit: Scene.maximumFileSize) {
        case .failure(.tooLarge(let size, _)):
            let limit = NumberText.spoken(Scene.maximumFileSize)
            return .failure(SceneLoadFailure(lines: [name + ": " + translatedCount("the file is %s byte, more than the limit of %s (16 MiB)", "the file is %s bytes, more than the limit of %s (16 MiB)",
                                                                                   count: size, NumberText.spoken(size), limit)]))
        case .failure(let failure):
            return .failure(SceneLoadFailure(lines: ["\(name): \(failure.message)"]))
        case .success(let bytes):
            switch decode(bytes, threads: threads) {
            case .success(let scene): return .success(SceneDocument(path: path, bytes: bytes, scene: scene))
            case .failure(let error): return .failure(SceneLoadFailure(lines: error.problems.map { $0.formatted(file: name) }))
            }
        }
    }
}

/// Why a scene could not be loaded, one line per problem.
package struct SceneLoadFailure: Error {
    package let lines: [String]

    package init(lines: [String]) { self.lines = lines }

    package func report() -> Int32 {
        Diagnostics.write(lines.map { $0 + "\n" }.joined())
        return ExitStatus.malformed.rawValue
    }
}
