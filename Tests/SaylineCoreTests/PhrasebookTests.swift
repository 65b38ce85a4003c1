import Testing
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession

/// The phrasebook in process, with a catalog of the test's own: what a language's marks do to
/// numbers said, shown and given to programs; placeholders in any order; plural forms chosen by
/// the catalog, not by English's rule; a thread's language its own.
@Suite struct PhrasebookTests {
    /// A catalog from a table: the plural rule is the test's (Polish's three forms).
    struct TableCatalog: MessageCatalog {
        let words: [String: String]
        let forms: [String: [String]]
        func translation(of message: String, context: String?) -> String? { words[(context.map { $0 + "|" } ?? "") + message] }
        func translation(of singular: String, plural: String, count: UInt64) -> String? {
            guard let forms = forms[singular] else { return nil }
            let form = count == 1 ? 0 : (2...4).contains(count % 10) && !(12...14).contains(count % 100) ? 1 : 2
            return forms[form]
        }
    }

    static let polish = Phrasebook(code: "pl", catalog: TableCatalog(
        words: ["decimal mark|.": ",", "digit group mark|,": "\u{00A0}", "the minus sign, said before a number|-": "minus ",
                "a number with decimals|%s kilograms": "%s kilograma", "%s to %s": "od %s do %s"],
        forms: ["%s kilogram": ["%s kilogram", "%s kilogramy", "%s kilogramów"]]))
    static let german = Phrasebook(code: "de", catalog: TableCatalog(
        words: ["decimal mark|.": ",", "digit group mark|,": ".", "Wrong unit, %s. Type %s or %s": "Falsche Einheit, %2$s oder %3$s eingeben, nicht %1$s"],
        forms: [:]))

