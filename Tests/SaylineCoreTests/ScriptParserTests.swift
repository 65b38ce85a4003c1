import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineSession
@testable import SaylineScene

/// A script line reads the same from its bytes as from its text, the first time and every time
/// after (a seen line comes from the parser's memo), whatever the lines around it.
@Suite struct ScriptParserTests {
    func parse(_ parser: inout ScriptParser, _ line: String, number: Int = 2) -> Result<ScriptStep?, ScriptProblem> {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { parser.parse(utf8: UnsafeBufferPointer($0), number: number) }
    }

    @Test func aLineSeenBeforeReadsAsItDidTheFirstTime() throws {
        var parser = ScriptParser()
        let lines = ["inc", "  inc 3\t", "expect \"62.5 kilograms\"", "frobnicate", "# a note", "", "next"]
        let first = lines.map { parse(&parser, $0) }
        for _ in 0..<3 {
            let again = lines.map { parse(&parser, $0) }
            #expect(again == first)
        }
        #expect(try first[0].get()?.action == .command(.increment(1)))
        #expect(try first[1].get()?.text == "inc 3")
        #expect(try first[4].get() == nil && first[5].get() == nil)
        guard case .failure(let problem) = first[3] else { Issue.record("frobnicate was read"); return }
        #expect(problem.line == 2 && problem.message.contains("frobnicate"))
        // The step carries the line it is on now, not the one it was first seen on.
        #expect(try parse(&parser, "inc", number: 9).get()?.line == 9)
    }

    @Test func whiteSpaceOfAnyScriptAndAByteOrderMarkAreTrimmed() throws {
        var parser = ScriptParser()
        #expect(try parse(&parser, "\u{3000}inc\u{00A0}").get()?.text == "inc")
        #expect(try parse(&parser, "\u{FEFF}inc", number: 1).get()?.action == .command(.increment(1)))
        // Past line 1 a byte-order mark is text like any other, and no command.
        #expect((try? parse(&parser, "\u{FEFF}inc", number: 2).get()) == nil)
    }

    @Test func linesPastTheMemosLimitAreStillReadRight() throws {
        var parser = ScriptParser()
        // More distinct lines than are kept, many of one length (which share hash buckets).
        for value in 0..<(ScriptParser.memoLimit + 500) {
            let step = try #require(try parse(&parser, "set \(value)").get())
            #expect(step.action == .command(.set("\(value)")))
        }
        #expect(try parse(&parser, "set 7").get()?.action == .command(.set("7")))
        #expect(try parse(&parser, "set \(ScriptParser.memoLimit + 499)").get()?.action == .command(.set("\(ScriptParser.memoLimit + 499)")))
    }

    @Test func aJSONStringIsReadWholeWithOrWithoutEscapes() throws {
        let node = try JSONParser.parse(Array(#"["plain", "ab\"c", "é and ü", ""]"#.utf8)).get()
        guard case .array(let items) = node.value else { Issue.record("not an array"); return }
        #expect(items.map(\.value) == [.string("plain"), .string("ab\"c"), .string("é and ü"), .string("")])
        #expect((try? JSONParser.parse([0x22, 0x61, 0xC3, 0x22]).get()) == nil)
    }
}
