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
