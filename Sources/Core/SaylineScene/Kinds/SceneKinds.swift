import SaylineText
/// The kinds a scene may name: the table the decoder, the encoder, the docs, the schema test,
/// completion and `pick --kind` read. A program that adds a kind passes `standard.adding(…)`
/// to `SceneDecoder.decode`.
public struct SceneKinds: Sendable {
    /// In the order docs and messages list them.
    public let all: [SceneKind]

    /// A table of kinds, in the order docs and messages list them.
    public init(_ kinds: [SceneKind]) { all = kinds }

    /// Sayline's own kinds.
    public static let standard = SceneKinds([.ruler, .rating, .digitRoll])

    /// This table and one kind more; a kind of the same name is replaced.
    public func adding(_ kind: SceneKind) -> SceneKinds {
        SceneKinds(all.filter { $0.name != kind.name } + [kind])
    }

    /// The kinds' names: "ruler", "rating", "digitroll".
    public var names: [String] { all.map(\.name) }

    /// "ruler, rating or digitroll", for messages.
    public var namesInWords: String {
        names.count > 1 ? translated("%s or %s", names.dropLast().joined(separator: ", "), names.last ?? "") : names.joined()
    }

    /// The kind of a name, if the table has it.
    public func kind(named name: String) -> SceneKind? { all.first { $0.name == name } }

    /// Every key a control of the kind takes: the shared keys, then its own.
    public func fields(of name: String) -> [SceneField] {
        SceneField.shared(for: self) + (kind(named: name)?.fields ?? [])
    }
}

extension String {
    /// "ruler, rating, digitroll" as "ruler, rating or digitroll".
    func replacingLast(_ separator: String, with last: String) -> String {
        guard let range = ranges(of: separator).last else { return self }
        var result = self
        result.replaceSubrange(range, with: last)
        return result
    }
}
