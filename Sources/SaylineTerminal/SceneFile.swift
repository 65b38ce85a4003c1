import Glibc
import SaylineCore

/// Loads a scene for any subcommand: the file's problems go to stderr as FILE:LINE: PATH: MESSAGE.
enum SceneFile {

    static func load(_ path: String?) -> Result<Scene, SceneLoadFailure> {
        document(path).map(\.scene)
    }

    /// The scene and the file's bytes, which a save keeps byte for byte but for the values.
    static func document(_ path: String?) -> Result<SceneDocument, SceneLoadFailure> {
        guard let path else { return .success(SceneDocument(path: nil, bytes: nil, scene: .demo)) }
        let name = TextSanitiser.echo(path, limit: 200)
        switch FileAccess.read(path, limit: Scene.maximumFileSize) {
        case .failure(.tooLarge(let size, _)):
            return .failure(SceneLoadFailure(lines: ["\(name): the file is \(size) bytes, more than the limit of \(Scene.maximumFileSize) (16 MiB)"]))
        case .failure(let failure):
            return .failure(SceneLoadFailure(lines: ["\(name): \(failure.message)"]))
        case .success(let bytes):
            switch SceneDecoder.decode(bytes, knownRules: Set(AuditRules.all.map(\.id))) {
            case .success(let scene): return .success(SceneDocument(path: path, bytes: bytes, scene: scene))
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

/// A scene as it was read, with its file's path and bytes (none for the demo scene).
struct SceneDocument {
    let path: String?
    let bytes: [UInt8]?
    let scene: Scene

    /// The file with the values of `elements` written in: only values that changed are
    /// rewritten, in place, and a control that had no `value` key gets one before its closing
    /// brace, so a person's layout, key order and spacing survive. A scene not read from a
    /// file is written whole in the scene format.
    func text(with elements: [AdjustableElement]) -> String {
        guard var bytes, scene.sources.count == elements.count else {
            return SceneEncoder.encode(Scene(elements: elements, suppressions: scene.suppressions))
        }
        // From the end of the file, so the offsets of earlier controls stay true.
        for index in elements.indices.reversed() where elements[index].value != scene.elements[index].value {
            let number = Array(JSONWriter.line(.number(elements[index].value)).utf8)
            let source = scene.sources[index]
            if let range = source.valueBytes {
                bytes.replaceSubrange(range, with: number)
            } else {
                // After the last member: back from the closing brace over white space.
                var end = source.bytes.upperBound - 1
                while end > source.bytes.lowerBound, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
                bytes.insert(contentsOf: Array(", \"value\": ".utf8) + number, at: end)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
