import Glibc
import SaylineCore

/// Loads a scene for any subcommand: the file's problems go to stderr as FILE:LINE: PATH: MESSAGE.
enum SceneFile {

    static func load(_ path: String?) -> Result<Scene, SceneLoadFailure> {
        guard let path else { return .success(.demo) }
        let name = TextSanitiser.echo(path, limit: 200)
        switch FileAccess.read(path, limit: Scene.maximumFileSize) {
        case .failure(.tooLarge(let size, _)):
            return .failure(SceneLoadFailure(lines: ["\(name): the file is \(size) bytes, more than the limit of \(Scene.maximumFileSize) (16 MiB)"]))
        case .failure(let failure):
            return .failure(SceneLoadFailure(lines: ["\(name): \(failure.message)"]))
        case .success(let bytes):
            switch SceneDecoder.decode(bytes, knownRules: Set(AuditRules.all.map(\.id))) {
            case .success(let scene): return .success(scene)
            case .failure(let error): return .failure(SceneLoadFailure(lines: error.problems.map { $0.formatted(file: name) }))
            }
        }
    }
}

/// Why a scene could not be loaded, one line per problem.
struct SceneLoadFailure: Error {
    let lines: [String]

    func report() -> Int32 {
        Diagnostics.write(lines.map { $0 + "\n" }.joined())
        return ExitStatus.malformed.rawValue
    }
}
