import Testing
@testable import SaylineSession

/// The key table carries commands as values: each key's command is one the command table
/// types by the same name, each bound key is in the groups `help` names first, and a choice is
/// checked from the words the command table gives for it.
@Suite struct KeyTableTests {
    @Test func eachKeysCommandIsTheOneItsNameTypes() throws {
        for key in KeyTable.all {
            guard let command = key.command else { continue }
            let spec = try #require(CommandTable.spec(named: command.name), "\(key.keys): \(command.name) is not in the command table")
            // A key's command typed as a line: its name, and its choice when it has one.
            let line: String
            switch command {
            case .page(let direction): line = "page \(direction.rawValue)"
            default: line = spec.name
            }
            #expect(try CommandTable.parse(line)?.get() == command, "\(key.keys)")
        }
        #expect(Command.increment(1).repeated(5) == .increment(5))
        #expect(Command.page(.up).repeated(5) == .page(.up))
        #expect(Command.increment(2).repeated(Int.max) == .increment(Int.max), "a count past every range takes every step, never traps")
    }

    @Test func everyBoundKeyIsInOneGroupThatHelpNames() {
        let grouped = KeyTable.groups.flatMap(\.functions)
        for function in KeyTable.all.compactMap(\.function) {
            #expect(grouped.filter { $0 == function }.count == 1, "\(function)")
        }
        #expect(Set(grouped).isSubset(of: Set(KeyTable.all.compactMap(\.function))))
        let help = Session.helpText(for: nil)
        #expect(help[0] == "Arrow keys adjust the value. Page Up and Page Down move a page. Home and End go to the ends.")
        #expect(help[1] == "Tab and Shift Tab move between controls. Question mark describes the control.")
    }

    @Test func aChoiceIsCheckedFromTheWordsTheTableGives() throws {
        for (line, message) in [("page sideways", "page takes up or down, not sideways"),
                                ("motion slow", "motion takes reduce or full, not slow"),
                                ("verbosity loud", "verbosity takes terse, normal or verbose, not loud")] {
            guard case .failure(let rejection)? = CommandTable.parse(line) else {
                Issue.record("\(line) was taken")
                continue
            }
            #expect(rejection.message.contains(message), "\(rejection.message)")
        }
        #expect(try CommandTable.parse("PAGE UP")?.get() == .page(.up))
        #expect(try CommandTable.parse("verbosity Terse")?.get() == .verbosity(.terse))
        if case .failure(let missing)? = CommandTable.parse("motion") {
            #expect(missing.message.contains("reduce or full"), "\(missing.message)")
        } else {
            Issue.record("motion alone was taken")
        }
    }
}
