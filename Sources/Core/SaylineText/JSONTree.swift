/// A JSON document to write, with its keys in the order they are given: reports and scenes
/// read best in a fixed order, and tests compare them. The one tree every JSON the program
/// writes is made of, whether held whole (`JSONWriter.write`, `line`) or streamed with its long
/// arrays made an item at a time (`JSONWriter.stream`).
///
/// A parsed document is a `JSONNode` instead: every value read carries where it stands (its line,
/// column and bytes), which the scene decoder needs at every level, for its messages and to
/// rewrite one value in place. A tree made to be written has no place; one type for both would
/// either give every written value a place it has no use for (a report holds hundreds of
/// thousands of values), or keep the places beside the tree, to be looked up value by value.
public indirect enum JSONTree: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([JSONMember])
    /// An array whose items are written one at a time as the document is written, never held
    /// together: for arrays many times longer than the rest of a document (a report's nodes).
    case items(JSONItems)

    /// A string, or null when there is none.
    public static func optional(_ text: String?) -> JSONTree { text.map(JSONTree.string) ?? .null }
}

/// One key and its value in an object.
public struct JSONMember: Sendable, Equatable {
    /// The member's key.
    public let key: String
    /// The member's value.
    public let value: JSONTree

    /// A member, in the order it is written.
    public init(_ key: String, _ value: JSONTree) {
        self.key = key
        self.value = value
    }
}

extension JSONTree: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral {
    /// A string literal as a JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A Boolean literal as a JSON Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal as a JSON number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// An array literal as a JSON array.
    public init(arrayLiteral elements: JSONTree...) { self = .array(elements) }
}
