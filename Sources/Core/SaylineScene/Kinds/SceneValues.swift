import SaylineText
import SaylineControls

/// What one control's keys held in a scene, read by type as its fields say, one slot a field
/// (a scene of ten thousand controls makes ten thousand of these); a key left out reads as
/// the field's default. A kind's `build` reads it.
public struct SceneValues: Sendable {
    /// A key's value, by the type its field gives.
    public enum Value: Sendable {
        case number(Double)
        case whole(Int)
        case text(String)
        case flag(Bool)
    }

    private let fields: [SceneField]
    /// Each field's place by its key, made once for a kind and shared by its controls: a scan
    /// of two dozen keys compared a key with each unequal one, most of reading a control.
    private let positions: [String: Int]
    private var slots: [Value?]
    /// The unit, when the scene gave one.
    public var unit: UnitWords?
    /// The control's words in other languages, when the scene gave them.
    public var languages: [String: LanguageTexts] = [:]

    /// Empty values for a control with these fields, placed by `positions(of:)` of them.
    public init(fields: [SceneField], positions: [String: Int]) {
        self.fields = fields
        self.positions = positions
        slots = [Value?](repeating: nil, count: fields.count)
    }

    /// Each field's place by its key, for `init(fields:positions:)`.
    public static func positions(of fields: [SceneField]) -> [String: Int] {
        Dictionary(fields.enumerated().map { ($0.element.key, $0.offset) }) { first, _ in first }
    }

    private func position(of key: String) -> Int? { positions[key] }

    /// The value a scene gave for a key, or nil.
    public subscript(key: String) -> Value? {
        get { position(of: key).flatMap { slots[$0] } }
        set { if let position = position(of: key) { slots[position] = newValue } }
    }

    /// The number given, if any (for keys whose default depends on the kind).
    public func given(_ key: String) -> Double? {
        if case .number(let value)? = self[key] { return value }
        return nil
    }

    /// The text given, if any.
    public func givenText(_ key: String) -> String? {
        if case .text(let value)? = self[key] { return value }
        return nil
    }

    private func fallback(_ key: String) -> JSONTree? { position(of: key).flatMap { fields[$0].fallback } }

    // Fields with a default in the table are read with it; the table's test checks that each
    // such key has a default of the right type, so the zeros below are never used.

    /// A number, or its field's default.
    public func number(_ key: String) -> Double {
        if case .number(let value)? = self[key] { return value }
        if case .number(let value)? = fallback(key) { return value }
        return 0
    }

    /// A whole number, or its field's default.
    public func whole(_ key: String) -> Int {
        if case .whole(let value)? = self[key] { return value }
        if case .number(let value)? = fallback(key), let whole = Int(exactly: value) { return whole }
        return 0
    }

    /// Text, or its field's default.
    public func text(_ key: String) -> String {
        if case .text(let value)? = self[key] { return value }
        if case .string(let value)? = fallback(key) { return value }
        return ""
    }

    /// On or off, or its field's default.
    public func flag(_ key: String) -> Bool {
        if case .flag(let value)? = self[key] { return value }
        if case .bool(let value)? = fallback(key) { return value }
        return false
    }
}
