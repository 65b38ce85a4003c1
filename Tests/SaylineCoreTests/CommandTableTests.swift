import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct CommandTableTests {
    @Test func everyCommandParsesByNameAndAlias() throws {
        #expect(try CommandTable.parse("inc")?.get() == .increment(1))
        #expect(try CommandTable.parse("+ 5")?.get() == .increment(5))
        #expect(try CommandTable.parse("DEC 2")?.get() == .decrement(2))
        #expect(try CommandTable.parse("page up")?.get() == .page(.up))
        #expect(try CommandTable.parse("set 62.5 kilograms")?.get() == .set("62.5 kilograms"))
        #expect(try CommandTable.parse("motion reduce")?.get() == .motion(.reduce))
        #expect(try CommandTable.parse("verbosity terse")?.get() == .verbosity(.terse))
        #expect(try CommandTable.parse("describe")?.get() == .describe(nil))
        #expect(try CommandTable.parse("help focus")?.get() == .help("focus"))
        #expect(try CommandTable.parse("exit")?.get() == .quit)
        #expect(CommandTable.parse("") == nil)
    }

    @Test func badArgumentsAreRefused() {
        #expect(throws: Rejection.self) { try CommandTable.parse("page sideways")?.get() }
        #expect(throws: Rejection.self) { try CommandTable.parse("motion fast")?.get() }
        #expect(throws: Rejection.self) { try CommandTable.parse("inc -1")?.get() }
        #expect(throws: Rejection.self) { try CommandTable.parse("focus")?.get() }
        #expect(throws: Rejection.self) { try CommandTable.parse(String(repeating: "x", count: 5_000))?.get() }
    }

    @Test func completionFollowsTheTable() {
        #expect(CommandTable.completions(for: "fo", controls: []) == ["focus"])
        #expect(CommandTable.completions(for: "focus ", controls: ["weight", "rating"]) == ["weight", "rating"])
        #expect(CommandTable.completions(for: "focus r", controls: ["weight", "rating"]) == ["rating"])
        #expect(CommandTable.completions(for: "motion ", controls: []) == ["reduce", "full"])
        #expect(CommandTable.completions(for: "inc ", controls: ["weight"]).isEmpty)
        #expect(Set(CommandTable.completions(for: "", controls: [])) == Set(CommandTable.all.map(\.name)))
    }

    @Test func namesAndAliasesAreUnique() {
        let words = CommandTable.all.flatMap { [$0.name] + $0.aliases }
        #expect(Set(words).count == words.count)
    }
}
