import Testing
import SaylineCore
@testable import SaylineSystem
@testable import SaylineCommandLine
@testable import SaylineProgram

/// `sayline audit`'s plan, in process: made from a command line and a project given in words
/// (its folders, its `.sayline-audit` text, whether a person is at the terminal), so nothing is
/// read from the disk and nothing is written.
@Suite struct AuditPlanTests {
    /// A project in words: the folders a command line may name and the scene files each holds
    /// (anything else named is a file), each folder's `.sayline-audit` by its absolute path,
    /// whether that file could have been written by others, and the terminal.
    struct Project {
        var folders: [String: [String]] = ["scenes": ["a.json", "b.json"]]
        var settings: [String: String] = [:]
        var doubt: String?
        var terminal = false

        /// Everything the plan may read, answered from the words above; the project is at /project.
        var surroundings: AuditSurroundings {
            let (folders, settings, doubt, terminal) = (folders, settings, doubt, terminal)
            return AuditSurroundings(
                sceneFiles: { named in
                    named.flatMap { name in folders[name].map { $0.map { "\(name)/\($0)" } } ?? [name] }
                        .map { SceneFileName(shown: $0, system: Array($0.utf8CString)) }
                },
                sceneFolders: { files in files.isEmpty ? [Array("/project".utf8)] : files.map { Array(Self.folder(of: $0.shown).utf8) } },
                settingsFile: { folder, _ in
                    let name = String(decoding: folder, as: UTF8.self)
                    return settings[name] == nil ? nil : Array("\(name)/.sayline-audit".utf8)
                },
                realFolder: { $0 },
                settingsDoubt: { _ in doubt },
                settingsBytes: { path in
                    settings.first { "\($0.key)/.sayline-audit" == path }.map { .success(Array($0.value.utf8)) } ?? .failure(.missing("No such file or directory"))
                },
                inputIsTerminal: { terminal },
                cores: { 6 },
                catalogLanguages: { ["en", "de", "es", "fr", "pl"] })
        }

        /// The folder a scene file named from /project is in.
        static func folder(of file: String) -> String {
            (["/project"] + file.split(separator: "/").dropLast().map(String.init)).joined(separator: "/")
        }
    }

    /// The plan for `sayline audit WORDS…` in `project`, or why there is none.
    func plan(_ words: String..., in project: Project = Project()) throws -> Result<AuditPlan, AuditRefusal> {
        try plan(words, in: project)
    }

    func plan(_ words: [String], in project: Project = Project()) throws -> Result<AuditPlan, AuditRefusal> {
        let parsed = try CommandLineParser.parse(words, options: AuditCommand.commandLine.options)
        return AuditPlan.make(parsed, environment: ["HOME": "/home/me"], surroundings: project.surroundings)
    }

    func usage(_ message: String) -> Result<AuditPlan, AuditRefusal> { .failure(.usage(UsageError(message))) }

    @Test func aShardIsPartKOfNAndAnythingElseIsRefused() throws {
        let plan = try plan("--shard", "2/3", "scenes", "c.json").get()
        #expect(plan.shard?.index == 2 && plan.shard?.count == 3)
        // Three files in three parts: a file each, the second one here; the controls are not split.
        #expect(plan.shard?.files(of: plan.sceneFiles.count) == 1..<2)
        #expect(!plan.splitsControls)
        for word in ["0/2", "3/2", "x", "1/1001", "1/2/3", "/2", "-1/2"] {
            #expect(try self.plan("--shard", word, "a.json") == usage("--shard takes K/N, a part K from 1 to N of N from 1 to 1000, not \(word)"))
        }
    }

    @Test func fewerFilesThanPartsSplitTheControls() throws {
        #expect(try plan("--shard", "2/3", "a.json").get().splitsControls)
        #expect(try plan("--shard", "1/2", "--demo").get().splitsControls)
        #expect(try !plan("--shard", "1/2", "scenes").get().splitsControls)
        // Six controls in scenes of 4 and 2, in three parts: two each, in order.
        let shard = try AuditShard("2/3")
        #expect(shard.controlRanges([4, 2]) == [2..<4, 0..<0])
        #expect(try AuditShard("3/3").controlRanges([4, 2]) == [4..<4, 0..<2])
    }

