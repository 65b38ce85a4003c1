import SaylineText
import SaylineControls
/// Runs `decode` for each of `count` runs of a scene's controls, on as many threads as the front
/// has, and returns the results in order: the core has no threads of its own.
public typealias SceneParallelDecode = (_ count: Int, _ decode: @escaping @Sendable (Int) -> SceneDecoder.ControlRun) -> [SceneDecoder.ControlRun]

/// Reads a scene file into elements, reporting every problem with its line and JSON path.
///
/// Structure and types are checked strictly (a typo in a key is an error, not a silent default);
/// values that are usable but out of range are passed to the controls, which repair them and
/// record it for the audit.
///
/// This file reads the document's top level; beside it, the list of controls
/// (`SceneDecoder+Controls.swift`), one control (`+Control`), its unit and languages
/// (`+Words`), the suppressions (`+Suppressions`), and a member read as the type its key
/// wants (`+Members`).
public struct SceneDecoder: Sendable {
    /// A control's id is one word of visible characters: `focus ID` and completion split on
    /// white space of any kind, and an id is printed in reports and on terminals as it is.
    /// Visible ASCII settles it without a Unicode property looked up a character.
    public static func isControlID(_ id: String) -> Bool {
        if id.isEmpty { return false }
        if id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return true }
        return !id.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
        }
    }

    /// Every problem found so far, in the order of the file.
    var problems: [SceneProblem] = []
    /// The audit rules a suppression may name, when the caller knows them.
    var knownRules: Set<String>?
    /// The file's bytes, to quote each control as written.
    var input: [UInt8] = []
    /// The kinds a control may name.
    var kinds = SceneKinds.standard
    /// Each kind with its fields, by name, made once a decode rather than once a control.
    var kindFields: [String: KindFields] = [:]

    /// - Parameters:
    ///   - knownRules: the ids a suppression's rule may be; nil leaves rules unchecked.
    ///   - kinds: the kinds a control may be.
    ///   - parallel: threads the front lends for reading the controls of a long list (the core
    ///     has none); nil reads them on this one. The scene and its problems are the same.
    /// - Complexity: O(n) in the file's size.
    public static func decode(_ bytes: [UInt8], knownRules: Set<String>? = nil, kinds: SceneKinds = .standard,
                              parallel: SceneParallelDecode? = nil) -> Result<Scene, SceneError> {
        guard bytes.count <= Scene.maximumFileSize else {
            return .failure(SceneError([SceneProblem(line: 1, path: "", message: translated("the file is %s bytes, more than the limit of %s (16 MiB)", NumberText.spoken(bytes.count), NumberText.spoken(Scene.maximumFileSize)))]))
        }
        let root: JSONNode
        // No list in a scene may be longer than its controls may: an oversized scene is refused
        // where its 10,001st control starts, not after the whole file is read into a tree.
        switch JSONParser.parse(bytes, maximumArrayLength: Scene.maximumControls) {
        case .failure(let error) where error.message == JSONParser.arrayLimitMessage(Scene.maximumControls):
            return .failure(SceneError([SceneProblem(line: error.line, path: "controls", message: translated("has more than %s controls, the limit", NumberText.spoken(Scene.maximumControls)))]))
        case .failure(let error): return .failure(SceneError([SceneProblem(line: error.line, path: "", message: translated("not valid JSON: %s", error.message))]))
        case .success(let node): root = node
        }
        return decode(root, input: bytes, knownRules: knownRules, kinds: kinds, parallel: parallel)
    }

    /// A scene given as a tree rather than as text (`pick` makes one control from its flags):
    /// the same checks, repairs and messages as a file's.
    public static func decode(tree root: JSONNode, kinds: SceneKinds = .standard) -> Result<Scene, SceneError> {
        decode(root, input: [], knownRules: nil, kinds: kinds, parallel: nil)
    }

    private static func decode(_ root: JSONNode, input bytes: [UInt8], knownRules: Set<String>?, kinds: SceneKinds,
                               parallel: SceneParallelDecode?) -> Result<Scene, SceneError> {
        var decoder = SceneDecoder()
        decoder.knownRules = knownRules
        decoder.input = bytes
        decoder.kinds = kinds
        for kind in kinds.all where decoder.kindFields[kind.name] == nil {
            decoder.kindFields[kind.name] = KindFields(kind: kind, fields: kinds.fields(of: kind.name))
        }
        let scene = decoder.scene(root, parallel: parallel)
        if decoder.problems.isEmpty, let scene { return .success(scene) }
        return .failure(SceneError(decoder.problems))
    }

    mutating func problem(_ node: JSONNode, _ path: String, _ message: String) {
        problems.append(SceneProblem(line: node.line, path: path, message: message))
    }

    private mutating func scene(_ root: JSONNode, parallel: SceneParallelDecode?) -> Scene? {
        // "$schema" is how editors attach the scene's schema to a file.
        guard let members = object(root, "", allowed: ["$schema", "version", "controls", "suppress"]) else { return nil }
        if let schema = members["$schema"], case .string = schema.value {} else if let schema = members["$schema"] {
            problem(schema, "$schema", translated("must be a string"))
        }
        if let version = members["version"] {
            if case .number(let number) = version.value, number == 1 {} else { problem(version, "version", translated("must be 1")) }
        }
        guard let list = controlList(members["controls"], of: root) else { return nil }
        let read = controls(list, parallel: parallel)
        var suppressed: [Suppression] = []
        if let node = members["suppress"] { suppressed = suppressions(node, ids: read.ids) }
        return Scene(elements: read.elements, suppressions: suppressed, sources: read.sources)
    }

    /// A kind with its fields, shared ones first, and their places by key, to look up a key a
    /// control has in one step.
    struct KindFields: Sendable {
        let kind: SceneKind
        let fields: [SceneField]
        let positions: [String: Int]

        init(kind: SceneKind, fields: [SceneField]) {
            self.kind = kind
            self.fields = fields
            positions = SceneValues.positions(of: fields)
        }
    }
}
