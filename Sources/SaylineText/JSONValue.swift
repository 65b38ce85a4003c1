/// A JSON value that remembers the line it started on, so scene errors can say where.
///
/// Foundation's parser reports no positions, and the core does not load Foundation; this one
/// is small, strict (RFC 8259), bounded in depth, and never traps on input.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([(key: String, node: JSONNode)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.node == $1.node }
        default: false
        }
    }

    /// The kind in words, for messages: "a string", "an object".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A value and the line (from 1) where it starts.
public struct JSONNode: Sendable, Equatable {
    public let value: JSONValue
    public let line: Int

    package init(value: JSONValue, line: Int) {
        self.value = value
        self.line = line
    }
}

/// A syntax error with its line.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public let line: Int
    public let message: String
}
