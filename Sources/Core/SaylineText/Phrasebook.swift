import CPhrasebookSlot
/// Where a language's words come from. The program hands the core a catalog (GNU gettext's,
/// compiled from `Sources/Catalogs/LL.po`); the core never opens one, so it still does no I/O.
/// A nil answer means the catalog has no translation and the English words are used.
public protocol MessageCatalog: Sendable {
    /// The translation of `message`, said in `context` when the same English words mean two
    /// things ("." as the decimal mark).
    func translation(of message: String, context: String?) -> String?
    /// The form of `singular`/`plural` for `count`, chosen by the catalog's own plural rule
    /// (Polish has three forms, French counts 0 as one).
    func translation(of singular: String, plural: String, count: UInt64) -> String?
    /// Every form of a counted message, in the catalog's order, when the catalog can give them
    /// at once and say which one a count takes (`pluralForm(for:)`); nil where it cannot, or
    /// has no translation, and each count is then asked for on its own (as for a form it
    /// cannot give at once: nil in its place).
    func pluralForms(of singular: String, plural: String) -> [String?]?
    /// Which of a counted message's forms (`pluralForms`) the catalog's plural rule gives
    /// `count`: Polish 1 is 0, 2 is 1, 5 is 2. Answers whenever `pluralForms` does.
    func pluralForm(for count: UInt64) -> Int?
}

extension MessageCatalog {
    public func pluralForms(of singular: String, plural: String) -> [String?]? { nil }
    public func pluralForm(for count: UInt64) -> Int? { nil }
}

/// Every sentence a person hears or reads, looked up in one place: the English words in the
/// source are the keys, a catalog gives a language's own. The phrasebook in use is the
/// thread's (`Phrasebook.current`), set by the program once it knows the person's language
/// (`Phrasebook.using`), so the dozens of places that make a sentence need no argument
/// threaded to them, and a test or an audit's pass in another language hears its own
/// language without touching another thread's.
/// A class: the phrasebook is read for every sentence and number, and one reference is one
/// count, where a struct of four strings and a catalog was five at every read.
public final class Phrasebook: Sendable {
    /// The language's code as catalogs name it: "en", "de", "pt_BR".
    public let code: String
    /// The language as the person named it, when more exact than the catalog's: "de_AT" for a
    /// person in Austria heard through the German catalog. A scene's own words for "de_AT" come
    /// before its words for "de".
    public let regional: String?
    /// The catalog, held by a class: an optional existential made its generic metadata at every
    /// start, for English, which has none.
    private let held: HeldCatalog?
    private final class HeldCatalog: Sendable {
        let catalog: any MessageCatalog
        init(_ catalog: any MessageCatalog) { self.catalog = catalog }
    }
    /// Each message asked for, made ready once: its template, found again by the identity of
    /// the strings it was asked with.
    private let prepared = PreparedMessages()
    /// The decimal mark said and shown ("." in English, "," in German), as the catalog gives it.
    public let decimalMark: UInt8
    /// What groups digits in threes on the screen: "," in English, "." in German, a narrow
    /// no-break space in French. Never in what is spoken.
    public let groupMark: String
    /// What is said before a negative number: "-" in English, whose voice says "minus"; a word
    /// where the language's voice says nothing for the sign ("moins " for French).
    public let minusMark: String
    /// Whether a number with decimals takes the counted form of its whole part ("1,5 kilogramme",
    /// "2,5 kilogrammes" in French, whose plural begins at 2) rather than the form of its own
    /// that the messages in the context "a number with decimals" give (Polish "62,5 kilograma").
    /// The catalog says which; English, German, Spanish and Polish keep their own form.
    public let decimalsTakeTheWholePartsForm: Bool

    /// The source language: every message as it is written, English plural rules.
    public static let english = Phrasebook(sourceLanguage: "en")

    /// The phrasebook in use on this thread; English until the program says otherwise.
    public static var current: Phrasebook {
        guard let slot = phrasebook_slot_get() else { return english }
        return Unmanaged<Phrasebook>.fromOpaque(slot).takeUnretainedValue()
    }

    /// Whether this thread speaks the source language: read before each sentence and number,
    /// so it counts no reference.
    @inline(__always)
    public static var speaksEnglish: Bool {
        guard let slot = phrasebook_slot_get() else { return true }
        return Unmanaged<Phrasebook>.fromOpaque(slot)._withUnsafeGuaranteedRef { $0.isEnglish }
    }

