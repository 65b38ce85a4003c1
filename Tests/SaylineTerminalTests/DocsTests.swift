import Foundation
import PseudoTerminal
import SaylineCore
import SaylineTerminal
import Testing

/// The command reference and the man page's command section come from the command table;
/// these tests keep the files in step with it. They only compare: `swift run sayline-docs`
/// rewrites the files, so a test can never pass by writing what it checks.
extension EndToEndTests { @Suite struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theCommandReferenceMatchesTheTable() throws {
        let url = Self.root.appendingPathComponent("Docs/commands.md")
        #expect(try String(contentsOf: url, encoding: .utf8) == CommandTable.markdownReference(), "run `swift run sayline-docs`")
    }

    @Test func theManPageListsEveryCommand() throws {
        let url = Self.root.appendingPathComponent("Docs/sayline.1")
        let page = try String(contentsOf: url, encoding: .utf8)
        let begin = ".\\\" BEGIN GENERATED COMMANDS\n", end = ".\\\" END GENERATED COMMANDS\n"
        guard let start = page.range(of: begin), let stop = page.range(of: end) else {
            Issue.record("the man page lost its generated-section markers"); return
        }
        #expect(String(page[start.upperBound..<stop.lowerBound]) == CommandTable.manReference(), "run `swift run sayline-docs`")
    }

    @Test func theManPagesOptionsMatchTheSettingTable() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/sayline.1"), encoding: .utf8)
        let begin = ".\\\" BEGIN GENERATED OPTIONS\n", end = ".\\\" END GENERATED OPTIONS\n"
        guard let start = page.range(of: begin), let stop = page.range(of: end) else {
            Issue.record("the man page lost its generated-options markers"); return
        }
        #expect(String(page[start.upperBound..<stop.lowerBound]) == GeneratedDocs.manOptions, "run `swift run sayline-docs`")
    }

    @Test func theGuideNamesEveryPreference() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("Docs/guide.md"), encoding: .utf8)
        for key in GeneratedDocs.preferenceKeys { #expect(guide.contains("`\(key)`"), "Docs/guide.md lacks the preference \(key)") }
    }

    @Test func helpAndTheManPageNameEveryOption() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/sayline.1"), encoding: .utf8)
        let help = try runPiped(["--help"], input: "").stdout
        for option in ["--scene", "--help", "--version"] + GeneratedDocs.settingFlags {
            #expect(help.contains(option))
            #expect(page.contains(option.replacingOccurrences(of: "-", with: "\\-")))
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

    @Test func subcommandHelpNamesEveryOptionTheManPageDocuments() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/sayline.1"), encoding: .utf8)
        let options = [
            "run": ["--scene", "--reduce-motion", "--verbosity", "--keep-going", "--transcript", "--check-transcript"],
            "audit": ["--scene", "--format", "--output", "--fail-on", "--max-change-words", "--max-focus-words"],
            "describe": ["--scene", "--format"],
            "scene": ["--print", "--check"],
        ]
        for (command, flags) in options {
            let help = try runPiped([command, "--help"], input: "").stdout
            for flag in flags {
                #expect(help.contains(flag), "sayline \(command) --help lacks \(flag)")
                #expect(page.contains(flag.replacingOccurrences(of: "-", with: "\\-")), "the man page lacks \(flag)")
            }
        }
    }
}

extension EndToEndTests.DocsTests {
    /// One table of exit statuses: every --help, the man page and the guide name each one.
    @Test func everyExitStatusIsDocumentedEverywhere() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/sayline.1"), encoding: .utf8)
        let guide = try String(contentsOf: Self.root.appendingPathComponent("Docs/guide.md"), encoding: .utf8)
        let helps = try [[], ["run"], ["audit"], ["describe"], ["scene"]].map { try runPiped($0 + ["--help"], input: "").stdout }
        for status in ["0", "1", "2", "64", "74", "129", "130", "131", "143"] {
            let word = "\\b\(status)\\b"
            #expect(page.components(separatedBy: ".SH EXIT STATUS").last?.range(of: word, options: .regularExpression) != nil, "the man page lacks \(status)")
            #expect(guide.components(separatedBy: "## Exit status").last?.range(of: word, options: .regularExpression) != nil, "the guide lacks \(status)")
            for help in helps { #expect(help.components(separatedBy: "Exit status:").last?.range(of: word, options: .regularExpression) != nil, "a --help lacks \(status)") }
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
