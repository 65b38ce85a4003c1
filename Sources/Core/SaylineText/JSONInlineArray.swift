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
