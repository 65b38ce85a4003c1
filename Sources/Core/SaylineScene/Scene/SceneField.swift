import SaylineText
import SaylineControls

/// A key a control may have in a scene file: its name, the type of its value, its default and
/// meaning, and how the encoder writes it. The keys every control takes are `shared(for:)`;
/// each `SceneKind` lists its own. They drive the decoder's checks, `sayline scene --print`
/// and the field tables of Docs/scene.md; a test holds scene.schema.json to them field by field.
public struct SceneField: Sendable {
    /// What a key's value must be.
    public enum ValueType: Sendable, Equatable {
        /// The control's kind: one of the table's names.
        case kind
        /// One word of visible characters.
        case identifier
        case text
        case number
        case wholeNumber
        case onOff
        /// `{singular, plural, symbol?}`, or the name of a unit the phrasebook knows ("kg").
        case unit
        /// `{LL: {label?, shortName?, hint?, unit?}}`: a control's words in other languages.
        case languages
        /// One of these words.
        case choice([String])
    }

    /// The key as a scene writes it.
    public let key: String
    /// What its value must be.
    public let type: ValueType
    /// Whether a control without it is refused.
    public let required: Bool
    /// The value used when the key is left out, when it is the same for every kind.
    public let fallback: JSONTree?
    /// The default in words, when it depends on the kind or on other keys.
    public let fallbackWords: String?
    /// What the key does, in the words of Docs/scene.md: for the keys `pick` takes as flags, a
    /// message of the catalogs, said in the language in `pick --help`.
    public let meaning: String
    /// The key's value in `scene --print`, or nil to leave it out.
    let written: @Sendable (AdjustableElement) -> JSONTree?

    /// A field; `written` gives its value in `scene --print`, or nil to leave it out.
    public init(key: String, type: ValueType, required: Bool, fallback: JSONTree?, fallbackWords: String?, meaning: String,
                written: @escaping @Sendable (AdjustableElement) -> JSONTree?) {
        self.key = key
        self.type = type
        self.required = required
        self.fallback = fallback
        self.fallbackWords = fallbackWords
        self.meaning = meaning
        self.written = written
    }

    /// The keys every control takes, whatever its kind; the range's defaults are named from
    /// the kinds' table.
    public static func shared(for kinds: SceneKinds) -> [SceneField] {
        if kinds.names == SceneKinds.standard.names { return standardShared }
        return makeShared(for: kinds)
    }

    private static let standardShared = makeShared(for: .standard)

