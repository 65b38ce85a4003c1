import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// Each report format read by what it is for: JUnit by Jenkins' junit-10.xsd (through
/// xmllint) and junit2html, axe-core JSON by Python's axe report builders, SARIF by the SARIF
/// 2.1.0 schema and sarif-tools. The same audit must say the same findings, verdict and WCAG
/// criteria in each.
extension EndToEndTests { @Suite struct ReportTests {
    static let fixtures = PackagePaths.file("Tests/SaylineTerminalTests/Fixtures")

    /// Two scenes: one with a serious and a moderate finding and a suppressed one, one with a
    /// label holding characters XML has no form for.
    static func scenes() throws -> (folder: ScratchFolder, flawed: String, odd: String) {
        let folder = try ScratchFolder()
        let flawed = try folder.file("scenes/flawed.json", """
        {"controls": [
          {"kind": "ruler", "id": "volume", "label": "Volume slider", "min": 0, "max": 10},
          {"kind": "rating", "id": "stars", "label": "Stars", "step": 0.5},
          {"kind": "ruler", "id": "speed", "label": "Speed slider", "min": 0, "max": 10}
        ],
        "suppress": [{"rule": "name-no-role-words", "control": "volume", "reason": "the product is called Volume Slider"}]}
        """)
        let odd = try folder.file("scenes/odd name.json", #"{"controls": [{"kind": "ruler", "id": "w", "label": "Weight\uFFFE\uFFFF", "min": 10, "max": 0}]}"#)
        return (folder, flawed, odd)
    }

    /// The two scenes audited in `format` into a file of the scratch folder named `name`; the
    /// folder goes when the result does.
    static func report(_ format: String, _ name: String, status: Int32 = 1) throws -> (folder: ScratchFolder, flawed: String, odd: String, report: String) {
        let (folder, flawed, odd) = try scenes()
        let report = folder.path + "/" + name
        #expect(try runPiped(["audit", flawed, odd, "--format", format, "--output", report], input: "").status == status)
        return (folder, flawed, odd, report)
    }

    /// Runs a Python program with the report's path as its argument. A check that runs one is
    /// enabled only where its modules are (`Consumers.python`).
    static func python(_ program: String, _ path: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try runPiped(["python3", "-c", program, path], input: "", executable: "/usr/bin/env")
        return (result.status, result.stdout, result.stderr)
    }

    @Test func junitIsValidAgainstJenkinsSchema() throws {
        let (folder, flawed, odd) = try Self.scenes()
        let report = folder.path + "/audit.xml"
        let audit = try runPiped(["audit", flawed, odd, "--format", "junit", "--output", report], input: "")
        #expect(audit.status == 1)
        let xml = try #require(folder.read("audit.xml"))
        let schema = Self.fixtures.appendingPathComponent("junit-10.xsd").path
        let lint = try runPiped(["xmllint", "--noout", "--schema", schema, report], input: "", executable: "/usr/bin/env")
        #expect(lint.status == 0, "\(lint.stderr)")
        // The details are in the element's text, where GitLab shows them, as well as in message.
        #expect(xml.contains("\">maximum 0 is below the minimum; the minimum is used instead\nControl: w (\"Weight\u{FFFD}\u{FFFD}\") at "))
        #expect(xml.contains("WCAG: WCAG 2.2 SC 4.1.2 Name, Role, Value (A)"))
        // Every testcase has a time, of at least a millisecond: a report builder divides by them.
        let cases = xml.components(separatedBy: "<testcase ").count - 1
        #expect(cases > 20)
        #expect(xml.components(separatedBy: " time=\"").count - 1 == cases + 3)   // two suites and the whole
        #expect(!xml.contains("time=\"0.000\""))
        // The verdict agrees with the exit status: two serious findings fail, the moderate one is reported.
        #expect(xml.contains("<testsuites name=\"sayline audit\" tests=\"\(cases)\" failures=\"2\" errors=\"0\""))
        #expect(xml.contains("<system-out>A moderate violation, below --fail-on serious: reported, not failed."))
        let relaxed = try runPiped(["audit", flawed, odd, "--format", "junit", "--fail-on", "critical"], input: "")
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("failures=\"0\" errors=\"0\""))
        #expect(relaxed.stdout.contains("<property name=\"verdict\" value=\"passed\"/>"))
    }

