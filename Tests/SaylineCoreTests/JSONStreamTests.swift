import Testing
@testable import SaylineText

/// A streamed document is the tree's text byte for byte, in pieces, with its long arrays made
/// an item at a time, on one thread or in parallel batches.
@Suite struct JSONStreamTests {
    static func item(_ index: Int) -> JSONTree {
        .object([JSONMember("id", .string("c\(index)")), JSONMember("html", .string("{\"kind\": \"ruler\", \"label\": \"Q\\\\\(index)\"}")),
                 JSONMember("tags", .array([.string("a"), .number(Double(index))])), JSONMember("none", [])])
    }

    @Test(arguments: [0, 1, 3, 2_000])
    func aStreamIsTheTreesText(count: Int) {
        let tree = JSONTree.object([
            JSONMember("name", "report"),
            JSONMember("results", .array([.object([JSONMember("id", "r"), JSONMember("nodes", .array((0..<count).map(Self.item)))])])),
            JSONMember("empty", .object([])),
        ])
        let part = JSONPart.object([
            ("name", .tree("report")),
            ("results", .array([.object([("id", .tree("r")), ("nodes", .items(count, Self.item))])])),
            ("empty", .object([])),
        ])
        let written = part
        let byItem = JSONPart.object([
            ("name", .tree("report")),
            ("results", .array([.object([("id", .tree("r")), ("nodes", .writtenItems(count) { index, out in
                JSONWriter.append(Self.item(index), to: &out, level: 4, inlineFrom: 4)
            })])])),
            ("empty", .object([])),
        ])
        let expected = JSONWriter.write(tree, inlineFrom: 4)
        for (candidate, parallel) in [(written, nil), (byItem, nil), (byItem, { (count: Int, render: @Sendable (Int) -> [UInt8]) in (0..<count).map(render) } as JSONParallelRender?)] {
            var pieces = 0
            var out: [UInt8] = []
            JSONWriter.stream(candidate, inlineFrom: 4, parallel: parallel) { piece in
                pieces += 1
                // About 64 KiB, and at most one parallel batch's piece (512 items) more.
                #expect(piece.count <= 192 << 10, "a piece of \(piece.count) bytes")
                out += piece
            }
            #expect(String(decoding: out, as: UTF8.self) == expected)
            if count == 2_000 { #expect(pieces > 1) }
        }
    }
}
