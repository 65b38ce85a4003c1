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

extension JSONWriter {
    /// Writes `part` as `write(_:inlineFrom:)` would write the tree it stands for, byte for
    /// byte, handing the text to `sink` in pieces of about 64 KiB, then a line end.
    public static func stream(_ part: JSONPart, inlineFrom depth: Int = .max, to sink: (ArraySlice<UInt8>) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        stream(part, to: &out, level: 0, inlineFrom: depth, sink: sink)
        out.append(0x0A)
        sink(out[...])
    }

    private static func flushIfFull(_ out: inout [UInt8], _ sink: (ArraySlice<UInt8>) -> Void) {
        guard out.count >= 1 << 16 else { return }
        sink(out[...])
        out.removeAll(keepingCapacity: true)
    }

    private static func stream(_ part: JSONPart, to out: inout [UInt8], level: Int, inlineFrom depth: Int, sink: (ArraySlice<UInt8>) -> Void) {
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
                stream(member.value, to: &out, level: level + 1, inlineFrom: depth, sink: sink)
                if !inline && index < members.count - 1 { out.append(UInt8(ascii: ",")) }
                flushIfFull(&out, sink)
            }
            if inline { out.append(0x20); out.append(UInt8(ascii: "}")) } else { out.append(0x0A); indent(level, &out); out.append(UInt8(ascii: "}")) }
        }
    }

    private static func streamArray(_ count: Int, to out: inout [UInt8], level: Int, inlineFrom depth: Int, sink: (ArraySlice<UInt8>) -> Void,
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