    @Test(.enabled(if: Consumers.onPath("junit2html"), "junit2html is not installed"))
    func junitIsReadByJunit2html() throws {
        let (folder, _, _, report) = try Self.report("junit", "audit.xml")
        let html = folder.path + "/audit.html", matrix = folder.path + "/matrix.html"
        for arguments in [[report, html], ["--report-matrix", matrix, report]] {
            let result = try runPiped(["junit2html"] + arguments, input: "", executable: "/usr/bin/env")
            #expect(result.status == 0, "junit2html \(arguments): \(result.stderr)")
        }
        #expect(folder.read("audit.html")?.contains("range-valid") == true)
        #expect(folder.read("matrix.html")?.contains("no-silent-steps") == true)
    }

    @Test(.enabled(if: Consumers.python("axe_selenium_python"), "axe-selenium-python is not installed"))
    func axeJSONIsReadByAxeSeleniumPython() throws {
        let audit = try Self.report("json", "axe.json")
        let report = audit.report
        let selenium = """
        import json, sys
        from axe_selenium_python import Axe
        data = json.load(open(sys.argv[1]))
        print(Axe.report(None, data["violations"]))
        """
        let result = try Self.python(selenium, report)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Found 3 accessibility violations:"))
        #expect(result.stdout.contains("range-valid - Checks that the minimum is below the maximum"))
        #expect(result.stdout.contains("URL: https://"))
        #expect(result.stdout.contains("Tags: wcag2a wcag412"))
        #expect(result.stdout.contains("Target: stars"))
    }

    @Test(.enabled(if: Consumers.python("axe_playwright_python"), "axe-playwright-python is not installed"))
    func axeJSONIsReadByAxePlaywrightPython() throws {
        let audit = try Self.report("json", "axe.json")
        let report = audit.report, flawed = audit.flawed
        let playwright = """
        import json, sys
        from axe_playwright_python.base import AxeResults
        results = AxeResults(json.load(open(sys.argv[1])))
        print(results.violations_count)
        print(results.generate_snapshot())
        print(results.generate_report())
        """
        let result = try Self.python(playwright, report)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("3\n"))
        #expect(result.stdout.contains("no-silent-steps (serious) : 1"))
        // Each node's html is the control as its file has it; its target names the file first.
        #expect(result.stdout.contains(#"Snippet: {"kind": "rating", "id": "stars", "label": "Stars", "step": 0.5}"#))
        #expect(result.stdout.contains("Target: \(flawed), stars"))
    }

