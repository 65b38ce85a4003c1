import Foundation
import PseudoTerminal
import SaylineCore
import SaylineProgram
import Testing

/// The command reference and the man page's command section come from the command table;
/// these tests keep the files in step with it. They only compare: `swift run sayline-docs`
/// rewrites the files, so a test can never pass by writing what it checks.
extension EndToEndTests { @Suite struct DocsTests {
    static let root = PackagePaths.root

    /// Every generated file and section is what the tables make now.
    @Test func everyGeneratedPartOfTheDocsMatchesItsTable() throws {
        for (file, text) in GeneratedDocs.wholeFiles {
            #expect(try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8) == text, "\(file): run `swift run sayline-docs`")
        }
        for section in GeneratedDocs.sections {
            let page = try String(contentsOf: Self.root.appendingPathComponent(section.file), encoding: .utf8)
            guard let current = section.current(in: page) else {
                Issue.record("\(section.file) lost the markers of its \(section.name) section"); continue
            }
            #expect(current == section.text, "\(section.file) \(section.name): run `swift run sayline-docs`")
        }
    }

    @Test func theGuideNamesEveryPreference() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("Docs/guide.md"), encoding: .utf8)
        for key in GeneratedDocs.preferenceKeys { #expect(guide.contains("`\(key)`"), "Docs/guide.md lacks the preference \(key)") }
    }

    /// Each command's --help (from the real binary) and the man page name every option of its table.
    @Test func helpAndTheManPageNameEveryOptionOfEveryCommand() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/sayline.1"), encoding: .utf8)
        for (command, options) in GeneratedDocs.optionNames {
            let help = try runPiped((command.isEmpty ? [] : [command]) + ["--help"], input: "").stdout
            for option in options {
                #expect(help.contains(option), "sayline \(command) --help lacks \(option)")
                #expect(page.contains(option.replacingOccurrences(of: "-", with: "\\-")), "the man page lacks \(option)")
            }
        }
    }
} }

extension EndToEndTests.DocsTests {
    @Test func everyAuditRuleIsDocumentedWithItsImpact() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/audit-rules.md"), encoding: .utf8)
        for rule in AuditRules.all {
            #expect(page.contains("## \(rule.id)\nImpact: \(rule.impact.rawValue)."), "Docs/audit-rules.md lacks \(rule.id)")
        }
    }
}

extension EndToEndTests.DocsTests {
    /// One table of exit statuses, in `sayline --help`, the man page and the guide; a
    /// subcommand's help points there instead of repeating it.
    @Test func everyExitStatusIsDocumentedEverywhere() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/sayline.1"), encoding: .utf8)
        let guide = try String(contentsOf: Self.root.appendingPathComponent("Docs/guide.md"), encoding: .utf8)
        let help = try runPiped(["--help"], input: "").stdout
        for command in GeneratedDocs.optionNames.keys where !command.isEmpty {
            let own = try runPiped([command, "--help"], input: "").stdout
            #expect(own.contains("\nExit statuses: sayline --help, or man sayline.") && !own.contains("Exit status:"), "\(command) --help")
            // The installed manuals, never the source tree's Markdown, which an install lacks.
            let words = own.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            #expect(words.contains("man 5 sayline-scene") && !own.contains("Docs/"), "\(command) --help")
        }
        for status in ["0", "1", "2", "64", "65", "74", "129", "130", "131", "143"] {
            let word = "\\b\(status)\\b"
            #expect(page.components(separatedBy: ".SH EXIT STATUS").last?.range(of: word, options: .regularExpression) != nil, "the man page lacks \(status)")
            #expect(guide.components(separatedBy: "## Exit status").last?.range(of: word, options: .regularExpression) != nil, "the guide lacks \(status)")
            #expect(help.components(separatedBy: "Exit status:").last?.range(of: word, options: .regularExpression) != nil, "--help lacks \(status)")
        }
    }
}

extension EndToEndTests.HostileInputTests {
    /// Ctrl-C in a subcommand (here `run` reading a script from the terminal) ends it: 130.
    @Test func ctrlCEndsASubcommandWith130() throws {
        let run = try TerminalProcess(["run", "-"])
        run.send("inc\r")
        // The line is echoed by the terminal once the run is reading it.
        #expect(run.waitForDisplay("inc"))
        run.send("\u{03}")
        #expect(run.waitForExit() == 130)
    }
}