    @Test func numbersAreSaidShownAndGivenInTheirOwnMarks() {
        Phrasebook.using(Self.german) {
            #expect(NumberText.spoken(12480.5, places: 1) == "12480,5")
            #expect(NumberText.format(12480.5, places: 1) == "12.480,5")
            // For programs: a point, no groups, whatever the language.
            #expect(NumberText.format(12480.5, places: 1, grouping: false) == "12480.5")
            #expect(NumberText.plainForPrograms(-0.25) == "-0.25")
        }
        Phrasebook.using(Self.polish) {
            // Shown with a no-break space; said with no space between digits, ever.
            #expect(NumberText.format(12480.5, places: 1) == "12\u{00A0}480,5")
            #expect(NumberText.spoken(-12480.5, places: 1) == "minus 12480,5")
            let million = NumberText.spoken(1_000_000, places: 0)
            let spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}"]
            #expect(million == "1000000" && !million.contains(where: spaces.contains))
        }
        #expect(NumberText.format(12480.5, places: 1) == "12,480.5", "English outside")
    }

    @Test func pluralFormsComeFromTheCatalogNotFromEnglishsRule() {
        let weight = AdjustableElement(identity: ControlIdentity(id: "w", label: "Waga", unit: UnitWords(known: "kg")),
                                       control: RulerPicker(minimum: 0, maximum: 30, step: 0.5), value: 1)
        let values: [Double] = [1, 2, 5, 22, 12, 1.5]
        let said: [String] = Phrasebook.using(Self.polish) { values.map { weight.holding($0).spokenValue } }
        #expect(said == ["1 kilogram", "2 kilogramy", "5 kilogramów", "22 kilogramy", "12 kilogramów", "1,5 kilograma"])
        #expect(Phrasebook.using(Self.polish) { weight.rangeSentence } == "od 0 do 30")
    }

    /// A catalog whose plural begins at 2, and which says a number with decimals takes its whole
    /// part's form: French's rule (0 and 1 are one) and its setting.
    struct WholePartCatalog: MessageCatalog {
        let wholePart: Bool
        func translation(of message: String, context: String?) -> String? {
            switch (context, message) {
            case ("decimal mark", "."): ","
            case ("the plural form for a number with decimals", "own form"): wholePart ? "whole part" : "own form"
            case ("a number with decimals", "%s kilograms"): "%s kilogrammes (own form)"
            default: nil
            }
        }
        func translation(of singular: String, plural: String, count: UInt64) -> String? {
            singular == "%s kilogram" ? (count > 1 ? "%s kilogrammes" : "%s kilogramme") : nil
        }
    }

    /// The catalog says which form a number with decimals takes: one of its own (Polish, and a
    /// catalog that says nothing), or its whole part's, by the catalog's plural rule.
    @Test func aNumberWithDecimalsTakesTheFormItsCatalogSays() {
        let weight = AdjustableElement(identity: ControlIdentity(id: "w", label: "Poids", unit: UnitWords(known: "kg")),
                                       control: RulerPicker(minimum: -30, maximum: 30, step: 0.5), value: 1)
        let values: [Double] = [0.5, 1, 1.5, 2, 2.5, -1.5, -2.5, 0]
        let french = Phrasebook(code: "fr", catalog: WholePartCatalog(wholePart: true))
        #expect(french.decimalsTakeTheWholePartsForm)
        #expect(Phrasebook.using(french) { values.map { weight.holding($0).spokenValue } }
                == ["0,5 kilogramme", "1 kilogramme", "1,5 kilogramme", "2 kilogrammes", "2,5 kilogrammes", "-1,5 kilogramme", "-2,5 kilogrammes", "0 kilogramme"])
        let ownForm = Phrasebook(code: "xx", catalog: WholePartCatalog(wholePart: false))
        #expect(!ownForm.decimalsTakeTheWholePartsForm)
        #expect(Phrasebook.using(ownForm) { weight.holding(1.5).spokenValue } == "1,5 kilogrammes (own form)")
        #expect(Phrasebook.using(Self.polish) { weight.holding(0.5).spokenValue } == "0,5 kilograma")
        #expect(!Phrasebook.english.decimalsTakeTheWholePartsForm)
        #expect(weight.holding(1.5).spokenValue == "1.5 kilograms")
    }

    @Test func placeholdersMayBeReorderedAndNeverTrap() {
        let rejection = Rejection(.wrongUnit(number: "65", unit: "pounds", expected: "65 Kilogramm"), input: "65 pounds")
        #expect(Phrasebook.using(Self.german) { rejection.message } == "Falsche Einheit, 65 oder 65 Kilogramm eingeben, nicht pounds")
        #expect(Phrasebook.fill("%s and %s", ["a"]) == "a and ")
        #expect(Phrasebook.fill("%9$s %2$s %% %q", ["a", "b"]) == " b % %q")
        #expect(Phrasebook.fill("100%", []) == "100%")
    }

    /// A template split ahead fills as `fill` scanned it: every kind of placeholder, `%%`, a
    /// `%` that starts none, places past the arguments, and bytes beyond ASCII.
    @Test func templatesFillAsTheyAreWritten() {
        let cases: [(String, [String], String)] = [
            ("%s and %s", ["a"], "a and "), ("%9$s %2$s %% %q", ["a", "b"], " b % %q"), ("100%", [], "100%"),
            ("%2$s, %1$s", ["eins", "zwei"], "zwei, eins"), ("%0$s|%1000$s|%s", ["x"], "|%1000$s|x"), ("%", ["a"], "%"),
            ("%%s", ["a"], "%s"), ("%1$", ["a"], "%1$"), ("od %s do %s", ["40", "120"], "od 40 do 120"),
            ("«\u{00A0}%s\u{00A0}»", ["62,5"], "«\u{00A0}62,5\u{00A0}»"), ("no placeholder", ["a"], "no placeholder"), ("", [], ""),
        ]
        for (template, arguments, expected) in cases {
            #expect(Phrasebook.fill(template, arguments) == expected, "\(template)")
            #expect(MessageTemplate(template).filled(arguments) == expected, "\(template)")
            let written = Phrase.make { phrase in
                MessageTemplate(template).write(into: &phrase, count: arguments.count) { place, phrase in phrase.append(arguments[place]) }
            }
            #expect(written == expected, "\(template) written")
        }
    }

    /// A message is found again by its strings' identity: the same words made at run time are
    /// the same message, and strings made and dropped one after another (whose storage the
    /// allocator hands out again) each get their own words, never another's.
    @Test func messagesAreFoundByIdentityAndNeverConfused() {
        let book = Phrasebook(code: "xx", catalog: TableCatalog(words: ["one": "eins", "two": "zwei", "%s to %s": "od %s do %s"], forms: [:]))
        Phrasebook.using(book) {
            #expect(translated("%s to %s", "1", "2") == "od 1 do 2")
            let made = String(["%s to ", "%s"].joined())
            #expect(translated(made, "1", "2") == "od 1 do 2")
            for round in 0..<2_000 {
                // Long enough to live on the heap, and different at each round.
                let message = String(repeating: round % 2 == 0 ? "one" : "two", count: 1) + String(repeating: " ", count: 0)
                let longer = String(repeating: "x", count: 20 + round % 7) + String(round)
                #expect(book.text(message) == (round % 2 == 0 ? "eins" : "zwei"))
                #expect(book.text(longer) == longer)
            }
        }
    }

    /// A catalog that gives a counted message's forms at once, and its rule, says what one
    /// asked count by count says.
    @Test func pluralFormsAtOnceAreThoseAskedOneByOne() {
        struct FormsCatalog: MessageCatalog {
            let inner: TableCatalog
            func translation(of message: String, context: String?) -> String? { inner.translation(of: message, context: context) }
            func translation(of singular: String, plural: String, count: UInt64) -> String? { inner.translation(of: singular, plural: plural, count: count) }
            func pluralForms(of singular: String, plural: String) -> [String?]? { inner.forms[singular] }
            func pluralForm(for count: UInt64) -> Int? { count == 1 ? 0 : (2...4).contains(count % 10) && !(12...14).contains(count % 100) ? 1 : 2 }
        }
        let table = TableCatalog(words: [:], forms: ["%s kilogram": ["%s kilogram", "%s kilogramy", "%s kilogramów"]])
        let atOnce = Phrasebook(code: "pl", catalog: FormsCatalog(inner: table))
        let oneByOne = Phrasebook(code: "pl", catalog: table)
        for count in [0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 102, 112, 1_000_002, -2] {
            #expect(atOnce.text("%s kilogram", plural: "%s kilograms", count: count) == oneByOne.text("%s kilogram", plural: "%s kilograms", count: count), "\(count)")
        }
        #expect(atOnce.text("%s gram", plural: "%s grams", count: 1) == "%s gram", "untranslated: English's rule")
        #expect(atOnce.text("%s gram", plural: "%s grams", count: 3) == "%s grams")
    }

    /// German typed with its decimal comma; a point that could be read two ways is refused.
    @Test func typedValuesTakeTheLanguagesMark() {
        Phrasebook.using(Self.german) {
            #expect(TypedValue.parse("62,5", unit: nil) == .success(.number(62.5)))
            #expect(TypedValue.parse("12.480,5", unit: nil) == .success(.number(12480.5)))
            guard case .failure(let twoWays) = TypedValue.parse("12.480", unit: nil) else { Issue.record("12.480 was taken"); return }
            #expect(twoWays.reason == .twoReadings(grouped: "12480", decimal: "12,48"))
            guard case .failure(let point) = TypedValue.parse("62.5", unit: nil) else { Issue.record("62.5 was taken"); return }
            #expect(point.reason == .decimalPoint)
        }
        #expect(TypedValue.parse("12,480", unit: nil) == .success(.number(12480)), "English groups with a comma")
        // Where the language groups with a space, a space before three digits groups them.
        Phrasebook.using(Self.polish) {
            #expect(TypedValue.parse("12 480,5", unit: nil) == .success(.number(12480.5)))
            #expect(TypedValue.parse("1\u{00A0}234", unit: nil) == .success(.number(1234)))
            #expect(TypedValue.parse("65 kg", unit: UnitWords(known: "kg")) == .success(.number(65)))
        }
    }

    /// Another thread speaks its own language: what one sets is not another's.
    @Test func eachThreadHasItsOwnPhrasebook() async {
        async let german = Task.detached { Phrasebook.using(Self.german) { NumberText.spoken(0.5, places: 1) } }.value
        async let english = Task.detached { NumberText.spoken(0.5, places: 1) }.value
        let (said, plain) = await (german, english)
        #expect(said == "0,5")
        #expect(plain == "0.5")
    }
}