    /// The fields AxeResults (axe.d.ts) has, and a node's.
    @Test func axeJSONHasTheFieldsOfAxeResults() throws {
        let audit = try Self.report("json", "axe.json")
        let report = audit.report
        let data = try #require(FileManager.default.contents(atPath: report))
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in ["testEngine", "testRunner", "testEnvironment", "timestamp", "url", "toolOptions", "violations", "passes", "incomplete", "inapplicable"] {
            #expect(object[key] != nil, "AxeResults lacks \(key)")
        }
        let violations = try #require(object["violations"] as? [[String: Any]])
        for violation in violations {
            #expect(violation["description"] as? String != violation["help"] as? String)
            for node in violation["nodes"] as? [[String: Any]] ?? [] {
                for key in ["html", "target", "impact", "any", "all", "none", "failureSummary"] { #expect(node[key] != nil, "a node lacks \(key)") }
            }
        }
        #expect((object["verdict"] as? [String: Any])?["passed"] as? Bool == false)
    }

    @Test(.enabled(if: Consumers.python("jsonschema"), "jsonschema is not installed"))
    func sarifIsValidAgainstTheSchema() throws {
        let audit = try Self.report("sarif", "audit.sarif")
        let report = audit.report
        let schema = Self.fixtures.appendingPathComponent("sarif-schema-2.1.0.json").path
        let validate = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1].split("|")[0]))
        jsonschema.Draft4Validator(schema).validate(json.load(open(sys.argv[1].split("|")[1])))
        print("valid")
        """
        let result = try Self.python(validate, schema + "|" + report)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "valid\n")
    }

    @Test func sarifHasTheRulesLocationsAndSuppressions() throws {
        let audit = try Self.report("sarif", "audit.sarif")
        let report = audit.report, odd = audit.odd
        let data = try #require(FileManager.default.contents(atPath: report))
        let log = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require(((run["tool"] as? [String: Any])?["driver"]) as? [String: Any])
        #expect((driver["rules"] as? [Any])?.count == AuditRules.all.count)
        let results = try #require(run["results"] as? [[String: Any]])
        let ranges = results.filter { $0["ruleId"] as? String == "range-valid" }
        #expect(ranges.count == 1)
        // The location is the control's own line and column in its file; the space in the name is a URI's %20.
        // The file lies outside the project the audit ran in: its location is absolute, not from %SRCROOT%.
        let physical = (((ranges.first?["locations"] as? [[String: Any]])?.first)?["physicalLocation"]) as? [String: Any]
        #expect((physical?["artifactLocation"] as? [String: Any])?["uri"] as? String == "file://" + odd.replacingOccurrences(of: " ", with: "%20"))
        #expect((physical?["artifactLocation"] as? [String: Any])?["uriBaseId"] == nil)
        #expect((physical?["region"] as? [String: Any])?["startLine"] as? Int == 1)
        #expect((physical?["region"] as? [String: Any])?["startColumn"] as? Int == 15)
        let suppressed = results.filter { $0["suppressions"] != nil }
        #expect(suppressed.count == 1)
        #expect(((suppressed.first?["suppressions"] as? [[String: Any]])?.first)?["justification"] as? String == "the product is called Volume Slider")
    }

    @Test(.enabled(if: Consumers.onPath("sarif"), "sarif-tools is not installed"))
    func sarifIsReadBySarifTools() throws {
        let audit = try Self.report("sarif", "audit.sarif")
        let report = audit.report
        let summary = try runPiped(["sarif", "summary", report], input: "", executable: "/usr/bin/env")
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.contains("error: 2"))
        #expect(summary.stdout.contains("warning: 2"))
    }

    /// One audit, four formats: the same findings and verdict, and WCAG criteria in each.
    @Test func everyFormatSaysTheSameFindingsAndVerdict() throws {
        let (folder, flawed, odd) = try Self.scenes()
        let outputs = try ["text", "json", "junit", "sarif"].map { format in
            try runPiped(["audit", flawed, odd, "--format", format], input: "")
        }
        withExtendedLifetime(folder) {}
        #expect(outputs.allSatisfy { $0.status == 1 })
        for output in outputs {
            for finding in ["range-valid", "no-silent-steps", "name-no-role-words"] { #expect(output.stdout.contains(finding)) }
            #expect(output.stdout.contains("4.1.2") || output.stdout.contains("wcag412"))
            #expect(output.stdout.contains("4.1.3") || output.stdout.contains("wcag413"))
        }
        #expect(outputs[0].stdout.contains("Failed: 2 violations at or above serious impact; 1 below it, reported only."))
        #expect(outputs[1].stdout.contains("\"failures\": 2"))
        #expect(outputs[2].stdout.contains("failures=\"2\""))
        #expect(outputs[3].stdout.contains("\"failures\": 2"))
    }

    /// Several scenes and folders make one report, the same on one thread as on every core.
    @Test func severalScenesMakeOneReportWhateverTheThreads() throws {
        let (folder, flawed, _) = try Self.scenes()
        let one = try runPiped(["audit", folder.path + "/scenes", "--jobs", "1"], input: "")
        let many = try runPiped(["audit", folder.path + "/scenes/", "-j", "4"], input: "")
        #expect(one.status == 1 && many.status == 1)
        #expect(one.stdout == many.stdout)
        #expect(one.stdout.hasPrefix("Audit of 2 scenes ("))
        #expect(one.stdout.contains("on stars (\"Stars\"), \(flawed):3:3."))
        let empty = try folder.file("empty/notes.txt", "")
        _ = empty
        let none = try runPiped(["audit", folder.path + "/empty"], input: "")
        #expect(none.status == 2)
        #expect(none.stderr.contains("no scene files (*.json) in this folder"))
        let broken = try folder.file("broken.json", "{")
        let bad = try runPiped(["audit", flawed, broken], input: "")
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
    }
} }