    private static func makeShared(for kinds: SceneKinds) -> [SceneField] { [
        SceneField(key: "kind", type: .kind, required: true, fallback: nil, fallbackWords: nil,
                   meaning: translatable("which control")) { .string($0.kindName) },
        SceneField(key: "id", type: .identifier, required: true, fallback: nil, fallbackWords: nil,
                   meaning: translatable("for `focus`, completion, scripts and suppressions; unique (case-insensitive); visible characters only: no spaces, tabs, no-break spaces or invisible characters")) { .string($0.identity.id) },
        SceneField(key: "label", type: .text, required: false, fallback: "", fallbackWords: nil,
                   meaning: translatable("the accessible name, said on focus (an empty one is reported by the audit, not refused)")) { .string($0.identity.baseLabel) },
        SceneField(key: "shortName", type: .text, required: false, fallback: nil, fallbackWords: translatable("the label"),
                   meaning: translatable("the name in terse speech and in messages")) { $0.identity.givenShortName.map(JSONTree.string) },
        SceneField(key: "unit", type: .unit, required: false, fallback: nil, fallbackWords: translatable("none"),
                   meaning: translatable("unit words for speech (\"1 kilogram\", \"62.5 kilograms\"); the symbol is for the screen. A unit Sayline knows by name (`\"kg\"`, `\"°C\"`, `\"%\"`, `\"dB\"`, `\"$\"`; man 5 sayline-scene lists them) is said in every language with its plural forms")) { element in
            element.identity.unit.map { unit in
                guard unit.ownWords else { return .string(unit.symbol ?? unit.singular) }
                return .object([JSONMember("singular", .string(unit.singular)), JSONMember("plural", .string(unit.plural))]
                    + (unit.symbol.map { [JSONMember("symbol", .string($0))] } ?? []))
            }
        },
        SceneField(key: "hint", type: .text, required: false, fallback: nil, fallbackWords: translatable("none"),
                   meaning: translatable("extra words spoken before the keys hint")) { $0.identity.baseHint.map(JSONTree.string) },
        SceneField(key: "languages", type: .languages, required: false, fallback: nil, fallbackWords: translatable("none"),
                   meaning: translatable("the label, short name, hint and unit words in other languages, by language code (`\"de\"`, `\"pl\"`): said when Sayline speaks that language; each language listed is one the scene claims, and the audit checks it")) { element in
            let languages = element.identity.languages
            let units = element.identity.unit?.languages ?? [:]
            let codes = Set(languages.keys).union(units.keys).sorted()
            guard !codes.isEmpty else { return nil }
            return .object(codes.map { code in
                let texts = languages[code]
                var members: [JSONMember] = []
                if let label = texts?.label { members.append(JSONMember("label", .string(label))) }
                if let short = texts?.shortName { members.append(JSONMember("shortName", .string(short))) }
                if let hint = texts?.hint { members.append(JSONMember("hint", .string(hint))) }
                if let unit = units[code] { members.append(JSONMember("unit", .object([JSONMember("singular", .string(unit.singular)), JSONMember("plural", .string(unit.plural))]))) }
                return JSONMember(code, .object(members))
            })
        },
        SceneField(key: "value", type: .number, required: false, fallback: nil, fallbackWords: translatable("the minimum"),
                   meaning: translatable("the starting value; snapped to the nearest step")) { .number($0.storedValue) },
        SceneField(key: "min", type: .number, required: false, fallback: nil, fallbackWords: kinds.all.map(\.minimumWords).joined(separator: ", "),
                   meaning: translatable("the lowest value")) { .number($0.scale.lowerBound) },
        SceneField(key: "max", type: .number, required: false, fallback: nil, fallbackWords: kinds.all.map(\.maximumWords).joined(separator: ", "),
                   meaning: translatable("the highest value")) { .number($0.scale.requestedUpperBound) },
        SceneField(key: "step", type: .number, required: false, fallback: 1, fallbackWords: nil,
                   meaning: translatable("one step; the roll's is a whole number")) { .number($0.scale.step) },
    ] }

    /// Every field of the standard kinds, shared ones first, each once.
    public static var all: [SceneField] {
        SceneField.shared(for: .standard) + SceneKinds.standard.all.flatMap(\.fields)
    }

    /// The type in the words of Docs/scene.md (English; `Phrasebook.current.text` says it in
    /// another language).
    public var typeWords: String {
        switch type {
        case .kind: SceneKinds.standard.names.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .identifier: translatable("string, one word")
        case .text: translatable("string")
        case .number: translatable("number")
        case .wholeNumber: translatable("whole number")
        case .onOff: translatable("true or false")
        case .unit: translatable("`{singular, plural, symbol?}` or a known unit's name")
        case .languages: "`{LL: {label?, shortName?, hint?, unit?}}`"
        case .choice(let words): words.map { "`\"\($0)\"`" }.joined(separator: ", ")
        }
    }

    /// The default in the words of Docs/scene.md.
    public var defaultWords: String {
        if required { return translatable("required") }
        if let fallbackWords { return fallbackWords }
        return fallback.map { "`" + JSONWriter.line($0) + "`" } ?? translatable("none")
    }

    /// A Markdown table of fields: Docs/scene.md's tables (the shared keys, then each kind's).
    public static func markdownTable(of fields: [SceneField]) -> String {
        var out = "| key | type | default | meaning |\n|---|---|---|---|\n"
        for field in fields {
            out += "| `\(field.key)` | \(field.typeWords) | \(field.defaultWords) | \(field.meaning) |\n"
        }
        return out
    }
}
