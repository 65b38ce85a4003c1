import SaylineText
import SaylineControls

/// A key a control may have in a scene file: its name, which kinds of control take it, the
/// type of its value, its default and meaning, and how the encoder writes it. `SceneField.all`
/// drives the decoder's checks, `sayline scene --print` and the field tables of Docs/scene.md;
/// a test holds scene.schema.json to it field by field.
public struct SceneField: Sendable {
    public enum ValueType: Sendable, Equatable {
        /// The control's kind: one of `SceneField.kinds`.
        case kind
        /// One word of visible characters.
        case identifier
        case text
        case number
        case wholeNumber
        case onOff
        /// `{singular, plural, symbol?}`.
        case unit
        /// One of these words.
        case choice([String])
    }

    public let key: String
    /// The kinds of control that take the key.
    public let kinds: [String]
    public let type: ValueType
    public let required: Bool
    /// The value used when the key is left out, when it is the same for every kind.
    public let fallback: JSONTree?
    /// The default in words, when it depends on the kind or on other keys.
    public let fallbackWords: String?
    public let meaning: String
    /// The key's value in `scene --print`, or nil to leave it out.
    let written: @Sendable (AdjustableElement) -> JSONTree?

    /// The control kinds, as scenes name them.
    public static let kinds = ["ruler", "rating", "digitroll"]