    /// `body` given this thread's phrasebook without counting a reference to it: for what is
    /// read of it for every number.
    @inline(__always)
    public static func reading<Result>(_ body: (Phrasebook) -> Result) -> Result {
        guard let slot = phrasebook_slot_get() else { return body(english) }
        return Unmanaged<Phrasebook>.fromOpaque(slot)._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with `book` as this thread's phrasebook, then puts back the one before.
    public static func using<Result>(_ book: Phrasebook, _ body: () throws -> Result) rethrows -> Result {
        let previous = phrasebook_slot_get()
        // The slot holds no count: `book` is kept alive here until the slot is given back.
        phrasebook_slot_set(Unmanaged.passUnretained(book).toOpaque())
        defer {
            phrasebook_slot_set(previous)
            withExtendedLifetime(book) {}
        }
        return try body()
    }

    /// A language's phrasebook. Its number marks come from the catalog, like every other
    /// word, so a new language is a catalog and no code.
    /// The source language's phrasebook, made with no catalog in hand: a catalog parameter,
    /// even a nil one, made the existential's metadata at every start.
    private init(sourceLanguage code: String) {
        self.code = code
        regional = nil
        held = nil
        isEnglish = true
        decimalMark = UInt8(ascii: ".")
        groupMark = ","
        minusMark = "-"
        decimalsTakeTheWholePartsForm = false
    }

    public init(code: String, catalog: (any MessageCatalog)?, regional: String? = nil) {
        self.code = code
        self.regional = regional == code ? nil : regional
        guard let catalog else {
            held = nil
            isEnglish = true
            // The source language's marks, with no lookup: English is made at every start.
            decimalMark = UInt8(ascii: ".")
            groupMark = ","
            minusMark = "-"
            decimalsTakeTheWholePartsForm = false
            return
        }
        held = HeldCatalog(catalog)
        isEnglish = false
        let decimal = catalog.translation(of: ".", context: "decimal mark") ?? "."
        // Only a point or a comma: a mark of any other shape would make a number no reader reads.
        decimalMark = decimal == "," ? UInt8(ascii: ",") : UInt8(ascii: ".")
        let group = catalog.translation(of: ",", context: "digit group mark") ?? ","
        groupMark = [",", ".", "\u{202F}", "\u{00A0}", "'", "\u{2019}"].contains(group) && group != decimal ? group : ""
        let minus = catalog.translation(of: "-", context: "the minus sign, said before a number") ?? "-"
        // A word or the sign, never a digit or a mark that would change the number.
        minusMark = !minus.isEmpty && minus.count <= 12 && !minus.contains(where: { $0.isNumber || $0 == "." || $0 == "," }) ? minus : "-"
        // Only the one other word changes the form: a translation of the words is the form of its own.
        decimalsTakeTheWholePartsForm = catalog.translation(of: "own form", context: "the plural form for a number with decimals") == "whole part"
    }

    /// A scene's words in this language: the regional ones first ("de_AT", then "de").
    /// Inlinable: made for the words' own type where it is read (every focus), not looked up
    /// through the generic dictionary's witnesses.
    @inlinable
    public func entry<Words>(in languages: [String: Words]) -> Words? {
        if let regional, let words = languages[regional] { return words }
        return languages[code]
    }

    /// Whether this is the source language, whose words need no lookup (kept: reading the
    /// catalog to compare it with nil copied an existential for every sentence).
    public let isEnglish: Bool

    /// The language's name in itself, for `sayline config` and the start-up notice: "Deutsch".
    public var languageName: String { text("English", context: "this language's name") }

    /// `message` in this language.
    @inline(__always)
    public func text(_ message: String) -> String {
        guard held != nil else { return message }
        return template(message).text
    }

    /// `message` in this language, in a context the English words alone do not tell.
    public func text(_ message: String, context: String) -> String {
        guard held != nil else { return message }
        return template(message, context: context).text
    }

    /// The form of a counted message for `count`: the catalog's plural rule, or English's
    /// (one is singular) for the source language.
    public func text(_ singular: String, plural: String, count: Int) -> String {
        guard held != nil else { return count.magnitude == 1 ? singular : plural }
        return template(singular, plural: plural, count: count).text
    }

    /// The catalog's translation of `message` in `context`, or nil where it has none (and for
    /// the source language, which has no catalog): for words a scene claims only where the
    /// language has them (the demo scene's labels).
    public func translation(of message: String, context: String) -> String? {
        held?.catalog.translation(of: message, context: context)
    }

    /// `message` in this language, split at its placeholders: made once, then kept.
    public func template(_ message: String, context: String? = nil) -> MessageTemplate {
        let key = PreparedMessages.Key(message, context, kind: context == nil ? .plain : .inContext)
        let answer = prepared.answer(key, holding: (message, context)) {
            let words = held?.catalog.translation(of: message, context: context) ?? message
            return .one(MessageTemplate(words))
        }
        guard case .one(let template) = answer else { return MessageTemplate(message) }
        return template
    }

    /// The form of a counted message for `count`, split at its placeholders. Its forms are made
    /// once and the catalog's rule picks one, where the catalog can say so; else each count's
    /// answer is kept on its own.
    public func template(_ singular: String, plural: String, count: Int) -> MessageTemplate {
        let magnitude = UInt64(count.magnitude)
        guard let catalog = held?.catalog else {
            let answer = prepared.answer(PreparedMessages.Key(singular, plural, kind: .counted), holding: (singular, plural)) {
                .forms([MessageTemplate(singular), MessageTemplate(plural)])
            }
            guard case .forms(let forms) = answer, forms.count == 2, let template = forms[magnitude == 1 ? 0 : 1] else {
                return MessageTemplate(magnitude == 1 ? singular : plural)
            }
            return template
        }
        let answer = prepared.answer(PreparedMessages.Key(singular, plural, kind: .counted), holding: (singular, plural)) {
            .forms(catalog.pluralForms(of: singular, plural: plural)?.map { $0.map(MessageTemplate.init) } ?? [])
        }
        // Past the forms there are, glibc says the first: so does this.
        if case .forms(let forms) = answer, !forms.isEmpty, let form = catalog.pluralForm(for: magnitude), let template = forms[form < forms.count ? form : 0] {
            return template
        }
        let once = prepared.answer(PreparedMessages.Key(singular, plural, count: magnitude, kind: .countedOnce), holding: (singular, plural)) {
            .one(MessageTemplate(catalog.translation(of: singular, plural: plural, count: magnitude) ?? (magnitude == 1 ? singular : plural)))
        }
        guard case .one(let template) = once else { return MessageTemplate(magnitude == 1 ? singular : plural) }
        return template
    }

    /// Words the language makes of a message, made at the first ask (for `message` and `tag`)
    /// and kept: a unit's forms as a person types them, lower-cased once rather than at each
    /// value typed. `message` names them: a literal, or a string kept alive.
    public func words(derivedFrom message: String, tag: UInt64 = 0, _ make: () -> [String]) -> [String] {
        let answer = prepared.answer(PreparedMessages.Key(message, nil, count: tag, kind: .derived), holding: (message, nil)) { .words(make()) }
        guard case .words(let words) = answer else { return make() }
        return words
    }

    /// Fills `%s` (in order) and `%1$s`, `%2$s` (by place, for a language that needs another
    /// order) with `arguments`; `%%` is a percent sign. A placeholder with no argument is left
    /// out rather than trapping.
    public static func fill(_ template: String, _ arguments: [String]) -> String {
        guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
        return MessageTemplate(template).filled(arguments)
    }
}

extension Phrasebook {
    /// What a catalog says of its language beyond its sentences, read by `init` and
    /// `languageName`; listed here so the catalogs carry them.
    static let languageSettings = [
        // Translators: the decimal mark, "." or ",": "62.5" is "62,5" in German.
        translatableIn("decimal mark", "."),
        // Translators: what groups digits in threes on the screen (never in speech): ",", ".",
        // a narrow no-break space (U+202F) or a no-break space (U+00A0).
        translatableIn("digit group mark", ","),
        // Translators: the language's name in itself: "Deutsch", "français".
        translatableIn("this language's name", "English"),
        // Translators: what is said before a negative number. Keep "-" where the language's
        // espeak-ng voice says the sign (German, English); else the word and a space: French
        // "moins ", Spanish "menos ", Polish "minus " (their voices say nothing for "-3").
        translatableIn("the minus sign, said before a number", "-"),
        // Translators: which form a unit takes after a number with decimals. Write one of these
        // two, in English, as it is: "own form" takes the messages in the context "a number with
        // decimals" (Polish "62,5 kilograma", German "0,5 Kilogramm", Spanish "1,5 kilogramos");
        // "whole part" takes the counted form of the number's whole part, by this catalog's
        // plural rule (French, whose plural begins at 2: "0,5 étoile", "1,5 kilogramme",
        // "2,5 kilogrammes").
        translatableIn("the plural form for a number with decimals", "own form"),
    ]
}

extension Phrasebook: Equatable {
    /// Two phrasebooks of one language are the same: a language has one catalog.
    public static func == (lhs: Phrasebook, rhs: Phrasebook) -> Bool { lhs.code == rhs.code }
}