    @Test func theFormatAndTheOutputMakeHowTheReportIsWritten() throws {
        let text = try plan("a.json").get()
        #expect(text.format == .text && text.destination == .standardOutput)
        #expect(AuditReportOutput.delivery(text) == .standardOutput)
        // JSON and JUnit run to tens of megabytes: written to standard output on a thread.
        #expect(AuditReportOutput.delivery(try plan("--format", "json", "a.json").get()) == .standardOutputOnAThread)
        #expect(AuditReportOutput.delivery(try plan("-f", "junit", "a.json").get()) == .standardOutputOnAThread)
        #expect(AuditReportOutput.delivery(try plan("--format", "sarif", "a.json").get()) == .standardOutput)
        let file = try plan("--format", "junit", "-o", "r.xml", "a.json").get()
        #expect(file.format == .junit && AuditReportOutput.delivery(file) == .file("r.xml"))
        // `-o -` goes through FileDoor too, which writes it to standard output whole.
        #expect(AuditReportOutput.delivery(try plan("--output", "-", "a.json").get()) == .file("-"))
        #expect(try plan("--format", "xml", "a.json") == usage("--format takes text, json, junit, sarif, html, not xml"))
    }

    @Test func noSceneNamedIsTheDemoOnlyAtATerminalOrWithDemo() throws {
        #expect(try plan() == usage("audit needs scene files or folders (did a pattern match nothing?); --demo audits the demo scene"))
        #expect(try plan(in: Project(terminal: true)).get().scenes == .demo)
        #expect(try plan("--demo").get().scenes == .demo)
        #expect(try plan("--demo", "a.json", in: Project(terminal: true)) == usage("--demo audits the demo scene alone: name no scene with it"))
        #expect(try plan("--demo", "--scene", "a.json") == usage("--demo audits the demo scene alone: name no scene with it"))
        // Named scenes at a terminal are those scenes; --scene comes first, a folder's files sorted.
        let named = try plan("scenes", "--scene", "c.json", in: Project(terminal: true)).get()
        #expect(named.scenes == .files(named: ["c.json", "scenes"], found: named.sceneFiles))
        #expect(named.sceneFiles.map(\.shown) == ["c.json", "scenes/a.json", "scenes/b.json"])
    }

    @Test func theThresholdTheLimitsAndTheThreads() throws {
        let defaults = try plan("a.json").get()
        #expect(defaults.threshold == .serious)
        #expect(defaults.options == AuditOptions())
        #expect(defaults.threads == 6)
        let given = try plan("--fail-on", "minor", "--max-change-words", "3", "--max-focus-words", "20", "-j", "2", "a.json").get()
        #expect(given.threshold == .minor && given.threads == 2)
        #expect(given.options.maximumChangeWords == 3 && given.options.maximumFocusWords == 20)
        #expect(try plan("--fail-on", "loud", "a.json") == usage("--fail-on takes minor, moderate, serious, critical, not loud"))
        #expect(try plan("--max-focus-words", "0", "a.json") == usage("--max-focus-words takes a whole number from 1 to 1000, not 0"))
        #expect(try plan("--jobs", "65", "a.json") == usage("--jobs takes a whole number from 1 to 64, not 65"))
    }

