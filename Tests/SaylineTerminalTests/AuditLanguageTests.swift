import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// Audit reports in the person's language, through the real binary: every format's words in
/// German and Polish, its ids, keys and structure the same as English's; English asked for by
/// `--report-language en` or the environment; baselines that hold the same findings whatever
/// language a report is in; the pseudo-language leaving no English prose outside its brackets.
extension EndToEndTests { @Suite struct AuditLanguageTests {
    /// Findings in the scene's own words and in each language it claims (German, Polish): a
    /// name with a role word, a rating whose half steps are heard alike, a control with no
    /// name, and one a language has no label for.
    static let scene = #"""
    {"controls": [
     {"kind": "ruler", "id": "volume", "label": "Volume slider", "min": 0, "max": 10,
      "languages": {"de": {"label": "Lautstärke"}, "pl": {"label": "Głośność"}}},
     {"kind": "rating", "id": "stars", "label": "Stars", "step": 0.5,
      "languages": {"de": {"label": "Sterne"}, "pl": {"label": "Gwiazdki"}}},
     {"kind": "ruler", "id": "blank", "label": "", "min": 0, "max": 10}
    ]}
    """#

    static func scratch() throws -> (folder: ScratchFolder, scene: String) {
        let folder = try ScratchFolder()
        return (folder, try folder.file("scenes/panel.json", scene))
    }

    /// Words of English prose that none of the languages' own sentences use.
    static let englishWords: Set<String> = ["the", "of", "on", "and", "is", "not", "at", "or", "above", "below", "every", "control", "controls",
                                            "violation", "violations", "passes", "impact", "heard", "words", "says", "give", "checks", "that",
                                            "with", "found", "problems", "reported", "only", "failed", "passed", "known", "fixed", "scene",
                                            "scenes", "label", "value", "step", "audit", "rules", "incomplete", "suppressed", "best", "practice",
                                            "criterion", "stepping", "both", "times", "focus", "budget", "twice", "role", "fix", "how"]

    /// The English prose left in `text`: words of `englishWords` outside what stays as it is in
    /// every language: what is quoted (a name, an announcement as it was heard), rule ids,
    /// options, file names and addresses.
    static func englishLeft(_ text: String) -> [String] {
        var kept = text.replacingOccurrences(of: #"„[^“”]*[“”]|"[^"]*"|«[^»]*»|“[^”]*”|--[a-z-]+|\S*/\S*"#, with: " ", options: .regularExpression)
        for id in AuditRules.all.map(\.id) { kept = kept.replacingOccurrences(of: id, with: " ") }
        return kept.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init).filter(englishWords.contains)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `--language de`: the text report is German from its first line to its verdict, every
    /// finding's sentence too (the ones heard in the scene's own words as well), with the rule
    /// ids, control ids and what was heard as they are; numbers in the German marks.
    @Test func aGermanAuditWritesAGermanTextReport() throws {
        let (folder, scene) = try Self.scratch()
        let german = try runPiped(["audit", scene, "--language", "de", "--max-focus-words", "3"], input: "")
        let english = try runPiped(["audit", scene, "--language", "de", "--report-language", "en", "--max-focus-words", "3"], input: "")
        withExtendedLifetime(folder) {}
        #expect(german.status == 1 && english.status == 1, "\(german.stderr)")
        #expect(german.stdout.hasPrefix("Geprüft: \(scene) – 3 Regler, 13 Regeln.\n"), "\(german.stdout)")
        #expect(german.stdout.contains("\nVerstöße, die wichtigsten zuerst:\n"))
        #expect(german.stdout.contains("- kritisch: name-present bei blank (kein Name), \(scene):6:2. Der Regler blank hat keinen Namen"), "\(german.stdout)")
        // Heard in the scene's own words, said in German: the number in its marks, the words heard quoted as heard.
        #expect(german.stdout.contains("Der Schritt von 0,5 zu 1 klingt beide Male wie „1 out of 10 stars“"), "\(german.stdout)")
        #expect(german.stdout.contains("no-silent-steps bei stars (Sprache de) („Sterne“)"), "\(german.stdout)")
        #expect(german.stdout.contains("WCAG 2.2, Erfolgskriterium 4.1.2 Name, Rolle, Wert (Stufe A)"))
        #expect(german.stdout.hasSuffix("\nNicht bestanden: 5 Verstöße mit Auswirkung „schwerwiegend“ oder höher; 3 darunter, nur gemeldet.\n"), "\(german.stdout)")
        #expect(Self.englishLeft(german.stdout).isEmpty, "English left: \(Self.englishLeft(german.stdout)) in \(german.stdout)")
        // The same findings, line for line, and the same rule ids on them.
        let ids = { (text: String) in text.split(separator: "\n").compactMap { line in AuditRules.all.map(\.id).first { line.contains(" \($0) ") } } }
        #expect(ids(german.stdout) == ids(english.stdout) && !ids(english.stdout).isEmpty)
        #expect(english.stdout.hasPrefix("Audit of \(scene): 3 controls, 13 rules.\n"))
    }

    /// `--language pl`: the text report is Polish; `--report-language en` asks for English while
    /// the scene is still heard in Polish.
    @Test func aPolishAuditIsPolishUnlessEnglishIsAskedFor() throws {
        let (folder, scene) = try Self.scratch()
        let polish = try runPiped(["audit", scene, "--language", "pl"], input: "")
        let english = try runPiped(["audit", scene, "--language", "pl", "--report-language", "en"], input: "")
        withExtendedLifetime(folder) {}
        #expect(polish.status == 1 && english.status == 1)
        #expect(polish.stdout.hasPrefix("Audyt: \(scene) — 3 kontrolki, 13 reguł.\n"), "\(polish.stdout)")
        #expect(polish.stdout.contains("Kontrolka blank nie ma nazwy: czytnik ekranu odczyta tylko jej wartość"))
        #expect(polish.stdout.contains("Przejście z 0,5 do 1 za każdym razem brzmi „1 na 10 gwiazdek”"), "\(polish.stdout)")
        #expect(polish.stdout.hasSuffix("\nNiezaliczony: 5 naruszeń o wpływie „poważny” lub wyższym; 1 poniżej, tylko zgłoszone.\n"), "\(polish.stdout)")
        #expect(Self.englishLeft(polish.stdout).isEmpty, "English left: \(Self.englishLeft(polish.stdout))")
        // English, with the Polish pass's findings named as English names them.
        #expect(english.stdout.hasPrefix("Audit of \(scene): 3 controls, 13 rules.\n"), "\(english.stdout)")
        #expect(english.stdout.contains("no-silent-steps on stars in pl (\"Gwiazdki\")"), "\(english.stdout)")
        #expect(english.stdout.contains("Stepping from 0.5 to 1 is heard as \"1 na 10 gwiazdek\" both times"))
        #expect(english.stdout.hasSuffix("\nFailed: 5 violations at or above serious impact; 1 below it, reported only.\n"), "\(english.stdout)")
    }

    /// The report's language follows the environment as every other word does, and a CI log
    /// asks for English: `LANGUAGE=en`, or `--report-language en` over a German environment.
    @Test func theReportLanguageFollowsTheEnvironmentAndEnglishCanBeAskedFor() throws {
        let (folder, scene) = try Self.scratch()
        func first(_ arguments: [String], _ environment: [String: String]) throws -> String {
            String(try runPiped(["audit", scene] + arguments, input: "", environment: environment).stdout.prefix { $0 != "\n" })
        }
        defer { withExtendedLifetime(folder) {} }
        #expect(try first([], ["LANGUAGE": "de"]).hasPrefix("Geprüft: "))
        #expect(try first([], ["LANG": "fr_FR.UTF-8"]).hasPrefix("Audit de "))
        #expect(try first([], ["LANG": "es_ES.UTF-8"]).hasPrefix("Auditoría de "))
        #expect(try first([], ["LANGUAGE": "en", "LANG": "de_DE.UTF-8"]).hasPrefix("Audit of "))
        #expect(try first(["--report-language", "en"], ["LANGUAGE": "de"]).hasPrefix("Audit of "))
        #expect(try first(["--report-language", "en_GB.UTF-8", "--language", "de"], [:]).hasPrefix("Audit of "))
        #expect(try first(["--report-language", "de"], [:]).hasPrefix("Geprüft: "))
        // `all` names no language to speak: the environment's is the report's.
        #expect(try first(["--language", "all"], ["LANGUAGE": "pl"]).hasPrefix("Audyt: "))
        // Its usage errors are in it, hint and all; a report in no language Sayline has is refused.
        let refused = try runPiped(["audit", scene, "--language", "de", "--shard", "4/3"], input: "")
        #expect(refused.status == 64 && refused.stderr == "sayline audit: --shard erwartet K/N, einen Teil K von 1 bis N von N zwischen 1 und 1000, nicht 4/3\nMehr Hilfe mit „sayline audit --help“.\n", "\(refused.stderr)")
        let english = try runPiped(["audit", scene, "--language", "de", "--report-language", "en", "--shard", "4/3"], input: "")
        #expect(english.status == 64 && english.stderr.hasPrefix("sayline audit: --shard takes K/N"), "\(english.stderr)")
        for asked in ["xx", "all", ""] {
            let unknown = try runPiped(["audit", scene, "--report-language", asked], input: "")
            #expect(unknown.status == 64 && unknown.stderr.contains("--report-language takes one language Sayline has messages in (en, de, es, fr, pl), not "), "\(asked): \(unknown.stderr)")
        }
        // A list names one language too many: refused, in the first.
        let list = try runPiped(["audit", scene, "--report-language", "de,pl"], input: "")
        #expect(list.status == 64 && list.stderr.contains("--report-language erwartet eine Sprache, für die Sayline Meldungen hat (en, de, es, fr, pl), nicht de,pl"), "\(list.stderr)")
    }

    /// SARIF in German: every message text and rule description German, the rule ids, levels,
    /// locations and the log's structure what the English log has; the run names its language.
    @Test func aGermanSARIFLogKeepsItsRuleIdsAndStructure() throws {
        let (folder, scene) = try Self.scratch()
        let german = try runPiped(["audit", scene, "--language", "de", "--format", "sarif", "--output", folder.path + "/de.sarif"], input: "")
        let english = try runPiped(["audit", scene, "--language", "de", "--report-language", "en", "--format", "sarif", "--output", folder.path + "/en.sarif"], input: "")
        #expect(german.status == 1 && english.status == 1, "\(german.stderr)")
        func run(_ name: String) throws -> [String: Any] {
            let text = try #require(folder.read(name))
            return try #require((try Self.json(text)["runs"] as? [[String: Any]])?.first)
        }
        let de = try run("de.sarif"), en = try run("en.sarif")
        #expect(de["language"] as? String == "de" && en["language"] == nil)
        let rules = { (run: [String: Any]) in (((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]) ?? [] }
        #expect(rules(de).map { $0["id"] as? String } == rules(en).map { $0["id"] as? String } && rules(de).count == AuditRules.all.count)
        #expect(rules(de).map { $0["defaultConfiguration"] as? [String: String] } == rules(en).map { $0["defaultConfiguration"] as? [String: String] })
        let namePresent = try #require(rules(de).first { $0["id"] as? String == "name-present" })
        #expect((namePresent["shortDescription"] as? [String: String])?["text"] == "Geben Sie jedem Regler eine Beschriftung")
        #expect((namePresent["fullDescription"] as? [String: String])?["text"] == "Prüft, ob jeder Regler eine Beschriftung hat, die ein Screenreader sagen kann")
        let results = { (run: [String: Any]) in (run["results"] as? [[String: Any]]) ?? [] }
        let text = { (result: [String: Any]) in ((result["message"] as? [String: Any])?["text"] as? String) ?? "" }
        #expect(results(de).map { $0["ruleId"] as? String } == results(en).map { $0["ruleId"] as? String } && results(de).count > 4)
        #expect(results(de).map { $0["level"] as? String } == results(en).map { $0["level"] as? String })
        #expect(results(de).map { ($0["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: String]] }
                == results(en).map { ($0["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: String]] })
        for result in results(de) { #expect(Self.englishLeft(text(result)).isEmpty, "\(text(result))") }
        #expect(results(de).contains { text($0) == "Der Regler blank hat keinen Namen: ein Screenreader sagt nur seinen Wert. Geben Sie jedem Regler eine Beschriftung." })
        #expect(results(en).contains { text($0) == "The control blank has no name: a screen reader says only its value. Give every control a label." })
        guard Consumers.python("jsonschema") else { return }
        let schema = EndToEndTests.ReportTests.fixtures.appendingPathComponent("sarif-schema-2.1.0.json").path
        let validate = "import json, sys, jsonschema\njsonschema.Draft4Validator(json.load(open(sys.argv[1].split('|')[0]))).validate(json.load(open(sys.argv[1].split('|')[1])))\nprint('valid')"
        let valid = try EndToEndTests.ReportTests.python(validate, schema + "|" + folder.path + "/de.sarif")
        #expect(valid.stdout == "valid\n", "\(valid.stderr)")
    }

    /// axe-core's JSON and JUnit in German: the words are German (axe's locales translate
    /// description, help and failureSummary, never ids), targets and testcase names are the same
    /// keys as in English, and the JUnit file is still valid against Jenkins' schema.
    @Test func germanJSONAndJUnitKeepTheirIdsKeysAndTargets() throws {
        let (folder, scene) = try Self.scratch()
        let german = try Self.json(try runPiped(["audit", scene, "--language", "de", "--format", "json"], input: "").stdout)
        let english = try Self.json(try runPiped(["audit", scene, "--language", "de", "--report-language", "en", "--format", "json"], input: "").stdout)
        #expect(Set(german.keys) == Set(english.keys))
        let violations = { (axe: [String: Any]) in (axe["violations"] as? [[String: Any]]) ?? [] }
        #expect(violations(german).map { $0["id"] as? String } == violations(english).map { $0["id"] as? String })
        #expect(violations(german).map { $0["tags"] as? [String] } == violations(english).map { $0["tags"] as? [String] })
        let targets = { (axe: [String: Any]) in violations(axe).flatMap { ($0["nodes"] as? [[String: Any]] ?? []).map { $0["target"] as? [String] } } }
        #expect(targets(german) == targets(english) && targets(german).contains(["stars in de"]))
        let present = try #require(violations(german).first { $0["id"] as? String == "name-present" })
        #expect(present["help"] as? String == "Geben Sie jedem Regler eine Beschriftung")
        let summary = ((present["nodes"] as? [[String: Any]])?.first?["failureSummary"] as? String) ?? ""
        #expect(summary == "Korrigieren Sie mindestens einen der folgenden Punkte:\n  Der Regler blank hat keinen Namen: ein Screenreader sagt nur seinen Wert", "\(summary)")
        #expect(((german["verdict"] as? [String: Any])?["summary"] as? String)?.hasPrefix("Nicht bestanden: ") == true)

        let junit = try runPiped(["audit", scene, "--language", "de", "--format", "junit", "--output", folder.path + "/de.xml"], input: "")
        _ = try runPiped(["audit", scene, "--language", "de", "--report-language", "en", "--format", "junit", "--output", folder.path + "/en.xml"], input: "")
        #expect(junit.status == 1)
        let de = try #require(folder.read("de.xml")), en = try #require(folder.read("en.xml"))
        let names = { (xml: String) in xml.components(separatedBy: "<testcase ").dropFirst().map { $0.prefix { $0 != ">" }.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression) } }
        #expect(names(de) == names(en) && names(de).contains(#"classname="no-silent-steps" name="stars in de""#), "\(names(de).prefix(3))")
        #expect(de.contains(#"<failure type="critical" message="Der Regler blank hat keinen Namen: ein Screenreader sagt nur seinen Wert">"#))
        #expect(de.contains("<system-out>Ein Verstoß mit Auswirkung „mäßig“, unter --fail-on serious: gemeldet, nicht fehlgeschlagen.\n"))
        #expect(de.contains("\nRegler: blank (kein Name) in \(scene):6:2\nRegel: name-present, Auswirkung kritisch. Prüft, ob jeder Regler eine Beschriftung hat"), "\(de.prefix(1500))")
        let lint = try runPiped(["xmllint", "--noout", "--schema", EndToEndTests.ReportTests.fixtures.appendingPathComponent("junit-10.xsd").path, folder.path + "/de.xml"],
                                input: "", executable: "/usr/bin/env")
        #expect(lint.status == 0, "\(lint.stderr)")
    }

    /// The HTML page says its language, and says everything in it.
    @Test func aGermanHTMLPageSaysItsLanguage() throws {
        let (folder, scene) = try Self.scratch()
        let audit = try runPiped(["audit", scene, "--language", "de", "--format", "html", "--output", folder.path + "/de.html"], input: "")
        #expect(audit.status == 1)
        let page = try #require(folder.read("de.html"))
        #expect(page.contains("<html lang=\"de\">"))
        #expect(page.contains("<title>Nicht bestanden – Barrierefreiheitsprüfung: \(scene)</title>"))
        #expect(page.contains("<h2 id=\"violations\">Verstöße (6)</h2>") && page.contains("<h3 id=\"impact-critical\">Kritisch (2), lässt die Prüfung scheitern</h3>"), "\(page)")
        #expect(page.contains("<h3 id=\"impact-moderate\">Mäßig (1), unter --fail-on serious, nur gemeldet</h3>"))
        #expect(page.contains("<li><p><strong>name-present</strong> bei <code>blank</code> (kein Name) in <code>\(scene):6:2</code>, Auswirkung kritisch.</p>"))
        let body = try #require(page.components(separatedBy: "<body>").last)
        let text = body.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        #expect(Self.englishLeft(text).isEmpty, "English left: \(Self.englishLeft(text))")
        let english = try runPiped(["audit", scene, "--format", "html"], input: "")
        #expect(english.stdout.contains("<html lang=\"en\">"))
    }

    /// A baseline is keyed by file, control and rule, never by words: one written from an
    /// English run holds the same findings in a German run (which passes with all of them
    /// known), and a German run writes the same file.
    @Test func aBaselineFromAnEnglishRunHoldsTheSameFindingsInAGermanOne() throws {
        let (folder, _) = try Self.scratch()
        let written = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --fail-on minor --baseline en.baseline --update-baseline")
        #expect(written.status == 0, "\(written.stdout) \(written.stderr)")
        let entries = try #require(folder.read("en.baseline"))
        #expect(entries.contains(#"{"file":"scenes/panel.json","control":"stars in de","rule":"no-silent-steps"}"#), "\(entries)")
        let german = try runShell("cd '\(folder.path)' && LANGUAGE=de SAYLINE audit scenes/ --fail-on minor --baseline en.baseline")
        let count = entries.split(separator: "\n").count
        #expect(german.status == 0, "\(german.stdout)")
        #expect(german.stdout.contains("0 neue Verstöße, 0 zu prüfen") && german.stdout.contains("\(count) bekannt, 0 behoben"), "\(german.stdout)")
        #expect(german.stdout.contains("\nBestanden: kein neuer Verstoß mit Auswirkung „gering“ oder höher; \(count) bekannt, in der Baseline.\n"), "\(german.stdout)")
        let rewritten = try runShell("cd '\(folder.path)' && LANGUAGE=de SAYLINE audit scenes/ --fail-on minor --baseline de.baseline --update-baseline")
        #expect(rewritten.status == 0)
        #expect(folder.read("de.baseline") == entries)
        // A finding gone is fixed in German too, named as the baseline keys it.
        _ = try folder.file("scenes/panel.json", Self.scene.replacingOccurrences(of: "Volume slider", with: "Volume"))
        let fixed = try runShell("cd '\(folder.path)' && LANGUAGE=de SAYLINE audit scenes/ --fail-on minor --baseline en.baseline")
        #expect(fixed.stdout.contains("\nSeit der Baseline behoben (--update-baseline entfernt sie):\n- name-no-role-words bei volume, scenes/panel.json.\n"), "\(fixed.stdout)")
    }

    /// The pseudo-language, asked for by name, reports too: no English prose is left outside
    /// its brackets (what is left is ids, file names, numbers and punctuation).
    @Test func thePseudoLanguageLeavesNoEnglishOutsideItsBrackets() throws {
        let (folder, scene) = try Self.scratch()
        let audit = try runPiped(["audit", scene, "--language", "qps", "--max-focus-words", "3"], input: "")
        withExtendedLifetime(folder) {}
        #expect(audit.status == 1, "\(audit.stderr)")
        #expect(audit.stdout.hasPrefix("["), "\(audit.stdout)")
        // Brackets nest (a message inside a message): drop each bracketed stretch whole.
        var outside = "", depth = 0
        for character in audit.stdout {
            if character == "[" { depth += 1 } else if character == "]" { depth = max(depth - 1, 0) } else if depth == 0 { outside.append(character) }
        }
        let ids = Set(AuditRules.all.map(\.id)).union(["volume", "stars", "blank"])
        let left = outside.replacingOccurrences(of: scene, with: " ").split(whereSeparator: { $0.isWhitespace || ",.:;()-".contains($0) })
            .map(String.init).filter { word in word.contains(where: \.isLetter) && !ids.contains(word) }
        #expect(left.isEmpty, "unbracketed: \(left) in \(audit.stdout)")
    }
} }
