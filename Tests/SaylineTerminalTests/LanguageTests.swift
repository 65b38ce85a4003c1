import Foundation
import PseudoTerminal
import Testing
import SaylineOutputs
import SaylineCatalogs

/// Each shipped language through the real binary: what the demo says, typed decimals in the
/// language's mark, a point that could be read two ways, plural forms, errors and help; the
/// catalogs checked by msgfmt and against the sources; espeak-ng's reading of the numbers.
extension EndToEndTests { @Suite struct LanguageTests {
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The languages Sayline ships, found as it finds them: one catalog each in
    /// Sources/Catalogs, and no list anywhere (a new language is one catalog and no code).
    static var shippedLanguages: [String] {
        let catalogs = packageFolder.appendingPathComponent("Sources/Catalogs").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: catalogs)) ?? []).filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
    }

    static func say(_ language: String, _ input: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> (status: Int32, stdout: [String], stderr: String) {
        let result = try runPiped(["--language", language] + arguments, input: input, environment: environment)
        return (result.status, result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), result.stderr)
    }

    /// Start, Up, Tab, a typed decimal, a refusal, and describe, in each language.
    @Test(arguments: [
        ("de", ["Gewicht, 62 Kilogramm", "62,5 Kilogramm", "Bewertung, 0 von 10 Sternen", "Gewicht, 62,5 Kilogramm", "70,5 Kilogramm"]),
        ("fr", ["Poids, 62 kilogrammes", "62,5 kilogrammes", "Note, 0 sur 10 étoiles", "Poids, 62,5 kilogrammes", "70,5 kilogrammes"]),
        ("es", ["Peso, 62 kilogramos", "62,5 kilogramos", "Valoración, 0 de 10 estrellas", "Peso, 62,5 kilogramos", "70,5 kilogramos"]),
        ("pl", ["Waga, 62 kilogramy", "62,5 kilograma", "Ocena, 0 na 10 gwiazdek", "Waga, 62,5 kilograma", "70,5 kilograma"]),
        ("en", ["Weight, 62 kilograms", "62.5 kilograms", "Rating, 0 out of 10 stars", "Weight, 62.5 kilograms", "70.5 kilograms"]),
    ])
    func theDemoSpeaksTheLanguageWithItsDecimalMark(language: String, expected: [String]) throws {
        let mark = language == "en" ? "." : ","
        let result = try Self.say(language, "inc\nnext\nprev\nset 70\(mark)5\n")
        #expect(result.status == 0)
        #expect(result.stdout == expected, "\(language): \(result.stdout)")
        #expect(result.stderr.isEmpty, "\(language): \(result.stderr)")
    }

    /// "12.480" in German is 12480 grouped or 12.48 typed the English way: refused, both said.
    @Test func aPointThatCouldBeReadTwoWaysIsRefusedAndChangesNothing() throws {
        let result = try Self.say("de", "set 12.480\nset 62.5\nsay\nfocus balance\nset 12.490,0\n")
        #expect(result.stdout[1].hasPrefix("12 Punkt 480"), "\(result.stdout)")
        #expect(result.stdout[1].contains("12480") && result.stdout[1].contains("12,48"))
        #expect(result.stdout[2].contains("62,5") && result.stdout[2].lowercased().contains("komma"), "\(result.stdout)")
        #expect(result.stdout[3] == "Gewicht, 62 Kilogramm")
        // Grouped with a decimal part, the figure has one reading.
        #expect(result.stdout.last == "12490 Dollar", "\(result.stdout)")
    }

    /// Plural forms from the catalog's own rule: Polish 1, 2, 5 and 22 are three words. A number
    /// with decimals takes the form its catalog says: Polish and German one of its own
    /// ("1,5 kilograma"), French its whole part's, so the singular below 2 ("1,5 kilogramme",
    /// "0,5 étoile") and the plural from 2 ("2,5 kilogrammes").
    @Test func pluralsFollowTheCatalogsRuleAt1And2And5And22() throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("plural-\(getpid()).json")
        try #"{"controls": [{"kind": "ruler", "id": "mass", "label": "Masa", "unit": {"singular": "kilogram", "plural": "kilograms", "symbol": "kg"}, "min": 0, "max": 30, "step": 0.5}, {"kind": "ruler", "id": "stars", "label": "Stars", "unit": "star", "min": 0, "max": 5, "step": 0.5}]}"#
            .write(to: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scene) }
        let input = "set 1\nset 2\nset 5\nset 22\nset 1.5\nset 0.5\nset 2.5\nset 3\nnext\nset 0.5\nset 1\n"
        func said(_ language: String) throws -> [String] {
            try Self.say(language, language == "en" ? input : input.replacing(".", with: ","), ["--scene", scene.path]).stdout
        }
        #expect(try said("pl") == ["Masa, 0 kilogramów", "1 kilogram", "2 kilogramy", "5 kilogramów", "22 kilogramy", "1,5 kilograma", "0,5 kilograma", "2,5 kilograma",
                                   "3 kilogramy", "Stars, 0 gwiazdek", "0,5 gwiazdki", "1 gwiazdka"])
        #expect(try said("fr") == ["Masa, 0 kilogramme", "1 kilogramme", "2 kilogrammes", "5 kilogrammes", "22 kilogrammes", "1,5 kilogramme", "0,5 kilogramme",
                                   "2,5 kilogrammes", "3 kilogrammes", "Stars, 0 étoile", "0,5 étoile", "1 étoile"])
        #expect(try said("de") == ["Masa, 0 Kilogramm", "1 Kilogramm", "2 Kilogramm", "5 Kilogramm", "22 Kilogramm", "1,5 Kilogramm", "0,5 Kilogramm", "2,5 Kilogramm",
                                   "3 Kilogramm", "Stars, 0 Sterne", "0,5 Sterne", "1 Stern"])
        #expect(try said("es") == ["Masa, 0 kilogramos", "1 kilogramo", "2 kilogramos", "5 kilogramos", "22 kilogramos", "1,5 kilogramos", "0,5 kilogramos", "2,5 kilogramos",
                                   "3 kilogramos", "Stars, 0 estrellas", "0,5 estrellas", "1 estrella"])
        #expect(try said("en") == ["Masa, 0 kilograms", "1 kilogram", "2 kilograms", "5 kilograms", "22 kilograms", "1.5 kilograms", "0.5 kilograms", "2.5 kilograms",
                                   "3 kilograms", "Stars, 0 stars", "0.5 stars", "1 star"])
    }

    /// What a second native reading changed, as each listener hears it: French and Spanish name
    /// the + and - keys so that "ou plus" / "o más" ("or more") is never heard, and Spanish its
    /// page keys in words the voice reads ("Retroceso de página", never "Re Pág"); a range is
    /// "de 40 à 120", with a capital where it starts a sentence; Polish counts stars "na 10",
    /// which the voice reads "na dziesięć" (after "z" it said "z dziesięć", undeclined), says its
    /// range in the nominative and agrees "regulowana" with "kontrolka"; German sets no comma
    /// before "oder"; each line of `help keys` starts with a capital.
    @Test func whatASecondNativeReadingChangedIsHeard() throws {
        let input = "help keys\nhelp inc\nset abc\nset 500\nnext\nverbosity verbose\ndescribe\n"
        let french = try Self.say("fr", input).stdout
        for line in ["Flèche haut, Flèche droite ou la touche plus, augmenter d'un pas, ou de cinq après Alt 5.",
                     "Flèche bas, Flèche gauche ou la touche moins, diminuer d'un pas.",
                     "Le point d'interrogation, décrire le contrôle actif, son libellé, sa valeur, sa plage et son pas.",
                     // What is said has a plain space where the catalog's no-break space stands.
                     "Touches sur une ligne vide : Flèche haut, Flèche droite, la touche plus.",
                     "Ce n'est pas un nombre, abc. De 40 à 120", "Trop élevé, 120 kilogrammes maxi"] {
            #expect(french.contains(line), "fr lacks \(line): \(french)")
        }
        #expect(french.contains { $0.hasPrefix("Note, 0 sur 10 étoiles, réglable, de 0 à 10 par pas de 1.") }, "\(french)")
        #expect(!french.contains { $0.contains(" ou plus") || $0.contains(" ou moins") }, "\(french)")
        let spanish = try Self.say("es", input).stdout
        for line in ["Flecha arriba, Flecha derecha o la tecla más, aumentar un paso, o cinco tras Alt 5.",
                     "Flecha abajo, Flecha izquierda o la tecla menos, disminuir un paso.",
                     "Retroceso de página, aumentar un paso de página.", "Avance de página, disminuir un paso de página.",
                     "El signo de interrogación, describir el control con el foco, su etiqueta, valor, rango y paso.",
                     "No es un número, abc. De 40 a 120"] {
            #expect(spanish.contains(line), "es lacks \(line): \(spanish)")
        }
        #expect(!spanish.contains { $0.contains(" o más") || $0.contains(" o menos") || $0.contains("Pág") }, "\(spanish)")
        let polish = try Self.say("pl", input).stdout
        for line in ["Strzałka w górę, strzałka w prawo lub plus, zwiększa o jeden krok, a po Alt 5 o pięć.",
                     "To nie liczba, abc. Minimum 40, maksimum 120", "Ocena, 0 na 10 gwiazdek"] {
            #expect(polish.contains(line), "pl lacks \(line): \(polish)")
        }
        #expect(polish.contains { $0.hasPrefix("Ocena, 0 na 10 gwiazdek, regulowana, minimum 0, maksimum 10, krok 1.") }, "\(polish)")
        let german = try Self.say("de", input).stdout
        for line in ["inc oder inc mit einer Zahl. Aktuellen Regler um einen Schritt oder um N Schritte erhöhen.",
                     "Tasten in leerer Zeile: Pfeil auf, Pfeil rechts, Plus.", "Keine Zahl, abc. 40 bis 120"] {
            #expect(german.contains(line), "de lacks \(line): \(german)")
        }
        #expect(!german.contains { $0.contains(", oder") }, "\(german)")
        // English keeps its words; its one key line that began with a small letter is a sentence.
        let english = try Self.say("en", input).stdout
        #expect(english.contains("Question mark, describe the focused control, its label, value, range and step."), "\(english)")
        #expect(english.contains("Not a number, abc. 40 to 120"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng") else {
            Issue.record("espeak-ng is missing: .ci/run installs it")
            return
        }
        // "na 10" is "na dziesięć": the numeral in the accusative, as the voice reads it.
        let phonemes = try run("/usr/bin/espeak-ng", ["-q", "-x", "-v", "pl", "Ocena, 5 na 10 gwiazdek"], in: Self.packageFolder).output
        #expect(phonemes.contains("na_ dz;'ES;En^"), "\(phonemes)")
        // The Spanish page keys are words, not the syllables "re pag" and "ab pag".
        let keys = try run("/usr/bin/espeak-ng", ["-q", "-x", "-v", "es", "Retroceso de página, Avance de página"], in: Self.packageFolder).output
        #expect(keys.contains("p'axina") && !keys.contains("p'aQ") && !keys.contains("p'ag"), "\(keys)")
    }

    /// Each language quotes a name with its own marks (German „…“, French « … » with no-break
    /// spaces, Spanish «…», Polish „…”); JSON as it is typed keeps its straight quotes.
    @Test(arguments: [("de", "„w“ ist bereits die ID von controls[0]"), ("fr", "«\u{00A0}w\u{00A0}» est déjà l'identifiant de controls[0]"),
                      ("es", "«w» ya es el id de controls[0]"), ("pl", "„w” jest już identyfikatorem controls[0]"),
                      ("en", "\"w\" is already the id of controls[0]")])
    func namesAreQuotedWithTheLanguagesOwnMarks(language: String, expected: String) throws {
        let scene = try Self.scratch("twice.json", #"{"controls": [{"kind": "ruler", "id": "w"}, {"kind": "ruler", "id": "w"}]}"#)
        defer { try? FileManager.default.removeItem(at: scene) }
        let checked = try runPiped(["scene", "--check", scene.path, "--language", language], input: "")
        #expect(checked.status != 0)
        #expect(checked.stderr.contains(expected), "\(checked.stderr)")
        let empty = try Self.scratch("empty.json", "{}")
        defer { try? FileManager.default.removeItem(at: empty) }
        let missing = try runPiped(["scene", "--check", empty.path, "--language", language], input: "")
        #expect(missing.stderr.contains("\"controls\""), "JSON keeps its quotes: \(missing.stderr)")
    }

    /// The first sentence a French or Spanish listener hears names the key with its article.
    @Test(arguments: [("fr", "Appuyez sur le point d'interrogation pour décrire un contrôle, ou tapez help."),
                      ("es", "Pulse el signo de interrogación para describir un control, o escriba help."),
                      ("pl", "Naciśnij znak zapytania, aby opisać kontrolkę, lub wpisz help."),
                      ("de", "Mit Fragezeichen einen Regler beschreiben oder help eingeben.")])
    func theStartsHintNamesTheKeyAsTheLanguageSaysIt(language: String, expected: String) throws {
        let repl = try TerminalProcess(["--language", language])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
        #expect(repl.speechLines.first == expected, "\(repl.speechLines)")
    }

    /// Errors and help are in the language; a comma where English wants a point is answered.
    @Test(arguments: LanguageTests.shippedLanguages)
    func errorsAndHelpAreInTheLanguage(language: String) throws {
        let result = try Self.say(language, "frobnicate\nset abc\nhelp\n")
        let english = try Self.say("en", "frobnicate\nset abc\nhelp\n")
        #expect(result.stdout.count == english.stdout.count)
        for (translated, original) in zip(result.stdout.dropFirst(), english.stdout.dropFirst()) {
            #expect(translated != original, "\(language) left English: \(original)")
        }
        #expect(result.stdout[1].contains("frobnicate"))
    }

    /// gettext's order: LANGUAGE (unless the locale is C), LC_ALL, LC_MESSAGES, LANG; then the
    /// preferences file and --language over them; a language with no catalog is English, said once.
    @Test func theLanguageComesFromTheEnvironmentInGettextsOrder() throws {
        func first(_ environment: [String: String], _ arguments: [String] = []) throws -> (String, String) {
            let result = try runPiped(arguments, input: "", environment: environment)
            return (String(result.stdout.split(separator: "\n").first ?? ""), result.stderr)
        }
        #expect(try first(["LANG": "de_DE.UTF-8"]).0 == "Gewicht, 62 Kilogramm")
        #expect(try first(["LANG": "C.UTF-8", "LANGUAGE": "pl:de"]).0 == "Waga, 62 kilogramy")
        #expect(try first(["LANG": "C", "LANGUAGE": "de"]).0 == "Weight, 62 kilograms")
        #expect(try first(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]).0 == "Poids, 62 kilogrammes")
        #expect(try first(["LANG": "de_DE.UTF-8", "LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]).0 == "Peso, 62 kilogramos")
        #expect(try first(["LANG": "de_DE.UTF-8"], ["--language", "fr"]).0 == "Poids, 62 kilogrammes")
        let unknown = try first(["LANG": "ja_JP.UTF-8"])
        #expect(unknown.0 == "Weight, 62 kilograms")
        #expect(unknown.1.components(separatedBy: "ja_JP.UTF-8").count == 2, "said once: \(unknown.1)")
        let config = try runPiped(["config", "--language", "pl"], input: "")
        #expect(config.stdout.contains("language = pl"))
        #expect(config.stdout.contains("wiersz poleceń --language (polski)"), "\(config.stdout)")
    }

    /// The language is read from the command line as its parser reads it: `--label --language`
    /// labels the control "--language", so the `--language de` after it is the language, and
    /// the usage error is in German, with no notice of a language called "--language".
    @Test func theLanguageFlagIsReadAsTheCommandsParserReadsIt() throws {
        let result = try runPiped(["pick", "--label", "--language", "--language", "de", "--min", "5", "--max", "1"], input: "")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Mehr Hilfe mit „sayline pick --help“."), "\(result.stderr)")
        #expect(!result.stderr.contains("no messages"), "\(result.stderr)")
        // After `--` the words are operands, never the language.
        let operand = try runPiped(["pick", "--bogus", "--", "--language", "de"], input: "")
        #expect(operand.stderr.contains("Try 'sayline pick --help'."), "\(operand.stderr)")
    }

    /// msgfmt --check passes every catalog, with every message translated and none fuzzy, and
    /// every message the sources give is in every catalog (the template made afresh).
    @Test func everyCatalogIsCompleteAndCurrent() throws {
        let catalogs = Self.packageFolder.appendingPathComponent("Sources/Catalogs")
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("sayline-\(getpid()).pot")
        defer { try? FileManager.default.removeItem(at: template) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.packageFolder.appendingPathComponent("Sources").path)
            .filter { $0.hasSuffix(".swift") && ($0.hasPrefix("Core/") || $0.hasPrefix("Terminal/")) }
            .filter { try String(contentsOf: Self.packageFolder.appendingPathComponent("Sources/" + $0), encoding: .utf8).contains("translat") }
            .map { "Sources/" + $0 }.sorted()
        let extract = try run("/usr/bin/xgettext", ["--language=C", "--from-code=UTF-8", "--keyword=", "--keyword=translated:1", "--keyword=translatedIn:1c,2",
                                                    "--keyword=translatedCount:1,2", "--keyword=translatable:1", "--keyword=translatableIn:1c,2", "--keyword=translatableCount:1,2",
                                                    "-o", template.path] + files, in: Self.packageFolder)
        #expect(extract.status == 0, "\(extract.output)")
        let languages = Self.shippedLanguages
        #expect(!languages.isEmpty)
        // Each catalog is compiled by the build (beside the pseudo-language made from the
        // template), and nothing else is: no list of languages to keep in step.
        let compiled = try FileManager.default.contentsOfDirectory(atPath: CatalogFolder.built)
            .filter { FileManager.default.fileExists(atPath: CatalogFolder.built + "/\($0)/LC_MESSAGES/sayline.mo") }
        #expect(Set(compiled) == Set(languages + ["qps"]), "\(compiled)")
        for language in languages.map({ $0 + ".po" }) {
            let path = catalogs.appendingPathComponent(language).path
            let check = try run("/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null", path], in: Self.packageFolder)
            #expect(check.status == 0 && !check.output.contains("fuzzy") && !check.output.contains("untranslated"), "\(language): \(check.output)")
            // Every message of the sources is in the catalog (msgcmp fails on one missing).
            let compare = try run("/usr/bin/msgcmp", [path, template.path], in: Self.packageFolder)
            #expect(compare.status == 0, "\(language) is stale: \(compare.output)")
        }
    }

    /// espeak-ng's voice for each language reads the spoken number as one number, with its
    /// decimal mark: "62,5" is "zweiundsechzig Komma fünf" to the German voice, which reads
    /// "62.5" as "Punkt" and the English voice's "62,5" as "sixty two five".
    @Test(arguments: [
        ("de", "62,5 Kilogramm", ["tsv'aI _|Untz'ECtsIC", "k,OmA:", "f'ynf"]),
        ("fr", "62,5 kilogrammes", ["swasA~tdY", "virgyl", "s'E~k"]),
        ("es", "62,5 kilogramos", ["sEs,EntaiD'os", "koma", "T'inko"]),
        ("pl", "62,5 kilograma", ["SEZ;dz;'ES;Onddv'a", "pSEts;'inEk", "p;'En^ts;"]),
        ("en", "62.5 kilograms", ["s'Iksti t'u:", "pOInt", "f'aIv"]),
    ])
    func espeakReadsEachLanguagesNumbersWhole(language: String, spoken: String, phonemes expected: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng") else {
            Issue.record("espeak-ng is missing: .ci/run installs it")
            return
        }
        let said = try Self.say(language, "inc\n").stdout.last ?? ""
        #expect(said == spoken)
        let phonemes = try run("/usr/bin/espeak-ng", ["-q", "-x", "-v", language, said], in: Self.packageFolder).output
        for part in expected { #expect(phonemes.contains(part), "\(language): \(phonemes) lacks \(part)") }
        // The other mark is misread by the same voice: why the mark is the language's.
        let otherMark = said.contains(",") ? said.replacing(",", with: ".") : said.replacing(".", with: ",")
        let misread = try run("/usr/bin/espeak-ng", ["-q", "-x", "-v", language, otherMark], in: Self.packageFolder).output
        #expect(!misread.contains(expected[1]), "\(language) reads \(otherMark) as \(misread)")
    }

    static func scratch(_ name: String, _ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static let twoLanguageScene = #"""
    {"controls": [
     {"kind": "ruler", "id": "temp", "label": "Temperature", "unit": "°C", "min": -10, "max": 40, "step": 0.5,
      "languages": {"de": {"label": "Temperatur"}, "pl": {"label": "Temperatura", "hint": "Ustaw temperaturę"}}},
     {"kind": "ruler", "id": "vol", "label": "Volume", "unit": {"singular": "notch", "plural": "notches"}, "min": 0, "max": 10,
      "languages": {"de": {"label": "Lautstärke", "unit": {"singular": "Stufe", "plural": "Stufen"}}}}
    ]}
    """#

    /// A scene's own words per language, and a known unit said in each with no words given.
    @Test func aSceneGivesItsWordsPerLanguageAndKnownUnitsNeedNone() throws {
        let scene = try Self.scratch("languages.json", Self.twoLanguageScene)
        defer { try? FileManager.default.removeItem(at: scene) }
        let german = try Self.say("de", "set 2\nnext\nset 1\nset 5\n", ["--scene", scene.path])
        #expect(german.stdout == ["Temperatur, -10 Grad Celsius", "2 Grad Celsius", "Lautstärke, 0 Stufen", "1 Stufe", "5 Stufen"], "\(german.stdout)")
        let polish = try Self.say("pl", "set 2\nset 5\n", ["--scene", scene.path])
        // The Polish voice says nothing for "-": the catalog's word for the sign is said instead.
        #expect(polish.stdout == ["Temperatura, minus 10 stopni Celsjusza", "2 stopnie Celsjusza", "5 stopni Celsjusza"], "\(polish.stdout)")
        // A region's own words first, through its language's catalog; heard by the audit too.
        let regional = try Self.scratch("regional.json", #"{"controls": [{"kind": "ruler", "id": "w", "label": "Weight", "unit": "kg", "languages": {"de_AT": {"label": "Gewicht AT"}, "de": {"label": "Gewicht"}}}]}"#)
        defer { try? FileManager.default.removeItem(at: regional) }
        #expect(try Self.say("de_AT", "", ["--scene", regional.path]).stdout == ["Gewicht AT, 0 Kilogramm"])
        #expect(try Self.say("de", "", ["--scene", regional.path]).stdout == ["Gewicht, 0 Kilogramm"])
        let heard = try runPiped(["audit", regional.path, "--max-focus-words", "2"], input: "")
        #expect(heard.stdout.contains("on w in de_AT (\"Gewicht AT\")") && heard.stdout.contains("on w in de (\"Gewicht\")"), "\(heard.stdout)")
        // The demo's words in all five languages, written in the scene format and read back.
        let printed = try runPiped(["scene", "--print"], input: "")
        #expect(printed.status == 0, "\(printed.stderr)")
        for label in ["Gewicht", "Poids", "Peso", "Waga", "Kontostand", "Valoración"] {
            #expect(printed.stdout.contains("\"\(label)\""), "\(label): \(printed.stdout)")
        }
        let demo = try Self.scratch("demo.json", printed.stdout)
        defer { try? FileManager.default.removeItem(at: demo) }
        #expect(try Self.say("pl", "", ["--scene", demo.path]).stdout == ["Waga, 62 kilogramy"])
        // A language code that is none, and a unit no one knows by name, are refused.
        let bad = try Self.scratch("bad.json", #"{"controls": [{"kind": "ruler", "id": "x", "unit": "parsecs", "languages": {"../de": {"label": "X"}}}]}"#)
        defer { try? FileManager.default.removeItem(at: bad) }
        let refused = try runPiped(["scene", "--check", bad.path], input: "")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("is not a unit Sayline knows") && refused.stderr.contains("is not a language code"), "\(refused.stderr)")
    }

    /// The demo scene's labels per language are the catalogs' words (context "the demo
    /// scene's label"): it claims each language with a catalog and no other, written so by
    /// `scene --print` and by `save` in any session; the pseudo-language is not claimed,
    /// though a session in it says the demo's label from its catalog.
    @Test func theDemoClaimsEachLanguageWithACatalogAndNoOther() throws {
        func claims(_ json: String) throws -> [Set<String>] {
            let scene = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            return (scene?["controls"] as? [[String: Any]] ?? []).map { Set(($0["languages"] as? [String: Any] ?? [:]).keys) }
        }
        let shipped = Set(Self.shippedLanguages)
        let printed = try runPiped(["scene", "--print"], input: "")
        #expect(try claims(printed.stdout) == [shipped, shipped, shipped], "\(printed.stdout.prefix(600))")
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("demo-saved-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: saved) }
        let polish = try Self.say("pl", "inc\nsave \(saved.path)\n")
        #expect(polish.status == 0, "\(polish.stderr)")
        #expect(try claims(String(contentsOf: saved, encoding: .utf8)) == [shipped], "saved from a Polish session")
        let pseudo = try Self.say("qps", "")
        #expect(pseudo.stdout.first?.hasPrefix("[") == true, "\(pseudo.stdout)")
        #expect(!printed.stdout.contains("\"qps\""))
    }

    /// The audit hears each language the scene claims: findings name it, a German line is held
    /// to the budget, and a control missing a claimed language is a finding.
    @Test func theAuditHearsEachLanguageTheSceneClaims() throws {
        let scene = try Self.scratch("audited.json", Self.twoLanguageScene)
        defer { try? FileManager.default.removeItem(at: scene) }
        let result = try runPiped(["audit", scene.path, "--max-focus-words", "3"], input: "")
        #expect(result.status == 1)
        #expect(result.stdout.contains("language-complete on vol"), "\(result.stdout)")
        #expect(result.stdout.contains("no label in pl and no unit words in pl"))
        #expect(result.stdout.contains("announcement-length on temp in de (\"Temperatur\")"), "\(result.stdout)")
        #expect(result.stdout.contains("announcement-length on temp in pl"))
        #expect(!result.stdout.contains(" in fr"), "a language the scene does not claim is not heard")
        let json = try runPiped(["audit", scene.path, "--max-focus-words", "3", "--format", "json", "--language", "fr"], input: "")
        #expect(json.stdout.contains(#""temp in fr""#), "asked for, a language is heard: \(json.stdout.prefix(400))")
        let unknown = try runPiped(["audit", scene.path, "--language", "xx"], input: "")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("xx"))
    }

    /// `--speak` asks espeak-ng for the language's voice.
    @Test func speechAsksForTheLanguagesVoice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("said")
        let engine = folder.appendingPathComponent("espeak-ng")
        try "#!/bin/sh\necho \"$@\" >> '\(log.path)'\n".write(to: engine, atomically: true, encoding: .utf8)
        chmod(engine.path, 0o755)
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        _ = try runPiped(["--language", "pl", "--speak", "espeak-ng"], input: "inc\n", environment: ["PATH": path])
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(said.contains("-v pl -- 62,5 kilograma"), "\(said)")
    }

    /// `sayline install` puts each catalog where gettext looks beside `bin`, and the installed
    /// program speaks from there.
    @Test func installPutsTheCatalogsWhereTheProgramFindsThem() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("prefix-\(getpid())")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let installed = try runPiped(["install", "--prefix", prefix.path], input: "")
        #expect(installed.status == 0, "\(installed.stderr)")
        for code in Self.shippedLanguages {
            #expect(FileManager.default.fileExists(atPath: prefix.path + "/share/locale/\(code)/LC_MESSAGES/sayline.mo"), "\(code)")
        }
        let spoken = try runPiped([], input: "inc\n", environment: ["LANG": "es_ES.UTF-8"], executable: prefix.path + "/bin/sayline")
        #expect(spoken.stdout == "Peso, 62 kilogramos\n62,5 kilogramos\n", "\(spoken.stdout)")
        let removed = try runPiped(["uninstall", "--prefix", prefix.path], input: "")
        #expect(removed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: prefix.path + "/share/locale/de/LC_MESSAGES/sayline.mo"))
    }

    /// What a second reader found: a script means the same on every machine; the form just
    /// heard can be typed back; a unit is known by its words, never by a symbol alone; a
    /// remedy repeats the number as typed.
    @Test func scriptsUnitsAndRemediesMeanWhatTheySay() throws {
        let script = try Self.scratch("same.say", "inc\nexpect value weight 62.5\nset 70.5\nexpect value weight 70.5\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let german = try runPiped(["run", script.path], input: "", environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == 0 && german.stdout == "62.5 kilograms\n70.5 kilograms\n", "\(german.stdout) \(german.stderr)")
        #expect(try Self.say("pl", "set 70,5 kilograma\n").stdout.last == "70,5 kilograma")
        let units = try Self.scratch("units.json", #"{"controls": [{"kind": "ruler", "id": "t", "label": "T", "unit": {"singular": "minute", "plural": "minutes", "symbol": "m"}}, {"kind": "ruler", "id": "p", "label": "P", "unit": {"singular": "peso", "plural": "pesos", "symbol": "$"}}]}"#)
        defer { try? FileManager.default.removeItem(at: units) }
        #expect(try Self.say("de", "set 5\nnext\nset 5\n", ["--scene", units.path]).stdout == ["T, 0 Minuten", "5 Minuten", "P, 0 pesos", "5 pesos"])
        #expect(try Self.say("en", "set 1e400 pounds\n").stdout.last == "Wrong unit, pounds. Type 1e400 or 1e400 kilograms")
    }

    /// A catalog is code the program runs: one whose plural rule divides by something that can
    /// be zero (which `msgfmt --check` accepts), or whose tables point outside the file, is
    /// refused with one line and English spoken; a translation's escape sequences never reach
    /// the terminal; an installed copy never reads the folder its build compiled catalogs into;
    /// a program Sayline starts gets the person's LANGUAGE back.
    @Test func hostileCatalogsAreRefusedAndNeverReachTheTerminal() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalogs-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let program = root.appendingPathComponent("bin/sayline").path
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TerminalProcess.binary, toPath: program)
        let german = try String(contentsOf: Self.packageFolder.appendingPathComponent("Sources/Catalogs/de.po"), encoding: .utf8)
        func install(_ code: String, _ text: String, check: Bool = true) throws {
            let folder = root.appendingPathComponent("share/locale/\(code)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let po = root.appendingPathComponent("\(code).po")
            try text.write(to: po, atomically: true, encoding: .utf8)
            let compiled = try run("/usr/bin/msgfmt", (check ? ["--check"] : []) + ["-o", folder.appendingPathComponent("sayline.mo").path, po.path], in: root)
            #expect(compiled.status == 0, "\(compiled.output)")
        }
        // Divides by zero at n = 1001 only: msgfmt's check passes it.
        try install("xd", german.replacing("plural=(n != 1);", with: "plural=(n%(n-1001)!=0);"))
        let scene = try Self.scratch("thousand.json", #"{"controls": [{"kind": "ruler", "id": "w", "label": "Weight", "unit": "kg", "value": 1001, "min": 0, "max": 2000}]}"#)
        defer { try? FileManager.default.removeItem(at: scene) }
        let divided = try runPiped(["describe", "--scene", scene.path, "--language", "xd"], input: "", executable: program)
        #expect(divided.status == 0 && divided.stdout.hasPrefix("Weight, 1001 kilograms"), "\(divided.status) \(divided.stderr)")
        #expect(divided.stderr.contains("its plural rule divides by something other than a number above zero"))
        // Tables that point past the file's end.
        let damaged = root.appendingPathComponent("share/locale/zz/LC_MESSAGES")
        try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
        try Data([0xDE, 0x12, 0x04, 0x95, 0, 0, 0, 0, 1, 0, 0, 0, 28, 0, 0, 0, 36, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                  0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0, 0, 0, 0, 0, 0]).write(to: damaged.appendingPathComponent("sayline.mo"))
        let outside = try runPiped(["describe", "--language", "zz"], input: "", executable: program)
        #expect(outside.status == 0 && outside.stderr.contains("messages not read"), "\(outside.status) \(outside.stderr)")
        // Escape sequences and line breaks in a translation.
        try install("ev", german.replacing(#"msgstr "Keine Zahl, %s""#, with: #"msgstr "\033]0;PWNED\007Keine\033[31m Zahl\n, %s""#), check: false)
        let escaped = try runPiped(["--language", "ev"], input: "set abc\n", executable: program)
        #expect(escaped.stdout.contains("Keine Zahl") && !escaped.stdout.contains("\u{1B}") && !escaped.stdout.contains("\u{07}"), "\(escaped.stdout.debugDescription)")
        #expect(escaped.stdout.split(separator: "\n").count == 2)
        // The copy has no German beside it: English, though its build compiled German.
        let noGerman = try runPiped(["--language", "de"], input: "", executable: program)
        #expect(noGerman.stdout == "Weight, 62 kilograms\n", "\(noGerman.stdout)")
        // A change command gets the person's LANGUAGE, not the one Sayline set.
        let log = root.appendingPathComponent("language")
        let hook = root.appendingPathComponent("hook.sh")
        try "#!/bin/sh\necho \"[$LANGUAGE]\" >> '\(log.path)'\n".write(to: hook, atomically: true, encoding: .utf8)
        chmod(hook.path, 0o755)
        _ = try runPiped(["--language", "fr", "--on-change", hook.path], input: "inc\n", environment: ["LANGUAGE": "pl:en", "LANG": "pl_PL.UTF-8"])
        let heard = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(!heard.isEmpty && heard.split(separator: "\n").allSatisfy { $0 == "[pl:en]" }, "\(heard)")
    }

    /// Contracted braille with no table from BRLTTY: liblouis' own for the language.
    @Test func contractedBrailleTakesTheLanguagesTableFromLiblouis() {
        #expect(BrailleTranslator.contractionTable(forLanguage: "en") == "en-ueb-g2.ctb")
        #expect(BrailleTranslator.contractionTable(forLanguage: "de").hasSuffix("de-g2.ctb"))
        #expect(BrailleTranslator.contractionTable(forLanguage: "fr_FR").hasSuffix("fr-bfu-g2.ctb"))
        #expect(BrailleTranslator.contractionTable(forLanguage: "es").hasSuffix("es-g2.ctb"))
        // liblouis has no contracted Polish: its Polish table, never English contractions.
        #expect(BrailleTranslator.contractionTable(forLanguage: "pl").contains("/pl-"))
        // The German table contracts German words: "und" is one cell.
        let german = BrailleTranslator.contracted(table: BrailleTranslator.contractionTable(forLanguage: "de"))
        #expect(german.map { $0("und").unicodeScalars.count } == 1)
    }

    private func run(_ program: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}}
