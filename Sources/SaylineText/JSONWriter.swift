/// A JSON document to write, with its keys in the order they are given: reports and scenes
/// read best in a fixed order, and tests compare them.
public indirect enum JSONTree: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([JSONMember])

    /// A string, or null when there is none.
    public static func optional(_ text: String?) -> JSONTree { text.map(JSONTree.string) ?? .null }
}

/// One key and its value in an object.
public struct JSONMember: Sendable, Equatable {
    public let key: String
    public let value: JSONTree

    public init(_ key: String, _ value: JSONTree) {
        self.key = key
        self.value = value
    }
}

extension JSONTree: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(arrayLiteral elements: JSONTree...) { self = .array(elements) }
}

/// Writes JSON text: strings escaped, numbers in their shortest exact form. Every JSON the
/// program writes goes through `write`, so escaping and number forms are decided once.
public enum JSONWriter {
    /// Writes `tree` with two spaces of indent a level; containers `inlineFrom` levels deep or
    /// deeper go on one line (`{ "a": 1, "b": 2 }`), so a record reads as one line.
    public static func write(_ tree: JSONTree, inlineFrom depth: Int = .max) -> String {
        var out = ""
        append(tree, to: &out, level: 0, inlineFrom: depth)
        return out + "\n"
    }

    /// One line, no spaces: JSON Lines.
    public static func line(_ tree: JSONTree) -> String {
        var out = ""
        appendCompact(tree, to: &out)
        return out
    }

    private static func append(_ tree: JSONTree, to out: inout String, level: Int, inlineFrom depth: Int) {
        switch tree {
        case .array(let items) where level < depth && !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += String(repeating: "  ", count: level + 1)
                append(item, to: &out, level: level + 1, inlineFrom: depth)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: level) + "]"
        case .object(let members) where level < depth && !members.isEmpty:
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += String(repeating: "  ", count: level + 1) + string(member.key) + ": "
                append(member.value, to: &out, level: level + 1, inlineFrom: depth)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: level) + "}"
        case .array(let items):
            out += items.isEmpty ? "[]" : "[" + items.map { inline($0) }.joined(separator: ", ") + "]"
        case .object(let members):
            out += members.isEmpty ? "{}" : "{ " + members.map { string($0.key) + ": " + inline($0.value) }.joined(separator: ", ") + " }"
        default:
            appendCompact(tree, to: &out)
        }
    }

    private static func inline(_ tree: JSONTree) -> String {
        var out = ""
        append(tree, to: &out, level: 0, inlineFrom: 0)
        return out
    }

    private static func appendCompact(_ tree: JSONTree, to out: inout String) {
        switch tree {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += number(value)
        case .string(let text): out += string(text)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                appendCompact(item, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += string(member.key) + ":"
                appendCompact(member.value, to: &out)
            }
            out += "}"
        }
    }

    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Whole numbers without ".0"; others in Swift's shortest round-tripping form.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
