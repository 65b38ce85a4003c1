/// Writes JSON text: strings escaped, numbers in their shortest exact form. Every JSON the
/// program writes goes through here, so escaping, number forms and layout are decided once.
/// Text is built as bytes: an audit's report of ten thousand controls runs to tens of megabytes.
///
/// The writer's aspects are extensions beside this file: the indented layout
/// (`JSONWriter+Layout.swift`), the one-line form (`JSONWriter+Compact.swift`), how strings and
/// numbers are spelt (`JSONWriter+Scalars.swift`), and a document streamed in pieces
/// (`JSONStream.swift`).
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

    /// Hands what waits in `out`, then a piece rendered elsewhere, to `sink`: the piece as it is,
    /// not copied into `out` first (tens of megabytes of a long report were copied once more).
    package static func sink(_ piece: [UInt8], after out: inout [UInt8], _ sink: (ArraySlice<UInt8>) -> Void) {
        if !out.isEmpty {
            sink(out[...])
            out.removeAll(keepingCapacity: true)
        }
        sink(piece[...])
    }
}
