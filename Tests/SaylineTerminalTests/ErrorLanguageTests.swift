import Foundation
import PseudoTerminal
import Testing

/// Every error and problem outside the command line's own usage, in the person's language,
/// through the real binary: a scene's problems, a broken JSON file, a failing script and its
/// summary, a speech engine that cannot start, a missing braille display, the file door's
/// refusals; and the numbers inside those sentences read right by each language's voice.
extension EndToEndTests { @Suite struct ErrorLanguageTests {
    /// Words of English prose none of the four languages writes: a line holding one pairs
    /// English with the language.
    static let englishWords: Set<String> = ["the", "is", "are", "must", "expected", "heard", "cannot", "written", "which", "never",
                                            "failed", "met", "commands", "below", "number", "after", "there", "nothing", "stopped",
                                            "reads", "symbolic", "known", "setting", "whole", "finite", "twice", "start"]

    /// The English prose words in `line`, once what is typed as it is (a JSON path, a file's
    /// name before its colon) is taken off.
    static func english(in line: String) -> [String] {
        line.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }.filter { englishWords.contains($0) }
    }

    static func scratch(_ name: String, _ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UInt32.random(in: 0...UInt32.max))-\(getpid())-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// A scene's problems of every kind, the same problems in each language at the same places:
    /// the file, line and JSON path as they are, the sentence after them the language's.
    static let structureProblems = #"""
    {"version": 2, "$schema": 3, "controls": [
     {"kind": "ruler", "id": "a b", "label": 5, "max": "x", "foo": 1, "unit": "zorb", "languages": {"xx-y": {}}},
     {"kind": "ruler", "id": "w", "step": 0.5, "majorEvery": 1.5},
     {"kind": "ruler", "id": "W"},
     {"kind": "slider", "id": "s"},
     {"id": "t"}
    ], "suppress": [{"rule": "no-such-rule", "control": "nowhere", "reason": ""}]}
    """#
    static let settingProblems = #"""
    {"controls": [
     {"kind": "ruler", "id": "w", "min": 5, "max": 0, "step": -3, "majorEvery": 0, "tickSpacing": 1},
     {"kind": "digitroll", "id": "r", "digits": 12, "step": 0.5, "stagger": -1, "response": 99, "damping": 7, "start": 12, "pageSteps": 0},
     {"kind": "rating", "id": "s", "max": 1e400},
     {"kind": "ruler", "id": "v", "value": 3.25, "min": 0, "max": 10},
     {"kind": "ruler", "id": "x", "min": 3, "max": 3}
    ]}
    """#

    @Test(arguments: ["de", "pl"])
    func aScenesProblemsOfEveryKindAreInTheLanguage(language: String) throws {
        for (name, text) in [("structure.json", Self.structureProblems), ("settings.json", Self.settingProblems)] {
            let scene = try Self.scratch(name, text)
            defer { try? FileManager.default.removeItem(at: scene) }
            let english = try runPiped(["scene", "--check", scene.path], input: "")
            let translated = try runPiped(["scene", "--check", scene.path, "--language", language], input: "")
            #expect(translated.status == 2 && english.status == 2)
            let said = Self.lines(translated.stderr), original = Self.lines(english.stderr)
            #expect(said.count == original.count && said.count >= 6, "\(language): \(translated.stderr)")
            for (line, source) in zip(said, original) {
                // "FILE:1: controls[0].max: " stays as it is; what follows is the language's.
                let place = source.components(separatedBy: ": ").prefix(2).joined(separator: ": ") + ": "
                #expect(line.hasPrefix(place), "\(language): \(line) lost its place \(place)")
                #expect(line != source, "\(language) left English: \(source)")
                #expect(Self.english(in: String(line.dropFirst(place.count))).isEmpty, "\(language): \(line)")
            }
        }
        let scene = try Self.scratch("settings.json", Self.settingProblems)
        defer { try? FileManager.default.removeItem(at: scene) }
        let checked = try runPiped(["scene", "--check", scene.path, "--language", language], input: "").stderr
        let expected = language == "de"
            ? ["controls[0].max: 0 liegt unter dem Minimum", "controls[1].step: 0,5 ist keine ganze Zahl von mindestens 1", "controls[3].value: 3,25 liegt nicht auf der Skala"]
            : ["controls[0].max: 0 jest poniżej minimum", "controls[1].step: 0,5 nie jest liczbą całkowitą nie mniejszą niż 1", "controls[3].value: 3,25 nie leży na skali"]
        for part in expected { #expect(checked.contains(part), "\(language): \(checked)") }
        // A negative number is said with the language's minus where its voice needs the word.
        #expect(checked.contains(language == "pl" ? "controls[0].step: minus 3 " : "controls[0].step: -3 "), "\(checked)")
    }

    /// A broken JSON file: one line, wholly in the language (the words of the parser too).
    @Test(arguments: ["de", "pl"])
    func aBrokenJSONFileIsOneLineWhollyInTheLanguage(language: String) throws {
        let lead = language == "de" ? "kein gültiges JSON: " : "niepoprawny JSON: "
        for text in [#"{"controls": [{"kind": }"#, #"{"controls" 1}"#, #"{"controls": tru}"#, #"{"controls": [1, 2"#, #"{"a": "\q"}"#,
                     #"{"a": 01}"#, #"{"a": 1.}"#, #"{"a": "\ud800"}"#, #"{"a": 1} x"#, #"{1: 2}"#, "{\"a\": \"x\ny\"}", #"{"a": 1 "b": 2}"#] {
            let file = try Self.scratch("broken.json", text)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try runPiped(["scene", "--check", file.path, "--language", language], input: "")
            let english = try runPiped(["scene", "--check", file.path], input: "")
            let said = Self.lines(result.stderr)
            #expect(result.status == 2 && said.count == 1, "\(text): \(result.stderr)")
            guard let line = said.first, let range = line.range(of: lead) else {
                Issue.record("\(language) \(text): \(result.stderr)")
                continue
            }
            let why = String(line[range.upperBound...])
            #expect(!english.stderr.contains(why), "\(language) \(text) left English: \(why)")
            #expect(Self.english(in: why).isEmpty, "\(language) \(text): \(why)")
        }
    }

    /// `run --language de`: each failed expectation with the language's quotes and numbers, every
    /// malformed line, and the closing line, in German (Polish too).
    @Test func aFailingScriptSaysItsFailuresAndSummaryInTheLanguage() throws {
        let script = try Self.scratch("failing.say", "inc\nexpect \"99 Zorb\"\nexpect value weight 99\nexpect focus rating\nexpect silent\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let german = try runPiped(["run", script.path, "--language", "de"], input: "")
        #expect(german.status == 1 && german.stdout == "62,5 Kilogramm\n", "\(german)")
        #expect(german.stderr == "\(script.path):2: erwartet „99 Zorb“, gehört „62,5 Kilogramm“\n"
                + "sayline run: 0 von 1 Erwartung erfüllt, 1 fehlgeschlagen, 1 Befehl ausgeführt, beim ersten Fehlschlag angehalten (--keep-going läuft weiter)\n",
                "\(german.stderr)")
        let all = try runPiped(["run", script.path, "--language", "de", "--keep-going"], input: "")
        #expect(Self.lines(all.stderr) == [
            "\(script.path):2: erwartet „99 Zorb“, gehört „62,5 Kilogramm“",
            "\(script.path):3: erwartet weight bei 99, steht bei 62,5",
            "\(script.path):4: erwartet Fokus auf rating, Fokus ist auf weight",
            "\(script.path):5: erwartet Stille, gehört „62,5 Kilogramm“",
            "sayline run: 0 von 4 Erwartungen erfüllt, 4 fehlgeschlagen, 1 Befehl ausgeführt",
        ], "\(all.stderr)")
        let polish = try runPiped(["run", script.path, "--language", "pl", "--keep-going"], input: "")
        #expect(polish.stderr.hasPrefix("\(script.path):2: oczekiwano „99 Zorb”, usłyszano „62,5 kilograma”\n"), "\(polish.stderr)")
        #expect(polish.stderr.hasSuffix("sayline run: spełnione oczekiwania: 0 z 4, niespełnione: 4, wykonano 1 polecenie\n"), "\(polish.stderr)")
        // A malformed script is refused line by line in the language; the commands stay as typed.
        let malformed = try Self.scratch("malformed.say", "expect \"x\nexpect value weight\nexpect frames -1\nexpect nonsense\nexpect value nowhere 3\n")
        defer { try? FileManager.default.removeItem(at: malformed) }
        for language in ["de", "pl"] {
            let refused = try runPiped(["run", malformed.path, "--language", language], input: "")
            let said = Self.lines(refused.stderr)
            #expect(refused.status == 2 && said.count == 4, "\(language): \(refused.stderr)")
            for line in said { #expect(Self.english(in: line).isEmpty, "\(language): \(line)") }
            #expect(refused.stderr.contains("expect value weight 62,5"), "the example's number in the language's marks: \(refused.stderr)")
        }
        let unknown = try Self.scratch("unknown.say", "expect value nowhere 3\n")
        defer { try? FileManager.default.removeItem(at: unknown) }
        #expect(try runPiped(["run", unknown.path, "--language", "de"], input: "").stderr == "\(unknown.path):1: kein Regler namens nowhere in der Szene\n")
    }

    /// A speech engine that cannot start says so in the language (the system's reason may stay
    /// glibc's, inside the sentence).
    @Test(arguments: [("de", "der Sprachbefehl /nonexistent kann nicht gestartet werden: "),
                      ("pl", "nie można uruchomić polecenia mowy /nonexistent: ")])
    func aSpeechEngineThatCannotStartSaysSoInTheLanguage(language: String, words: String) throws {
        let result = try runPiped(["--speak", "/nonexistent", "--language", language], input: "inc\n")
        #expect(result.status == 0)
        #expect(result.stderr.contains("sayline: " + words), "\(result.stderr)")
        #expect(!result.stderr.contains("cannot start"), "\(result.stderr)")
    }

    /// `--braille on` with no BRLTTY to answer, at a terminal and from a pipe: said in the language.
    @Test(arguments: [("de", "sayline: keine Braille-Ausgabe: kein BRLTTY antwortet (", "sayline: keine Braille-Ausgabe: die Standardeingabe ist kein Terminal\n"),
                      ("pl", "sayline: brak brajla: BRLTTY nie odpowiada (", "sayline: brak brajla: standardowe wejście nie jest terminalem\n")])
    func aMissingBrailleDisplayIsSaidInTheLanguage(language: String, atTerminal: String, piped: String) throws {
        let nowhere = ["BRLAPI_HOST": ":97"]
        let repl = try TerminalProcess(["--settle", "0", "--braille", "on", "--language", language], environment: nowhere)
        #expect(repl.waitForDisplay("weight> "))
        repl.send("quit\r")
        #expect(repl.waitForExit() == 0)
        #expect(repl.displayText.contains(atTerminal), "\(repl.displayText.suffix(400))")
        #expect(!repl.displayText.contains("no braille"), "\(repl.displayText.suffix(400))")
        let pipe = try runPiped(["--braille", "on", "--language", language], input: "inc\n", environment: nowhere)
        #expect(pipe.stderr == piped, "\(pipe.stderr)")
    }

    /// The file door refuses in the language: a transcript over the script it runs, a link,
    /// a folder; a save through a link.
    @Test(arguments: ["de", "pl"])
    func theFileDoorsRefusalsAreInTheLanguage(language: String) throws {
        let script = try Self.scratch("door.say", "inc\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("door-link-\(getpid())-\(language)")
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/etc/hostname")
        defer { try? FileManager.default.removeItem(at: link) }
        let over = try runPiped(["run", script.path, "--transcript", script.path, "--language", language], input: "")
        #expect(over.status == 74, "\(over)")
        #expect(over.stderr == (language == "de"
            ? "\(script.path): ist \(script.path), die Eingabe dieses Befehls: er schreibt nie über seine eigene Eingabe\n"
            : "\(script.path): jest tym samym plikiem co \(script.path), który czyta to polecenie: polecenie nigdy nie nadpisuje własnego wejścia\n"),
                "\(over.stderr)")
        for target in [link.path, FileManager.default.temporaryDirectory.path] {
            let refused = try runPiped(["run", script.path, "--transcript", target, "--language", language], input: "")
            #expect(refused.status == 74 && refused.stderr.hasPrefix(target + ": "), "\(refused)")
            #expect(Self.english(in: refused.stderr).isEmpty, "\(language): \(refused.stderr)")
        }
        let saved = try runPiped(["--language", language], input: "inc\nsave \(link.path)\n")
        let said = Self.lines(saved.stdout + saved.stderr).filter { $0.contains(link.path) }
        #expect(said.count == 2, "\(saved.stdout) \(saved.stderr)")
        for line in said { #expect(Self.english(in: line).isEmpty, "\(language): \(line)") }
    }

    /// The phonemes espeak-ng's voice for `language` reads `text` as.
    static func phonemes(_ language: String, _ text: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng") else {
            Issue.record("espeak-ng is missing: .ci/run installs it")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-q", "-x", "-v", language, text]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The digit roll's explanation says the figure it shows as the number it is, in every
    /// voice: "$234,560" was read as 234.56 by the German, French, Spanish and Polish voices.
    @Test(arguments: [("de", "tsv'aIh'Und3t f'i:r _|Untdr'aIsIC t'aUz@nt", "k,OmA:"), ("fr", "dYsA~ trA~tkatr m'il", "virgyl"),
                      ("es", "DosTj'entos t**,eIntaikw'at**o m'il", "koma"), ("pl", "tSydz;'ES;c;itSt'ERy tyS;'OntsE", "pSEts;'inEk")])
    func theDigitRollsExplanationIsReadAsTheNumberItShows(language: String, whole: String, decimal: String) throws {
        let scene = try Self.scratch("roll.json", #"{"controls": [{"kind": "digitroll", "id": "r", "digits": 6, "prefix": "$", "max": 1234560, "value": 1234560}]}"#)
        defer { try? FileManager.default.removeItem(at: scene) }
        let described = try runPiped(["describe", "--scene", scene.path, "--language", language], input: "")
        #expect(described.status == 0 && described.stdout.contains("$234560"), "\(described.stdout)")
        #expect(!described.stdout.contains("234,560"), "\(described.stdout)")
        let sentence = String(described.stdout.split(separator: "\n").first ?? "")
        guard let heard = try Self.phonemes(language, sentence) else { return }
        #expect(heard.contains(whole), "\(language): \(heard)")
        #expect(!heard.contains(decimal), "\(language) hears a decimal: \(heard)")
        // A negative value, which the columns cannot show: the true one with the minus word.
        guard language == "fr" else { return }
        let negative = try Self.scratch("negative.json", #"{"controls": [{"kind": "digitroll", "id": "r", "min": -5, "max": 5, "value": -5}]}"#)
        defer { try? FileManager.default.removeItem(at: negative) }
        let minus = try runPiped(["describe", "--scene", negative.path, "--language", "fr"], input: "").stdout
        #expect(minus.contains("affiche 0 au lieu de moins 5"), "\(minus)")
    }

    /// A negative step count is said with the minus word where the voice says nothing for the
    /// sign: French, Spanish and Polish read "-3" as "three".
    @Test(arguments: [("fr", "moins 3", "mw'E~ trw'a"), ("es", "menos 3", "m'enos t**'es"), ("pl", "minus 3", "m'inus tS'y")])
    func aNegativeStepCountIsReadWithItsMinus(language: String, written: String, heard: String) throws {
        let result = try runPiped(["--language", language], input: "inc -3\n")
        let line = String(result.stdout.split(separator: "\n").last ?? "")
        #expect(line.contains(written), "\(language): \(line)")
        guard let phonemes = try Self.phonemes(language, line) else { return }
        #expect(phonemes.contains(heard), "\(language): \(phonemes)")
    }
} }
