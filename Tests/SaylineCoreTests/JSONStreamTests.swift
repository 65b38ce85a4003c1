import Testing
@testable import SaylineText

/// A streamed document is the tree's text byte for byte, in pieces, with its long arrays made
/// an item at a time, on one thread or in parallel batches; one written whole is the same text.
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
        let streamed = JSONTree.object([
            JSONMember("name", "report"),
            JSONMember("results", .array([.object([JSONMember("id", "r"), JSONMember("nodes", .items(JSONItems(count) { index, out in
                JSONWriter.appendInline(Self.item(index), to: &out)
            }))])])),
            JSONMember("empty", .object([])),
        ])
        let expected = JSONWriter.write(tree, inlineFrom: 4)
        #expect(JSONWriter.write(streamed, inlineFrom: 4) == expected)
        for parallel in [nil, { (count: Int, render: @Sendable (Int) -> [UInt8]) in (0..<count).map(render) } as JSONParallelRender?] {
            var pieces = 0
            var out: [UInt8] = []
            JSONWriter.stream(streamed, inlineFrom: 4, parallel: parallel) { piece in
                pieces += 1
                // About 64 KiB, and at most one parallel batch's piece (512 items) more.
                #expect(piece.count <= 192 << 10, "a piece of \(piece.count) bytes")
                out += piece
            }
            #expect(String(decoding: out, as: UTF8.self) == expected)
            if count == 2_000 { #expect(pieces > 1) }
        }
    }

    /// An item written a member at a time has the bytes of the tree it stands for.
    @Test func anInlineObjectIsItsTreesLine() {
        var out: [UInt8] = []
        var object = JSONInlineObject(in: &out)
        object.member("id", string: "a\"b", in: &out)
        object.key("tags", in: &out)
        var tags = JSONInlineArray(in: &out)
        for tag in ["x", "y"] {
            tags.nextItem(in: &out)
            JSONWriter.appendString(tag, to: &out)
        }
        tags.close(in: &out)
        object.key("empty", in: &out)
        JSONInlineObject(in: &out).close(in: &out)
        object.member("n", .null, in: &out)
        var tail: [UInt8] = []
        var rest = JSONInlineObject.continued()
        rest.member("last", .array([1, .object([JSONMember("k", "v")])]), in: &tail)
        rest.close(in: &tail)
        out += tail
        var expected: [UInt8] = []
        JSONWriter.appendInline(.object([JSONMember("id", "a\"b"), JSONMember("tags", ["x", "y"]), JSONMember("empty", .object([])),
                                         JSONMember("n", .null), JSONMember("last", .array([1, .object([JSONMember("k", "v")])]))]), to: &expected)
        #expect(String(decoding: out, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(String(decoding: expected, as: UTF8.self) == #"{ "id": "a\"b", "tags": ["x", "y"], "empty": {}, "n": null, "last": [1, { "k": "v" }] }"#)
    }
}
