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
        var writer = StreamState(depth: depth, parallel: parallel)
        writer.stream(part, to: &out, level: 0, sink: sink)
        out.append(0x0A)
        sink(out[...])
    }

    private struct StreamState {
        let depth: Int
        let parallel: JSONParallelRender?

        func stream(_ part: JSONPart, to out: inout [UInt8], level: Int, sink: (ArraySlice<UInt8>) -> Void) {
            if case .writtenItems(let count, let write) = part, let parallel, level < depth, count > Self.itemsPerPiece * 2 {
                writeInBatches(count, write, parallel, to: &out, level: level, sink: sink)
                return
            }
            switch part {
            case .array(let items):
                JSONWriter.streamArray(items.count, to: &out, level: level, inlineFrom: depth, sink: sink) { index, out in
                    stream(items[index], to: &out, level: level + 1, sink: sink)
                }
            case .object(let members):
                JSONWriter.streamObject(members, to: &out, level: level, inlineFrom: depth, sink: sink) { part, out in
                    stream(part, to: &out, level: level + 1, sink: sink)
                }
            default:
                JSONWriter.stream(part, to: &out, level: level, inlineFrom: depth, sink: sink)
            }
        }

        /// Items a thread writes at once, and pieces a batch holds: a batch is at most a few
        /// megabytes, whatever the array's length.
        static let itemsPerPiece = 512
        static let piecesPerBatch = 16

        /// The same bytes as `streamArray` writes for a non-inline array of `count` items.
        private func writeInBatches(_ count: Int, _ write: @escaping @Sendable (Int, inout [UInt8]) -> Void, _ parallel: JSONParallelRender,
                                    to out: inout [UInt8], level: Int, sink: (ArraySlice<UInt8>) -> Void) {
            out.append(UInt8(ascii: "["))
            var start = 0
            while start < count {
                let batchStart = start, batchEnd = min(start + Self.itemsPerPiece * Self.piecesPerBatch, count)
                let pieces = (batchEnd - batchStart + Self.itemsPerPiece - 1) / Self.itemsPerPiece
                let rendered = parallel(pieces) { piece in
                    var bytes: [UInt8] = []
                    let from = batchStart + piece * Self.itemsPerPiece, to = min(from + Self.itemsPerPiece, batchEnd)
                    for index in from..<to {
                        bytes.append(0x0A)
                        JSONWriter.indent(level + 1, &bytes)
                        write(index, &bytes)
                        if index < count - 1 { bytes.append(UInt8(ascii: ",")) }
                    }
                    return bytes
                }
                for piece in rendered {
                    out.append(contentsOf: piece)
                    JSONWriter.flushIfFull(&out, sink)
                }
                start = batchEnd
            }
            out.append(0x0A)
            JSONWriter.indent(level, &out)
            out.append(UInt8(ascii: "]"))
        }
    }

    static func flushIfFull(_ out: inout [UInt8], _ sink: (ArraySlice<UInt8>) -> Void) {
        guard out.count >= 1 << 16 else { return }
        sink(out[...])
        out.removeAll(keepingCapacity: true)
    }

    static func stream(_ part: JSONPart, to out: inout [UInt8], level: Int, inlineFrom depth: Int, sink: (ArraySlice<UInt8>) -> Void) {
        switch part {
        case .tree(let tree):
            append(tree, to: &out, level: level, inlineFrom: depth)
        case .array(let items):
            streamArray(items.count, to: &out, level: level, inlineFrom: depth, sink: sink) { index, out in
                stream(items[index], to: &out, level: level + 1, inlineFrom: depth, sink: sink)
            }
        case .items(let count, let item):
            streamArray(count, to: &out, level: level, inlineFrom: depth, sink: sink) { index, out in
                append(item(index), to: &out, level: level + 1, inlineFrom: depth)
            }
        case .writtenItems(let count, let write):
            streamArray(count, to: &out, level: level, inlineFrom: depth, sink: sink) { index, out in write(index, &out) }
        case .object(let members):
            streamObject(members, to: &out, level: level, inlineFrom: depth, sink: sink) { part, out in
                stream(part, to: &out, level: level + 1, inlineFrom: depth, sink: sink)
            }
        }
    }

    static func streamObject(_ members: [(key: String, value: JSONPart)], to out: inout [UInt8], level: Int, inlineFrom depth: Int,
                             sink: (ArraySlice<UInt8>) -> Void, value: (JSONPart, inout [UInt8]) -> Void) {
        guard !members.isEmpty else { out.append(contentsOf: "{}".utf8); return }
        let inline = level >= depth
        out.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            if inline {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(0x20)
            } else {
                out.append(0x0A)
                indent(level + 1, &out)
            }
            appendString(member.key, to: &out)
            out.append(UInt8(ascii: ":")); out.append(0x20)
            value(member.value, &out)
            if !inline && index < members.count - 1 { out.append(UInt8(ascii: ",")) }
            flushIfFull(&out, sink)
        }
        if inline { out.append(0x20); out.append(UInt8(ascii: "}")) } else { out.append(0x0A); indent(level, &out); out.append(UInt8(ascii: "}")) }
    }

    static func streamArray(_ count: Int, to out: inout [UInt8], level: Int, inlineFrom depth: Int, sink: (ArraySlice<UInt8>) -> Void,
                                    item: (Int, inout [UInt8]) -> Void) {
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
            flushIfFull(&out, sink)
        }
        if !inline { out.append(0x0A); indent(level, &out) }
        out.append(UInt8(ascii: "]"))
    }
}
