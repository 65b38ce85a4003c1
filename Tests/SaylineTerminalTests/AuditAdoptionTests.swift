import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// What a team needs to turn `sayline audit` on in a project that has findings already:
/// baselines, rule settings kept beside the scenes, a page people read (checked by axe-core in
/// a real browser), and shards for CI matrices.
extension EndToEndTests { @Suite struct AuditAdoptionTests {
    static let unnamed = #"{ "kind": "ruler", "id": "brightness", "label": "", "min": 5, "max": 100, "step": 5 }"#
    static let roleWords = #"{ "kind": "ruler", "id": "speed", "label": "Speed slider", "min": 0, "max": 10 }"#
    static let fine = #"{ "kind": "rating", "id": "stars", "label": "Stars" }"#

    static func scene(_ controls: [String]) -> String { "{\"controls\": [\n  " + controls.joined(separator: ",\n  ") + "\n]}\n" }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Done means: the baseline written from today's findings lets the audit pass; a control
    /// moved down its file is the same finding; a new finding fails, a fixed one is reported as
    /// fixed; every format says which is which.
    @Test func aBaselineRoundTrip() throws {
        let folder = try ScratchFolder()
        _ = try folder.file("scenes/panel.json", Self.scene([Self.unnamed, Self.roleWords]))
        _ = try folder.file("scenes/player.json", Self.scene([Self.fine]))
        let written = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --fail-on moderate --baseline audit.baseline --update-baseline")
        #expect(written.status == 0, "\(written.stdout) \(written.stderr)")
        // Sorted by file, control and rule, one a line, nothing that moves with a line.
        #expect(folder.read("audit.baseline") == """
            {"file":"scenes/panel.json","control":"brightness","rule":"name-present"}
            {"file":"scenes/panel.json","control":"speed","rule":"name-no-role-words"}

            """)
        #expect(written.stdout.contains("Passed: no new violation at or above moderate impact; 2 known, in the baseline."))

        // The controls move down the file: still known, still passing.
        _ = try folder.file("scenes/panel.json", "\n\n" + Self.scene([Self.fine.replacingOccurrences(of: "stars", with: "first"), Self.unnamed, Self.roleWords]))
        let moved = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --fail-on moderate --baseline audit.baseline")
        #expect(moved.status == 0, "\(moved.stdout)")
        #expect(moved.stdout.contains("0 new violations") && moved.stdout.contains("2 known, 0 fixed"), "\(moved.stdout)")

        // One fixed (the label loses its role word), one new (a second control with no name).
        _ = try folder.file("scenes/panel.json", Self.scene([Self.unnamed, Self.roleWords.replacingOccurrences(of: "Speed slider", with: "Speed"),
                                                             Self.unnamed.replacingOccurrences(of: "brightness", with: "contrast")]))
        let text = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --fail-on moderate --baseline audit.baseline")
        #expect(text.status == 1, "\(text.stdout)")
        #expect(text.stdout.contains("1 new violation, 0 incomplete"), "\(text.stdout)")
        #expect(text.stdout.contains("1 known, 1 fixed"))
        #expect(text.stdout.contains("- critical: name-present on contrast (no name), scenes/panel.json:4:3."))
        #expect(text.stdout.contains("Known, in the baseline (reported, not failing):\n- critical: name-present on brightness"))
        #expect(text.stdout.contains("Fixed since the baseline (--update-baseline removes them):\n- name-no-role-words on speed, scenes/panel.json."))
        #expect(text.stdout.contains("Failed: 1 new violation at or above moderate impact; 1 known, in the baseline."))

        // SARIF: baselineState on each (the log is checked against the schema below).
        let sarif = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --fail-on moderate --baseline audit.baseline --format sarif --output audit.sarif")
        #expect(sarif.status == 1)
        let log = try Self.json(try #require(folder.read("audit.sarif")))
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        func state(_ rule: String, _ control: String) -> String? {
            results.first { $0["ruleId"] as? String == rule && ((($0["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: Any]])?.first?["name"] as? String) == control }?["baselineState"] as? String
        }
        #expect(state("name-present", "contrast") == "new")
        #expect(state("name-present", "brightness") == "unchanged")
        #expect(state("name-no-role-words", "speed") == "absent")

        // JSON: known and fixed beside axe's arrays; JUnit: known and fixed are skipped, the new one fails.
        let axe = try Self.json(try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --fail-on moderate --baseline audit.baseline --format json").stdout)
        #expect((axe["violations"] as? [[String: Any]])?.flatMap { ($0["nodes"] as? [[String: Any]]) ?? [] }.map { $0["baselineState"] as? String } == ["new"])
        #expect((axe["known"] as? [[String: Any]])?.first?["id"] as? String == "name-present")
        #expect((axe["fixed"] as? [[String: Any]])?.first?["control"] as? String == "speed")
        let junit = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --fail-on moderate --baseline audit.baseline --format junit --output audit.xml")
        #expect(junit.status == 1)
        let xml = try #require(folder.read("audit.xml"))
        #expect(xml.contains("failures=\"1\""))
        #expect(xml.contains("<skipped message=\"known: in the baseline\">"))
        #expect(xml.contains("<skipped message=\"fixed: no longer found; remove it from the baseline\"/>"))
        let lint = try runPiped(["xmllint", "--noout", "--schema", EndToEndTests.ReportTests.fixtures.appendingPathComponent("junit-10.xsd").path, folder.path + "/audit.xml"],
                                input: "", executable: "/usr/bin/env")
        #expect(lint.status == 0, "\(lint.stderr)")

        // A baseline that is not one is refused with its line; nothing is audited against it.
        _ = try folder.file("broken.baseline", "{\"file\":\"a\",\"control\":\"b\",\"rule\":\"name-present\"}\nname-present brightness\n")
        let broken = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --baseline broken.baseline")
        #expect(broken.status == 2)
        #expect(broken.stderr == "broken.baseline:2: not an entry: each line is {\"file\": …, \"control\": …, \"rule\": …}\n", "\(broken.stderr)")
        let alone = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --update-baseline")
        #expect(alone.status == 64 && alone.stderr.hasPrefix("sayline audit: --update-baseline needs --baseline FILE"))
    }

    /// Done means: a `.sayline-audit` beside the scenes (found from a folder below, up to the
    /// repository's root) switches a rule off and re-grades another, the command line wins over
    /// it, each report names each setting's source, and a bad line is refused with FILE:LINE.
    @Test func ruleSettingsFromTheProjectAndTheCommandLine() throws {
        let folder = try ScratchFolder()
        _ = try folder.file("repo/.git/HEAD", "ref: refs/heads/main\n")
        _ = try folder.file("repo/.sayline-audit", "# audit settings for this repository\nname-no-role-words = off\nname-present = minor   # labels come in the next release\n")
        _ = try folder.file("repo/ui/scenes/panel.json", Self.scene([Self.unnamed, Self.roleWords]))
        // Above the repository's root: never read.
        _ = try folder.file(".sayline-audit", "name-present = off\n")
        let result = try runShell("cd '\(folder.path)/repo/ui' && SAYLINE audit scenes/")
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("Rule settings: name-no-role-words off (\(folder.path)/repo/.sayline-audit:2); name-present minor (\(folder.path)/repo/.sayline-audit:3)."), "\(result.stdout)")
        #expect(result.stdout.contains("- minor (below serious, reported only): name-present on brightness"))
        #expect(!result.stdout.contains("name-no-role-words on speed"))
        #expect(result.stdout.contains("12 rules."), "a rule switched off is not run")

        let overridden = try runShell("cd '\(folder.path)/repo/ui' && SAYLINE audit scenes/ --rule name-present=critical --format json")
        #expect(overridden.status == 1)
        let rules = try #require(((try Self.json(overridden.stdout))["toolOptions"] as? [String: Any])?["rules"] as? [String: [String: String]])
        #expect(rules["name-present"] == ["setting": "critical", "source": "--rule"])
        #expect(rules["name-no-role-words"]?["source"] == "\(folder.path)/repo/.sayline-audit:2")

        let typo = try runShell("cd '\(folder.path)/repo/ui' && SAYLINE audit scenes/ --rule name-presnt=off")
        #expect(typo.status == 64 && typo.stderr.hasPrefix("sayline audit: --rule: no rule name-presnt; did you mean name-present?"), "\(typo.stderr)")
        _ = try folder.file("repo/.sayline-audit", "name-present = loud\n")
        let bad = try runShell("cd '\(folder.path)/repo/ui' && SAYLINE audit scenes/")
        #expect(bad.status == 2)
        #expect(bad.stderr == "sayline audit: \(folder.path)/repo/.sayline-audit:1: name-present takes off, minor, moderate, serious, critical, not loud\n", "\(bad.stderr)")
    }

    /// The findings of a JSON report as "rule|kind|file|control". (A report of one scene
    /// names its file in `url` rather than in each target.)
    static func findings(_ report: String) throws -> [String] {
        let axe = try json(report)
        let only = axe["url"] as? String ?? ""
        return try ["violations", "passes", "incomplete"].flatMap { kind in
            try #require(axe[kind] as? [[String: Any]]).flatMap { result in
                ((result["nodes"] as? [[String: Any]]) ?? []).map { node in
                    let target = (node["target"] as? [String]) ?? []
                    return "\(result["id"] ?? "")|\(kind)|\(target.count > 1 ? target[0] : only)|\(target.last ?? "")"
                }
            }
        }
    }

    /// Done means: N shards together audit every control exactly once, both when they split
    /// the scene files and when they split one scene's controls.
    @Test(arguments: [3, 4])
    func shardsTogetherAreTheWholeAudit(parts: Int) throws {
        let folder = try ScratchFolder()
        for index in 0..<5 {
            _ = try folder.file("scenes/s\(index).json", Self.scene([Self.unnamed, Self.roleWords, Self.fine].map { $0.replacingOccurrences(of: "\"id\": \"", with: "\"id\": \"c\(index)") }))
        }
        var controls = (0..<10).map { #"{ "kind": "ruler", "id": "r\#($0)", "label": "Ruler \#($0)", "min": 0, "max": \#($0 + 5) }"# }
        controls[3] = Self.unnamed
        _ = try folder.file("big.json", Self.scene(controls))
        for target in ["scenes/", "big.json"] {
            let whole = try Self.findings(try runShell("cd '\(folder.path)' && SAYLINE audit \(target) --format json").stdout)
            var union: [String] = []
            for part in 1...parts {
                let shard = try runShell("cd '\(folder.path)' && SAYLINE audit \(target) --format json --shard \(part)/\(parts)")
                #expect(shard.status == 0 || shard.status == 1, "\(shard.stderr)")
                union += try Self.findings(shard.stdout)
            }
            #expect(union.count == whole.count, "\(target): \(union.count) findings in the shards, \(whole.count) in one run")
            #expect(union.sorted() == whole.sorted(), "\(target): only in the shards \(Set(union).subtracting(whole).sorted().prefix(3)), only in one run \(Set(whole).subtracting(union).sorted().prefix(3))")
        }
        let bad = try runPiped(["audit", "--shard", "4/3"], input: "")
        #expect(bad.status == 64 && bad.stderr.hasPrefix("sayline audit: --shard takes K/N"), "\(bad.stderr)")
    }

    /// With a baseline, the SARIF log is still valid against the schema: baselineState new,
    /// unchanged and absent.
    @Test(.enabled(if: Consumers.python("jsonschema"), "jsonschema is not installed"))
    func aBaselinedSARIFLogIsValidAgainstTheSchema() throws {
        let folder = try ScratchFolder()
        _ = try folder.file("scenes/panel.json", Self.scene([Self.unnamed, Self.roleWords]))
        #expect(try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --fail-on moderate --baseline audit.baseline --update-baseline").status == 0)
        _ = try folder.file("scenes/panel.json", Self.scene([Self.unnamed, Self.roleWords.replacingOccurrences(of: "Speed slider", with: "Speed"),
                                                             Self.unnamed.replacingOccurrences(of: "brightness", with: "contrast")]))
        let sarif = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --fail-on moderate --baseline audit.baseline --format sarif --output audit.sarif")
        #expect(sarif.status == 1)
        #expect(folder.read("audit.sarif")?.contains("\"baselineState\": \"absent\"") == true)
        let schema = EndToEndTests.ReportTests.fixtures.appendingPathComponent("sarif-schema-2.1.0.json").path
        let validate = "import json, sys, jsonschema\njsonschema.Draft4Validator(json.load(open(sys.argv[1].split('|')[0]))).validate(json.load(open(sys.argv[1].split('|')[1])))\nprint('valid')"
        let valid = try EndToEndTests.ReportTests.python(validate, schema + "|" + folder.path + "/audit.sarif")
        #expect(valid.stdout == "valid\n", "\(valid.stderr)")
    }

    /// The HTML report of a scene with findings, in a scratch folder's audit.html, in English or
    /// in the language named.
    static func htmlReport(language: String = "en") throws -> ScratchFolder {
        let folder = try ScratchFolder()
        _ = try folder.file("scenes/panel.json", Self.scene([Self.unnamed, Self.roleWords, Self.fine]))
        let audit = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --format html --output audit.html --report-language \(language)")
        #expect(audit.status == 1)
        return folder
    }

    /// Done means: the HTML report is one page that shows the verdict first and each
    /// finding's rule, control, words, fix and criterion, with no script.
    @Test func theHTMLReportSaysTheVerdictFirstAndEachFinding() throws {
        let folder = try Self.htmlReport()
        let html = try #require(folder.read("audit.html"))
        let verdict = try #require(html.range(of: "Failed: 1 violation at or above serious impact"))
        #expect(verdict.lowerBound < (html.range(of: "<main>")?.lowerBound ?? html.startIndex), "the verdict comes first")
        for words in ["name-present</strong> on <code>brightness</code>", "Found: The control brightness has no name", "How to fix: Give every control a label",
                      "Criteria: WCAG 2.2 SC 4.1.2 Name, Role, Value (A)", "<h2 id=\"passes\">Passes"] {
            #expect(html.contains(words), "\(words)")
        }
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("<link"), "self-contained, no script")
    }

    /// Done means: axe-core, run on the same page in headless Chromium, finds nothing wrong
    /// with it, in English and in German (its `lang` is the report's). A screenshot is kept at
    /// .build/test-artifacts.
    @Test(.enabled(if: Consumers.installed("/usr/bin/chromium", "/usr/bin/chromedriver") && Consumers.python("selenium, axe_playwright_python"),
                   "chromium, chromium-driver, selenium or axe-playwright-python is not installed"), arguments: ["en", "de"])
    func theHTMLReportPassesAxeCoreInABrowser(language: String) throws {
        let folder = try Self.htmlReport(language: language)
        let page = folder.path + "/audit.html"
        let artifacts = PackagePaths.file(".build/test-artifacts").path
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        let shot = artifacts + (language == "en" ? "/audit-report.png" : "/audit-report-\(language).png")
        try? FileManager.default.removeItem(atPath: shot)
        let program = """
        import json, sys, pathlib
        import axe_playwright_python
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        page, shot = sys.argv[1].split("|")
        axe = (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1800"]:
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            driver.get(pathlib.Path(page).as_uri())
            driver.execute_script(axe)
            driver.set_script_timeout(60)
            result = driver.execute_async_script("const done = arguments[arguments.length - 1]; axe.run(document).then(done, e => done({error: String(e)}));")
            driver.save_screenshot(shot)
            print(json.dumps({"error": result.get("error"), "engine": result.get("testEngine", {}).get("version"),
                              "violations": [[v["id"], v["impact"], [n["target"] for n in v["nodes"]]] for v in result.get("violations", [])],
                              "passes": len(result.get("passes", []))}))
        finally:
            driver.quit()
        """
        let result = try EndToEndTests.ReportTests.python(program, page + "|" + shot)
        #expect(result.status == 0, "\(result.stderr.suffix(1500))")
        let answer = try Self.json(result.stdout)
        #expect(answer["error"] is NSNull, "\(result.stdout)")
        #expect((answer["violations"] as? [Any])?.isEmpty == true, "axe-core found: \(answer["violations"] ?? "")")
        #expect(((answer["passes"] as? Int) ?? 0) > 10, "\(result.stdout)")
        let png = FileManager.default.contents(atPath: shot) ?? Data()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a screenshot at \(shot)")
    }
} }