    public static let all: [SceneField] = [
        SceneField(key: "kind", kinds: kinds, type: .kind, required: true, fallback: nil, fallbackWords: nil,
                   meaning: "which control") { .string($0.kind.name) },
        SceneField(key: "id", kinds: kinds, type: .identifier, required: true, fallback: nil, fallbackWords: nil,
                   meaning: "for `focus`, completion, scripts and suppressions; unique (case-insensitive); visible characters only: no spaces, tabs, no-break spaces or invisible characters") { .string($0.identity.id) },
        SceneField(key: "label", kinds: kinds, type: .text, required: false, fallback: "", fallbackWords: nil,
                   meaning: "the accessible name, said on focus (an empty one is reported by the audit, not refused)") { .string($0.identity.label) },
        SceneField(key: "shortName", kinds: kinds, type: .text, required: false, fallback: nil, fallbackWords: "the label",
                   meaning: "the name in terse speech and in messages") { $0.identity.shortName == $0.identity.label ? nil : .string($0.identity.shortName) },
        SceneField(key: "unit", kinds: kinds, type: .unit, required: false, fallback: nil, fallbackWords: "none",
                   meaning: "unit words for speech (\"1 kilogram\", \"62.5 kilograms\"); the symbol is for the screen") { element in
            element.identity.unit.map { unit in
                .object([JSONMember("singular", .string(unit.singular)), JSONMember("plural", .string(unit.plural))]
                    + (unit.symbol.map { [JSONMember("symbol", .string($0))] } ?? []))
            }
        },
        SceneField(key: "hint", kinds: kinds, type: .text, required: false, fallback: nil, fallbackWords: "none",
                   meaning: "extra words spoken before the keys hint") { $0.identity.hint.map(JSONTree.string) },
        SceneField(key: "value", kinds: kinds, type: .number, required: false, fallback: nil, fallbackWords: "the minimum",
                   meaning: "the starting value; snapped to the nearest step") { .number($0.storedValue) },
        SceneField(key: "min", kinds: kinds, type: .number, required: false, fallback: nil, fallbackWords: "ruler 0, rating 0, roll 0",
                   meaning: "the lowest value") { .number($0.scale.lowerBound) },
        SceneField(key: "max", kinds: kinds, type: .number, required: false, fallback: nil, fallbackWords: "ruler 100, rating 10, roll the widest figure",
                   meaning: "the highest value") { .number($0.scale.requestedUpperBound) },
        SceneField(key: "step", kinds: kinds, type: .number, required: false, fallback: 1, fallbackWords: nil,
                   meaning: "one step; the roll's is a whole number") { .number($0.scale.step) },
        SceneField(key: "majorEvery", kinds: ["ruler"], type: .wholeNumber, required: false, fallback: 10, fallbackWords: nil,
                   meaning: "a labelled major tick every N ticks (at least 1); Page Up/Down move one major interval") { element in
            guard case .ruler(let ruler) = element.kind else { return nil }
            return .number(Double(ruler.majorEvery))
        },
        SceneField(key: "tickSpacing", kinds: ["ruler"], type: .number, required: false, fallback: 12, fallbackWords: nil,
                   meaning: "points between ticks in the source design (at least 4)") { element in
            guard case .ruler(let ruler) = element.kind else { return nil }
            return .number(ruler.tickSpacing)
        },
        roll("digits", .wholeNumber, 6, "columns, 1 to 9") { .number(Double($0.columns)) },
        roll("prefix", .text, "", "text before the figure that never rolls (`\"$\"`); may also be typed before a value") { .string($0.prefix) },
        roll("separator", .text, ",", "between groups of three digits") { .string($0.separator) },
        roll("leadingZeros", .onOff, false, "draw leading zeros instead of dropping them") { .bool($0.leadingZeros) },
        roll("order", .choice(DigitRollOrder.allCases.map(\.rawValue)), .string(DigitRollOrder.rtl.rawValue),
             "which column rolls first: " + DigitRollOrder.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")) { .string($0.order.rawValue) },
        roll("stagger", .number, 60, "milliseconds between neighbouring columns starting") { .number($0.stagger) },
        roll("response", .number, .number(0.55), "seconds the settle spring takes to respond") { .number($0.response) },
        roll("damping", .number, .number(0.82), "the settle spring's damping, 0.05 to 1 (at 0.82 it overshoots by about one percent)") { .number($0.damping) },
        roll("start", .wholeNumber, 0, "the digit the strips start from") { .number(Double($0.startDigit)) },
        roll("pageSteps", .wholeNumber, 10, "steps in one Page Up/Down") { .number(Double($0.pageStepCount)) },
    ]

    /// The keys a kind of control takes, in the order the encoder writes them.
    public static func fields(of kind: String) -> [SceneField] {
        all.filter { $0.kinds.contains(kind) }
    }

    public static func field(_ key: String) -> SceneField? {
        position(of: key).map { all[$0] }
    }

    /// Where a key stands in `all`: the decoder keeps a control's values in that order.
    static func position(of key: String) -> Int? { positions[key] }

    private static let positions: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.key, $0) })

    private static func roll(_ key: String, _ type: ValueType, _ fallback: JSONTree, _ meaning: String,
                             _ written: @escaping @Sendable (DigitRoll) -> JSONTree) -> SceneField {
        SceneField(key: key, kinds: ["digitroll"], type: type, required: false, fallback: fallback, fallbackWords: nil, meaning: meaning) { element in
            guard case .digitRoll(let roll) = element.kind else { return nil }
            return written(roll)
        }
    }

    /// The type in the words of Docs/scene.md.
    public var typeWords: String {
        switch type {
        case .kind: Self.kinds.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .identifier: "string, one word"
        case .text: "string"
        case .number: "number"
        case .wholeNumber: "whole number"
        case .onOff: "true or false"
        case .unit: "`{singular, plural, symbol?}`"
        case .choice(let words): words.map { "`\"\($0)\"`" }.joined(separator: ", ")
        }
    }

    /// The default in the words of Docs/scene.md.
    public var defaultWords: String {
        if required { return "required" }
        if let fallbackWords { return fallbackWords }
        return fallback.map { "`" + JSONWriter.line($0) + "`" } ?? "none"
    }

    /// A Markdown table of the fields whose kinds are exactly `kinds`: Docs/scene.md's tables.
    public static func markdownTable(for kinds: [String]) -> String {
        var out = "| key | type | default | meaning |\n|---|---|---|---|\n"
        for field in all where field.kinds == kinds {
            out += "| `\(field.key)` | \(field.typeWords) | \(field.defaultWords) | \(field.meaning) |\n"
        }
        return out
    }
}