    @Test func aBaselineIsComparedWithOrUpdatedFromTheWholeAudit() throws {
        let compared = try plan("--baseline", "known", "a.json").get()
        #expect(compared.baseline == .compare("known"))
        let updated = try plan("--update-baseline", "--baseline", "known", "a.json").get()
        #expect(updated.baseline == .update("known"))
        // The report is never written over the baseline; the baseline itself only over no scene.
        #expect(updated.inputs == ["a.json"] && updated.reportInputs == ["a.json", "known"])
        #expect(try plan("--update-baseline", "a.json") == usage("--update-baseline needs --baseline FILE: the file to write"))
        #expect(try plan("--update-baseline", "--baseline", "known", "--shard", "1/2", "a.json")
                == usage("--update-baseline sees the whole audit: a --shard sees part of it"))
        #expect(try plan("--baseline", "known", "--shard", "1/2", "a.json").get().baseline == .compare("known"))
    }

    @Test func theLanguagesAreAskedForOrClaimed() throws {
        #expect(try plan("a.json").get().languages == .claimed)
        #expect(try plan("--language", "de,pl", "a.json").get().languages == .asked(["de", "pl"]))
        #expect(try plan("--language", "all", "a.json").get().languages == .asked(["de", "es", "fr", "pl"]))
        // Read as the program's --language reads them: a locale is its language, English is the scenes' own.
        #expect(try plan("--language", "de_DE.UTF-8,en", "a.json").get().languages == .asked(["de"]))
        #expect(try plan("--language", "pl", "a.json").get().languages.everyScene)
        #expect(try !plan("a.json").get().languages.everyScene)
        let known = "--language takes all or languages Sayline has messages in (en, de, es, fr, pl), not "
        #expect(try plan("--language", "xx", "a.json") == usage(known + "xx"))
        #expect(try plan("--language", "de,", "a.json") == usage(known + "''"))
        #expect(try plan("--language", "", "a.json") == usage(known + "''"))
    }

    @Test func theSettingsFileGivesRulesAndTheCommandLineWins() throws {
        let project = Project(settings: ["/project/scenes": "# ours\nname-present = minor\nrange-valid = off\n"])
        let plan = try plan("scenes", "--rule", "name-present=off", in: project).get()
        #expect(plan.settingsFile == "/project/scenes/.sayline-audit")
        #expect(plan.options.ruleSettings == ["name-present": .off, "range-valid": .off])
        #expect(plan.options.ruleSettingSources == ["name-present": "--rule", "range-valid": "/project/scenes/.sayline-audit:3"])
        // What the audit read is never written over: the settings file is an input.
        #expect(plan.inputs == ["scenes/a.json", "scenes/b.json", "/project/scenes/.sayline-audit"])
        #expect(try self.plan("scenes", "--rule", "name-presnt=off", in: project) == usage("--rule: no rule name-presnt; did you mean name-present?"))
        #expect(try self.plan("a.json", "--rule", "name-present") == usage("--rule takes ID=SETTING, not name-present"))
    }

    @Test func settingsOthersCouldWriteOrThatDoNotReadOrDifferAreRefused() throws {
        var project = Project(settings: ["/project/scenes": "name-present = off\n"], doubt: "it is writable by others")
        #expect(try plan("scenes", in: project) == .failure(.unusableSettings(
            "/project/scenes/.sayline-audit: not used, because it is writable by others: rule settings are taken only from a file nobody else can change (chmod go-w it, or chown it to you)")))
        project.doubt = nil
        project.settings["/project/scenes"] = "name-present = off\nwobble\n"
        #expect(try plan("scenes", in: project) == .failure(.unusableSettings("/project/scenes/.sayline-audit:2: not a RULE = SETTING line")))
        // A scene outside the folder takes no settings: one report cannot hold two sets.
        #expect(try plan("scenes", "c.json", in: project) == usage(
            "scenes/a.json and c.json take their rule settings from different .sayline-audit files (/project/scenes/.sayline-audit and none): one report holds one set of settings, so audit them in separate runs"))
        // The demo takes the current folder's.
        #expect(try plan("--demo", in: Project(settings: ["/project": "name-present = minor\n"])).get().options.ruleSettings == ["name-present": .impact(.minor)])
    }

    @Test func mistakesAreFoundInTheOrderTheyAlwaysWere() throws {
        let refused = Project(settings: ["/project/scenes": "name-present = off\n"], doubt: "it is writable by others")
        // The options' own words first, then the settings file, then --rule, the scenes, the languages.
        #expect(try plan("--format", "xml", "--shard", "0/1", "scenes", in: refused) == usage("--format takes text, json, junit, sarif, html, not xml"))
        guard case .failure(.unusableSettings) = try plan("scenes", "--rule", "x", in: refused) else { Issue.record("the settings file's refusal first"); return }
        #expect(try plan("--rule", "x", "--language", "xx") == usage("--rule takes ID=SETTING, not x"))
        #expect(try plan("--language", "xx") == usage("audit needs scene files or folders (did a pattern match nothing?); --demo audits the demo scene"))
    }

    @Test func theExitStatusIsTheFindingsAgainstThePlansThreshold() throws {
        // A control with no name: a critical violation, unless the plan's settings say otherwise.
        let scene = try SceneFile.decode(Array(#"{"controls": [{"kind": "ruler", "id": "brightness", "label": "", "min": 0, "max": 10}]}"#.utf8)).get()
        func status(_ words: String...) throws -> SaylineSystem.ExitStatus {
            let made = try plan(words + ["a.json"]).get()
            return made.status(of: Auditor(options: made.options).audit(scene, file: "a.json"))
        }
        #expect(try status() == .failed)
        #expect(try status("--fail-on", "critical") == .failed)
        #expect(try status("--rule", "name-present=moderate") == .ok)
        #expect(try status("--rule", "name-present=moderate", "--fail-on", "moderate") == .failed)
        #expect(try status("--rule", "name-present=off", "--fail-on", "minor") == .ok)
        let clean = try SceneFile.decode(Array(#"{"controls": [{"kind": "ruler", "id": "w", "label": "Weight", "min": 0, "max": 10}]}"#.utf8)).get()
        let strict = try plan("--fail-on", "minor", "a.json").get()
        #expect(strict.status(of: Auditor(options: strict.options).audit(clean, file: "a.json")) == .ok)
    }
}
