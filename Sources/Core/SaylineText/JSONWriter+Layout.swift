extension JSONWriter {
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
}
