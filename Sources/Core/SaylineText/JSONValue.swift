/// A JSON value that remembers the line it started on, so scene errors can say where. Read
/// only: JSON to write is a `JSONTree` (why the two are apart is said there).
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

    /// Values are equal when their kinds are and what they hold is, members compared in order.
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
        case .bool: translatedIn("a JSON value", "a true or false")
        case .number: translatedIn("a JSON value", "a number")
        case .string: translatedIn("a JSON value", "a string")
        case .array: translatedIn("a JSON value", "an array")
        case .object: translatedIn("a JSON value", "an object")
        }
    }
}

/// A value and where it starts: its line (from 1), column and bytes.
public struct JSONNode: Sendable, Equatable {
    /// The value read.
    public let value: JSONValue
    /// The line it starts on, for messages.
    public let line: Int
    /// The column of its first character, in Unicode code points from 1 (SARIF's
    /// "unicodeCodePoints" columns).
    public let column: Int
    /// Where it stands in the input, in bytes: a report quotes a control as it was written, and
    /// a save rewrites only a value's own bytes.
    public let bytes: Range<Int>

    package init(value: JSONValue, line: Int, column: Int = 1, bytes: Range<Int> = 0..<0) {
        self.value = value
        self.line = line
        self.column = column
        self.bytes = bytes
    }
}

/// A syntax error with its line.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// The line where the text stops being JSON.
    public let line: Int
    /// What is wrong there.
    public let message: String
}
