import Testing
import SaylineCore
@testable import SaylineText

/// Strings and numbers through the writer and back through the parser: every escape JSON has,
/// surrogate pairs, and what the writer makes of numbers.
@Suite struct JSONTextTests {
    func parsedString(_ json: String) -> Result<String, JSONSyntaxError> {
        JSONParser.parse(Array(json.utf8)).map { node in
            if case .string(let text) = node.value { return text }
            return "not a string"
        }
    }

    @Test func everyEscapeReadsAsItsCharacter() {
        #expect(parsedString(#""a\"b\\c\/d\be\ff\ng\rh\ti""#) == .success("a\"b\\c/d\u{08}e\u{0C}f\ng\rh\ti"))
        #expect(parsedString(#""\u00e9\u20AC""#) == .success("é€"))
        #expect(parsedString(#""x\ud83d\ude00y""#) == .success("x😀y"))
        #expect(parsedString(#""plain""#) == .success("plain"))
    }

    @Test(arguments: [
        (#""\ud83d""#, "a lone surrogate in a \\u escape"), (#""\ud83dx""#, "a lone surrogate in a \\u escape"),
        (#""\ud83d\u0041""#, "a lone surrogate in a \\u escape"), (#""\ude00""#, "a lone surrogate in a \\u escape"),
        (#""\q""#, "an unknown escape in a string"), (#""\u00g1""#, "a \\u escape needs four hex digits"),
        (#""\u00""#, "a \\u escape needs four hex digits"), (#""abc\"#, "the document ends inside a string"),
    ])
    func aBrokenEscapeIsRefused(json: String, message: String) {
        #expect(parsedString(json) == .failure(JSONSyntaxError(line: 1, message: message)), "\(json)")
    }

    @Test func writtenStringsReadBackAsTheyWere() {
        let text = "q\"b\\s\n\r\t\u{01}\u{7F}é😀/"
        #expect(JSONWriter.line(.string(text)) == #""q\"b\\s\n\r\t\u0001\u007fé😀/""#)
        #expect(parsedString(JSONWriter.line(.string(text))) == .success(text))
    }

    @Test func numbersAreWrittenInTheirShortestForm() {
        #expect(JSONWriter.line([3, .number(-0.5), .number(1e15), .number(1e17), .number(.infinity), .number(.nan), .number(0.1)]) == "[3,-0.5,1000000000000000.0,1e+17,null,null,0.1]")
    }

    @Test func containersFromTheInlineDepthAreWrittenOnOneLine() {
        let tree = JSONTree.object([JSONMember("a", [1, 2]), JSONMember("b", .object([JSONMember("c", .null)])), JSONMember("d", [])])
        #expect(JSONWriter.write(tree, inlineFrom: 1) == "{\n  \"a\": [1, 2],\n  \"b\": { \"c\": null },\n  \"d\": []\n}\n")
        #expect(JSONWriter.write(tree) == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {\n    \"c\": null\n  },\n  \"d\": []\n}\n")
    }
}
