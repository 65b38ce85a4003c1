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

/// The items of a streamed array: how many, and how each writes its own bytes when its turn
/// comes, on one line, as the writer lays out anything at or past `inlineFrom` (with
/// `JSONInlineObject` and `JSONInlineArray`, or `JSONWriter.appendInline`).
public struct JSONItems: Sendable, Equatable {
    /// How many items the array has.
    public let count: Int
    let write: @Sendable (_ index: Int, _ out: inout [UInt8]) -> Void

    /// `count` items, item `index` written by `write(index, &out)`.
    public init(_ count: Int, write: @escaping @Sendable (_ index: Int, _ out: inout [UInt8]) -> Void) {
        self.count = count
        self.write = write
    }

    /// Items are equal when there are as many and each writes the same bytes.
    public static func == (lhs: JSONItems, rhs: JSONItems) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { index in
            var left: [UInt8] = [], right: [UInt8] = []
            lhs.write(index, &left)
            rhs.write(index, &right)
            return left == right
        }
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
/// program writes goes through here, so escaping, number forms and layout are decided once.
/// Text is built as bytes: an audit's report of ten thousand controls runs to tens of megabytes.
public enum JSONWriter {
    /// Writes `tree` with two spaces of indent a level; containers `inlineFrom` levels deep or
    /// deeper go on one line (`{ "a": 1, "b": 2 }`), so a record reads as one line.
    public static func write(_ tree: JSONTree, inlineFrom depth: Int = .max) -> String {
        var out: [UInt8] = []
        // Tens of megabytes grown by doubling cost a copy each time and the page faults of
        // twice the memory: the size is nearly known beforehand.
        out.reserveCapacity(estimatedSize(of: tree, level: 0))
        Layout(depth: depth).append(tree, to: &out, level: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// One line, no spaces: JSON Lines. The items of a streamed array keep their own one-line
    /// layout.
    public static func line(_ tree: JSONTree) -> String {
        var out: [UInt8] = []
        appendCompact(tree, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `tree` on one line, as `write` lays out anything at or past `inlineFrom`: a value of an
    /// item a streamed array writes itself.
    public static func appendInline(_ tree: JSONTree, to out: inout [UInt8]) {
        Layout(depth: 0).append(tree, to: &out, level: 0)
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
        case .items(let items): 2 + items.count * (64 + 2 * level)
        }
    }

    static func indent(_ level: Int, _ out: inout [UInt8]) {
        for _ in 0..<level { out.append(0x20); out.append(0x20) }
    }

    /// How a tree is laid out: one line a member below `depth`, on one line from there. When it
    /// has a `sink`, what is written so far goes there after any member that fills 64 KiB, and
    /// the items of a long streamed array may be written on the threads `parallel` lends
    /// (JSONStream.swift).
    struct Layout {
        let depth: Int
        var parallel: JSONParallelRender? = nil
        var sink: ((ArraySlice<UInt8>) -> Void)? = nil

        func append(_ tree: JSONTree, to out: inout [UInt8], level: Int) {
            switch tree {
            case .array(let items):
                layOutArray(items.count, to: &out, level: level) { index, out in
                    append(items[index], to: &out, level: level + 1)
                }
            case .object(let members):
                layOutObject(members.count, key: { members[$0].key }, to: &out, level: level) { index, out in
                    append(members[index].value, to: &out, level: level + 1)
                }
            case .items(let items):
                if let parallel, let sink, level < depth, items.count > Self.itemsPerPiece * 2 {
                    writeInBatches(items, parallel, sink, to: &out, level: level)
                } else {
                    layOutArray(items.count, to: &out, level: level) { index, out in items.write(index, &out) }
                }
            default:
                appendCompact(tree, to: &out)
            }
        }

        /// An array's brackets, separators and indentation around `count` items written by
        /// `item`: one item a line below `depth`, on one line from there; `[]` when empty.
        func layOutArray(_ count: Int, to out: inout [UInt8], level: Int, item: (Int, inout [UInt8]) -> Void) {
            guard level < depth else {
                var array = JSONInlineArray(in: &out)
                for index in 0..<count {
                    array.nextItem(in: &out)
                    item(index, &out)
                    flushIfFull(&out)
                }
                array.close(in: &out)
                return
            }
            layOutByLine(count, key: nil, to: &out, level: level, value: item)
        }

        /// An object's braces, keys and layout around `count` values written by `value`, as
        /// `layOutArray` lays out an array; `{}` when empty.
        func layOutObject(_ count: Int, key: (Int) -> String, to out: inout [UInt8], level: Int, value: (Int, inout [UInt8]) -> Void) {
            guard level < depth else {
                var object = JSONInlineObject(in: &out)
                for index in 0..<count {
                    object.key(key(index), in: &out)
                    value(index, &out)
                    flushIfFull(&out)
                }
                object.close(in: &out)
                return
            }
            // An optional closure escapes; this one is only passed down, not kept.
            withoutActuallyEscaping(key) { key in layOutByLine(count, key: key, to: &out, level: level, value: value) }
        }

        /// A container below `depth`: an array, or with `key` an object, one member a line.
        private func layOutByLine(_ count: Int, key: ((Int) -> String)?, to out: inout [UInt8], level: Int, value: (Int, inout [UInt8]) -> Void) {
            let (opening, closing) = key == nil ? (UInt8(ascii: "["), UInt8(ascii: "]")) : (UInt8(ascii: "{"), UInt8(ascii: "}"))
            out.append(opening)
            guard count > 0 else { out.append(closing); return }
            for index in 0..<count {
                out.append(0x0A)
                indent(level + 1, &out)
                if let key {
                    appendString(key(index), to: &out)
                    out.append(UInt8(ascii: ":")); out.append(0x20)
                }
                value(index, &out)
                if index < count - 1 { out.append(UInt8(ascii: ",")) }
                flushIfFull(&out)
            }
            out.append(0x0A)
            indent(level, &out)
            out.append(closing)
        }

        /// Hands what is written so far to the sink once it holds 64 KiB.
        func flushIfFull(_ out: inout [UInt8]) {
            guard let sink, out.count >= 1 << 16 else { return }
            sink(out[...])
            out.removeAll(keepingCapacity: true)
        }
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
        case .items(let items):
            out.append(UInt8(ascii: "["))
            for index in 0..<items.count {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                items.write(index, &out)
            }
            out.append(UInt8(ascii: "]"))
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

/// An object written a member at a time into bytes, on one line as the writer lays out any
/// object at or past `inlineFrom` (`{ "a": 1, "b": [] }`, `{}` when empty): for the items of a
/// streamed array, many thousand of them, where making a tree for each costs more than the
/// work they report. Each member is `key` then its value, written with the writer's functions.
/// Its punctuation is inlinable: a report's nodes are written in another module, a dozen calls
/// each, and a call across modules is never inlined otherwise.
public struct JSONInlineObject {
    @usableFromInline var isEmpty = true

    /// Opens an object in `out`.
    @inlinable public init(in out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
    }

    @usableFromInline init() {}

    /// The members after those already written elsewhere, one or more: the same tail of bytes
    /// made once and copied into many objects.
    @inlinable public static func continued() -> JSONInlineObject {
        var object = JSONInlineObject()
        object.isEmpty = false
        return object
    }

    /// A member's key, after the separator from the member before.
    @inlinable public mutating func key(_ key: StaticString, in out: inout [UInt8]) {
        separate(&out)
        out.append(0x22)
        out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        out.append(0x22)
        out.append(UInt8(ascii: ":")); out.append(0x20)
    }

    /// A member's key made at run time, escaped.
    public mutating func key(_ key: String, in out: inout [UInt8]) {
        separate(&out)
        JSONWriter.appendString(key, to: &out)
        out.append(UInt8(ascii: ":")); out.append(0x20)
    }

    /// A member whose value is a string.
    public mutating func member(_ key: StaticString, string: String, in out: inout [UInt8]) {
        self.key(key, in: &out)
        JSONWriter.appendString(string, to: &out)
    }

    /// A member whose value is `value`, on one line.
    public mutating func member(_ key: StaticString, _ value: JSONTree, in out: inout [UInt8]) {
        self.key(key, in: &out)
        JSONWriter.appendInline(value, to: &out)
    }

    /// Closes the object.
    @inlinable public func close(in out: inout [UInt8]) {
        if !isEmpty { out.append(0x20) }
        out.append(UInt8(ascii: "}"))
    }

    @inlinable mutating func separate(_ out: inout [UInt8]) {
        if !isEmpty { out.append(UInt8(ascii: ",")) }
        out.append(0x20)
        isEmpty = false
    }
}

/// An array written an item at a time into bytes, on one line as the writer lays out any
/// array at or past `inlineFrom` (`["a", 1]`, `[]` when empty), as `JSONInlineObject` writes an
/// object, with its punctuation inlinable likewise.
public struct JSONInlineArray {
    @usableFromInline var isEmpty = true

    /// Opens an array in `out`.
    @inlinable public init(in out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
    }

    /// Before each item: the separator from the item before.
    @inlinable public mutating func nextItem(in out: inout [UInt8]) {
        if !isEmpty { out.append(UInt8(ascii: ",")); out.append(0x20) }
        isEmpty = false
    }

    /// Closes the array.
    @inlinable public func close(in out: inout [UInt8]) {
        out.append(UInt8(ascii: "]"))
    }
}
