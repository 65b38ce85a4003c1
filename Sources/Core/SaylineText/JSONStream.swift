/// Runs `render` for each of `count` indices, on as many threads as the front has, and
/// returns the results in order: the core has no threads of its own, so a front that does
/// lends them for writing long arrays.
public typealias JSONParallelRender = (_ count: Int, _ render: @escaping @Sendable (Int) -> [UInt8]) -> [[UInt8]]

extension JSONWriter {
    /// Writes `tree` as `write(_:inlineFrom:)` would, byte for byte, handing the text to `sink`
    /// in pieces of about 64 KiB, then a line end. With its long arrays streamed (`.items`),
    /// the document is never held whole, neither as a tree nor as text, so a report of 10,000
    /// controls (tens of megabytes) is written in the memory of one item.
    /// - Parameter parallel: when given, the items of a long streamed array are written on
    ///   several threads, a bounded batch at a time, and handed on in order.
    public static func stream(_ tree: JSONTree, inlineFrom depth: Int = .max, parallel: JSONParallelRender? = nil,
                              to sink: (ArraySlice<UInt8>) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        withoutActuallyEscaping(sink) { sink in
            Layout(depth: depth, parallel: parallel, sink: sink).append(tree, to: &out, level: 0)
        }
        out.append(0x0A)
        sink(out[...])
    }
}

extension JSONWriter.Layout {
    /// Items a thread writes at once, and pieces a batch holds: a batch is at most a few
    /// megabytes, whatever the array's length.
    static let itemsPerPiece = 512
    static let piecesPerBatch = 16

    /// The same bytes as `layOutArray` writes for a streamed array below `depth`, its items
    /// written on the threads lent, a batch at a time, and handed to the sink in order.
    func writeInBatches(_ items: JSONItems, _ parallel: JSONParallelRender, _ sink: (ArraySlice<UInt8>) -> Void,
                        to out: inout [UInt8], level: Int) {
        let count = items.count
        out.append(UInt8(ascii: "["))
        var start = 0
        // A piece's bytes are given room once, as many as the last batch wrote an item (a
        // guess for the first): grown by doubling, a piece of a few hundred kilobytes was
        // copied into a new buffer a dozen times, each of fresh pages.
        var bytesPerItem = 256
        while start < count {
            let batchStart = start, batchEnd = min(start + Self.itemsPerPiece * Self.piecesPerBatch, count)
            let pieces = (batchEnd - batchStart + Self.itemsPerPiece - 1) / Self.itemsPerPiece
            let room = bytesPerItem + bytesPerItem / 8
            let rendered = parallel(pieces) { piece in
                var bytes: [UInt8] = []
                let from = batchStart + piece * Self.itemsPerPiece, to = min(from + Self.itemsPerPiece, batchEnd)
                bytes.reserveCapacity((to - from) * room)
                for index in from..<to {
                    bytes.append(0x0A)
                    JSONWriter.indent(level + 1, &bytes)
                    items.write(index, &bytes)
                    if index < count - 1 { bytes.append(UInt8(ascii: ",")) }
                }
                return bytes
            }
            var written = 0
            for piece in rendered {
                written += piece.count
                JSONWriter.sink(piece, after: &out, sink)
            }
            bytesPerItem = max(written / (batchEnd - batchStart), 16)
            start = batchEnd
        }
        out.append(0x0A)
        JSONWriter.indent(level, &out)
        out.append(UInt8(ascii: "]"))
    }
}
