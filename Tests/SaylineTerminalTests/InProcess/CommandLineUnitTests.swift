import Testing
import SaylineCore
@testable import SaylineCommandLine
@testable import SaylineLineEditor

/// The command line, the settings and the keyboard's text, in process.
@Suite struct CommandLineUnitTests {
    @Test func getoptFormsAndMistakes() throws {
        let parsed = try CommandLineParser.parse(["--scene=a.json", "--", "-x"], options: Options.replOptions)
        #expect(parsed.value(SharedOptions.scene.name) == "a.json")
        #expect(parsed.operands == ["-x"])
        #expect(parsed.extraOperand()?.message == "unexpected argument: -x")
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--sceen", "a.json"], options: Options.replOptions) }
    }

    @Test func flagsWinOverTheEnvironmentWhichWinsOverThePreferencesFile() throws {
        let parsed = try CommandLineParser.parse(["--verbosity", "terse"], options: Options.replOptions)
        let options = try Options.resolve(parsed, environment: ["NO_COLOR": "1"], displayIsTerminal: true,
                                          preferences: (path: "/p", text: "verbosity = verbose\ncolour = on\n"),
                                          detectScreenReader: { nil }).get()
        #expect(options.settings.verbosity == .terse)
        #expect(options.settings.color == false)
    }

    @Test func keyboardTextKeepsSplitCharactersAndMarksBadBytes() {
        var text = KeyboardText()
        let euro = Array("€".utf8)
        #expect(text.accept(euro[0..<1]).isEmpty)
        #expect(text.accept(euro[1...]) == euro)
        #expect(!text.lineIsInvalid)
        _ = text.accept([0xFF][...])
        #expect(text.lineIsInvalid)
    }
}
