import SaylineText
import SaylineControls

/// One kind of control as scene files know it: its name, the keys only it takes, the default
/// range in words, and how a scene's values build it. Everything else a kind means (drawing,
/// speech, typed values, what the audit probes) comes from its `AdjustableControl` type.
public struct SceneKind: Sendable {
    /// The kind's name in a scene's `"kind"`: the control type's `kindName`.
    public let name: String
    /// The keys only this kind takes, after the keys every control takes, in the order
    /// `scene --print` writes them.
    public let fields: [SceneField]
    /// The default `min` in the words of Docs/scene.md.
    public let minimumWords: String
    /// The default `max` in the words of Docs/scene.md.
    public let maximumWords: String
    /// Builds the control from what a scene gave (left-out keys read as their defaults).
    public let build: @Sendable (SceneValues) -> any AdjustableControl

    /// A kind whose controls are `Control`; its fields read and write that type alone.
    public init<Control: AdjustableControl>(_ type: Control.Type, fields: [SceneField], minimumWords: String, maximumWords: String,
                                           build: @escaping @Sendable (SceneValues) -> Control) {
        name = Control.kindName
        self.fields = fields
        self.minimumWords = minimumWords
        self.maximumWords = maximumWords
        self.build = build
    }
}

extension SceneField {
    /// A key only controls of type `Control` take; `written` gives its value for `scene --print`.
    public static func of<Control: AdjustableControl>(_ type: Control.Type, _ key: String, _ valueType: ValueType, fallback: JSONTree?,
                                                      _ meaning: String, written: @escaping @Sendable (Control) -> JSONTree?) -> SceneField {
        SceneField(key: key, type: valueType, required: false, fallback: fallback, fallbackWords: nil, meaning: meaning) { element in
            (element.control as? Control).flatMap(written)
        }
    }
}
