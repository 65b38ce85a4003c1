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

/// Writes JSON text: strings escaped, numbers in their shortest exact form. Every JSON the
/// program writes goes through here, so escaping and number forms are decided once. Text is
/// built as bytes: an audit's report of ten thousand controls runs to tens of megabytes.
public enum JSONWriter {
    /// Writes `tree` with two spaces of indent a level; containers `inlineFrom` levels deep or
    /// deeper go on one line (`{ "a": 1, "b": 2 }`), so a record reads as one line.
    public static func write(_ tree: JSONTree, inlineFrom depth: Int = .max) -> String {
        var out: [UInt8] = []
        // Tens of megabytes grown by doubling cost a copy each time and the page faults of
        // twice the memory: the size is nearly known beforehand.
        out.reserveCapacity(estimatedSize(of: tree, level: 0))
        append(tree, to: &out, level: 0, inlineFrom: depth)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// One line, no spaces: JSON Lines.
    public static func line(_ tree: JSONTree) -> String {
        var out: [UInt8] = []
        appendCompact(tree, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A little more than the written size: quotes, separators and indentation counted
    /// generously, strings by their UTF-8 length (escapes are rare).
    private static func estimatedSize(of tree: JSONTree, level: Int) -> Int {
        switch tree {
        case .null, .bool: 5
        case .number: 24
        case .string(let text): text.utf8.count + 2
        case .array(let items): items.reduce(2) { $0 + estimatedSize(of: $1, level: level + 1) + 3 + 2 * level }
        case .object(let members): members.reduce(4) { $0 + $1.key.utf8.count + 6 + 2 * level + estimatedSize(of: $1.value, level: level + 1) }
        }
    }

    static func indent(_ level: Int, _ out: inout [UInt8]) {
        for _ in 0..<level { out.append(0x20); out.append(0x20) }
    }

    static func append(_ tree: JSONTree, to out: inout [UInt8], level: Int, inlineFrom depth: Int) {
        switch tree {
        case .array(let items):
            layOutArray(items.count, to: &out, level: level, inlineFrom: depth) { index, out in
                append(items[index], to: &out, level: level + 1, inlineFrom: depth)
            }
        case .object(let members):
            layOutObject(members.count, key: { members[$0].key }, to: &out, level: level, inlineFrom: depth) { index, out in
                append(members[index].value, to: &out, level: level + 1, inlineFrom: depth)
            }
        default:
            appendCompact(tree, to: &out)
        }
    }

    /// An array's brackets, separators and indentation around `count` items written by `item`:
    /// one item a line below `inlineFrom`, on one line from there; `[]` when empty. When it
    /// `flushes`, what is written so far goes to `sink` after any item that fills 64 KiB.
    static func layOutArray(_ count: Int, to out: inout [UInt8], level: Int, inlineFrom depth: Int,
                            sink: (ArraySlice<UInt8>) -> Void = { _ in }, flushes: Bool = false, item: (Int, inout [UInt8]) -> Void) {
        guard count > 0 else { out.append(contentsOf: "[]".utf8); return }
        let inline = level >= depth
        out.append(UInt8(ascii: "["))
        for index in 0..<count {
            if inline {
                if index > 0 { out.append(UInt8(ascii: ",")); out.append(0x20) }
            } else {
                out.append(0x0A)
                indent(level + 1, &out)
            }
            item(index, &out)
            if !inline && index < count - 1 { out.append(UInt8(ascii: ",")) }
            if flushes { flushIfFull(&out, sink) }
        }
        if !inline { out.append(0x0A); indent(level, &out) }
        out.append(UInt8(ascii: "]"))
    }

    /// An object's braces, keys and layout around `count` values written by `value`, as
    /// `layOutArray` lays out an array; `{}` when empty.
    static func layOutObject(_ count: Int, key: (Int) -> String, to out: inout [UInt8], level: Int, inlineFrom depth: Int,
                             sink: (ArraySlice<UInt8>) -> Void = { _ in }, flushes: Bool = false, value: (Int, inout [UInt8]) -> Void) {
        guard count > 0 else { out.append(contentsOf: "{}".utf8); return }
        let inline = level >= depth
        out.append(UInt8(ascii: "{"))
        for index in 0..<count {
            if inline {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(0x20)
            } else {
                out.append(0x0A)
                indent(level + 1, &out)
            }
            appendString(key(index), to: &out)
            out.append(UInt8(ascii: ":")); out.append(0x20)
            value(index, &out)
            if !inline && index < count - 1 { out.append(UInt8(ascii: ",")) }
            if flushes { flushIfFull(&out, sink) }
        }
        if inline { out.append(0x20); out.append(UInt8(ascii: "}")) } else { out.append(0x0A); indent(level, &out); out.append(UInt8(ascii: "}")) }
    }

    /// Hands what is written so far to `sink` once it holds 64 KiB.
    static func flushIfFull(_ out: inout [UInt8], _ sink: (ArraySlice<UInt8>) -> Void) {
        guard out.count >= 1 << 16 else { return }
        sink(out[...])
        out.removeAll(keepingCapacity: true)
    }

    /// Hands what waits in `out`, then a piece rendered elsewhere, to `sink`: the piece as it is,
    /// not copied into `out` first (tens of megabytes of a long report were copied once more).
    package static func sink(_ piece: [UInt8], after out: inout [UInt8], _ sink: (ArraySlice<UInt8>) -> Void) {
        if !out.isEmpty {
            sink(out[...])
            out.removeAll(keepingCapacity: true)
        }
        sink(piece[...])
    }

    private static func appendCompact(_ tree: JSONTree, to out: inout [UInt8]) {
        switch tree {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): out.append(contentsOf: number(value).utf8)
        case .string(let text): appendString(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendCompact(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                appendCompact(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A string in quotes: `"`, `\`, and control characters (C0 and DEL) escaped, the rest as is.
    package static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { appendEscaped($0, to: &out) }
        out.append(0x22)
    }

    /// Most text needs no escape and is copied whole; text that does (a control's own JSON,
    /// quoted in every node of a report) is copied in runs between the bytes that need one.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var runStart = 0
        for position in 0..<bytes.count {
            let byte = bytes[position]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
            if runStart < position { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position])) }
            switch byte {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
            runStart = position + 1
        }
        if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
