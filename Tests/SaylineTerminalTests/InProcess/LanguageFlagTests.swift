import Testing
import SaylineCore
@testable import SaylineCommandLine
@testable import SaylineProgram

/// The look for `--language` before anything is said, in process: it reads the words as the
/// command's own parser does (the same reader, the same table), so the language a usage error
/// is said in is the one the command would have used.
@Suite struct LanguageFlagTests {
    /// The language a command line asks for, as the program looks for it at its start.
    private func flagged(_ words: [String]) -> String? {
        LanguageChoice.flagged(in: words, subcommandOptions: { CommandLineTable.subcommand(named: $0)?.commandLine.options })?.0
    }

    @Test func anotherOptionsArgumentIsNeverTheLanguage() throws {
        let words = ["pick", "--label", "--language", "--language", "de"]
        #expect(flagged(words) == "de")
        // The parser agrees: the label is "--language", the language "de".
        let parsed = try CommandLineParser.parse(Array(words.dropFirst()), options: PickCommand.commandLine.options)
        #expect(parsed.value("--label") == "--language")
        #expect(parsed.value(LanguageChoice.option.name) == "de")
        // A label that is the language's word: the flag after it still wins.
        #expect(flagged(["pick", "--label", "--language", "--language=fr"]) == "fr")
        #expect(flagged(["pick", "--label", "--language"]) == nil)
    }

    @Test func theFormsGetoptReadsAndTheEndOfOptions() {
        #expect(flagged(["--language=pl"]) == "pl")
        #expect(flagged(["--language", "de", "--language", "fr"]) == "fr", "the last one wins, as in the parser")
        #expect(flagged(["run", "--", "--language", "de"]) == nil, "after -- it is an operand")
        #expect(flagged(["--scene", "--language", "x.json"]) == nil, "--scene's argument")
        // A group of short flags whose last takes the next word: `-s` takes `--language`.
        #expect(flagged(["-hs", "--language", "de"]) == nil)
        #expect(flagged(["audit", "-o", "--language", "--language", "es"]) == "es")
    }

    @Test func aWordTheParserRefusesIsPassedOverAsGetoptPassesIt() {
        // An unknown option, before or after: the usage error is said in the language.
        #expect(flagged(["--bogus", "--language", "de"]) == "de")
        #expect(flagged(["pick", "--language", "de", "--min"]) == "de")
        #expect(flagged(["--help=x", "--language", "es"]) == "es")
        // A command that takes no --language of its own: an unknown option, no language.
        #expect(flagged(["--languages", "de"]) == nil)
    }

    @Test func theSubcommandsOwnTableDecides() {
        // `run --language` is run's own flag; for the REPL `pick` is an operand and its
        // `--label` unknown, so the next word is read as the REPL reads it.
        #expect(flagged(["run", "--language", "de", "-"]) == "de")
        // `-c` is pick's, taking the next word; the REPL's table has no `-c`.
        #expect(flagged(["pick", "-c", "--language", "--language", "de"]) == "de")
        #expect(flagged(["--display", "plain", "pick", "--label", "--language", "de"]) == "de")
        // What the flag asks for is chosen as before: `all` names none, a list its first.
        #expect(LanguageChoice.asked(flagged: ("all", .flag("--language")), environment: ["LANG": "fr_FR.UTF-8"], preferences: nil)?.0 == "fr_FR.UTF-8")
        #expect(LanguageChoice.asked(flagged: ("de,pl", .flag("--language")), environment: [:], preferences: nil)?.0 == "de")
    }
}
