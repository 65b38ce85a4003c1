/// A JSON document whose long arrays are made an item at a time while it is written: the
/// document is never held whole, neither as a tree nor as text, so a report of 10,000
/// controls (tens of megabytes) is written in the memory of one item.
public indirect enum JSONPart: Sendable {
    /// A part held whole.
    case tree(JSONTree)
    case array([JSONPart])
    case object([(key: String, value: JSONPart)])
    /// `count` items, each made when it is written.
    case items(Int, @Sendable (Int) -> JSONTree)
    /// `count` items, each writing its own bytes, laid out as the writer lays out the tree it
    /// stands for: for items many times more numerous than anything else (a report's nodes).
    case writtenItems(Int, @Sendable (Int, inout [UInt8]) -> Void)
}

/// Runs `render` for each of `count` indices, on as many threads as the front has, and
/// returns the results in order: the core has no threads of its own, so a front that does
/// lends them for writing long arrays.
public typealias JSONParallelRender = (_ count: Int, _ render: @escaping @Sendable (Int) -> [UInt8]) -> [[UInt8]]

extension JSONWriter {
    /// Writes `part` as `write(_:inlineFrom:)` would write the tree it stands for, byte for
    /// byte, handing the text to `sink` in pieces of about 64 KiB, then a line end.
    /// - Parameter parallel: when given, the items of a long `writtenItems` array are written
    ///   on several threads, a bounded batch at a time, and handed on in order.
    public static func stream(_ part: JSONPart, inlineFrom depth: Int = .max, parallel: JSONParallelRender? = nil,
                              to sink: (ArraySlice<UInt8>) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        StreamState(depth: depth, parallel: parallel).stream(part, to: &out, level: 0, sink: sink)
        out.append(0x0A)
        sink(out[...])
    }

    private struct StreamState {
        let depth: Int
        let parallel: JSONParallelRender?

        /// Items a thread writes at once, and pieces a batch holds: a batch is at most a few
        /// megabytes, whatever the array's length.
        static let itemsPerPiece = 512
        static let piecesPerBatch = 16

        func stream(_ part: JSONPart, to out: inout [UInt8], level: Int, sink: (ArraySlice<UInt8>) -> Void) {
            switch part {
            case .tree(let tree):
                JSONWriter.append(tree, to: &out, level: level, inlineFrom: depth)
            case .array(let items):
                JSONWriter.layOutArray(items.count, to: &out, level: level, inlineFrom: depth, sink: sink, flushes: true) { index, out in
                    stream(items[index], to: &out, level: level + 1, sink: sink)
                }
            case .object(let members):
                JSONWriter.layOutObject(members.count, key: { members[$0].key }, to: &out, level: level, inlineFrom: depth, sink: sink, flushes: true) { index, out in
                    stream(members[index].value, to: &out, level: level + 1, sink: sink)
                }
            case .items(let count, let item):
                JSONWriter.layOutArray(count, to: &out, level: level, inlineFrom: depth, sink: sink, flushes: true) { index, out in
                    JSONWriter.append(item(index), to: &out, level: level + 1, inlineFrom: depth)
                }
            case .writtenItems(let count, let write):
                if let parallel, level < depth, count > Self.itemsPerPiece * 2 {
                    writeInBatches(count, write, parallel, to: &out, level: level, sink: sink)
                } else {
                    JSONWriter.layOutArray(count, to: &out, level: level, inlineFrom: depth, sink: sink, flushes: true) { index, out in write(index, &out) }
                }
            }
        }

        /// The same bytes as `layOutArray` writes for a non-inline array of `count` items.
        private func writeInBatches(_ count: Int, _ write: @escaping @Sendable (Int, inout [UInt8]) -> Void, _ parallel: JSONParallelRender,
                                    to out: inout [UInt8], level: Int, sink: (ArraySlice<UInt8>) -> Void) {
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
                        write(index, &bytes)
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
}
