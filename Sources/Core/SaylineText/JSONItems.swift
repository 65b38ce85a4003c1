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
