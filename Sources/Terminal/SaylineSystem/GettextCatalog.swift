import Glibc
import CSystem
import SaylineText
import Synchronization

/// The program's message catalogs through glibc's gettext: `LL/LC_MESSAGES/sayline.mo` under a
/// folder, compiled by `msgfmt` from `Sources/Catalogs/LL.po`, plural forms evaluated from the
/// catalog's own `Plural-Forms`.
///
/// Glibc picks the catalog by the LANGUAGE variable when the messages locale is not "C"; the
/// program has already chosen the language itself (it needs no generated locale), so it sets
/// the messages locale to C.UTF-8, which every glibc system has, and LANGUAGE to the choice.
public final class GettextCatalog: MessageCatalog, Sendable {
    public static let domain = "sayline"
    /// The catalog glibc looks up now, as "folder|code". One process has one LANGUAGE and one
    /// folder for the domain: a catalog not the one in force makes itself so before it looks a
    /// word up (an audit hears a scene in each of its languages in turn, from whichever folder
    /// each was found in, then speaks the person's again).
    private static let inForce = Mutex<InForce>(InForce())

    /// The catalog in force, the words already made from it, and the LANGUAGE it replaced:
    /// one lock for all the process state gettext's catalogs touch.
    private struct InForce {
        var key = ""
        /// Each translation made into a cleaned string once, by where glibc keeps it: a catalog
        /// glibc has loaded stays mapped for the process's life, so an address names one text.
        var made: [UInt: String] = [:]
        /// The LANGUAGE the person had, given back to every program Sayline starts: the
        /// catalogs' choice is Sayline's, not theirs. Nil until a catalog sets it; then nil
        /// inside for unset.
        var personsLanguage: String?? = nil
    }
    /// The catalog's language code: "de".
    public let code: String
    /// The folder it was found in (`LL/LC_MESSAGES/sayline.mo` below it).
    public let folder: String
    /// "folder|code", made once: compared with the catalog in force at every lookup.
    private let key: String
    /// Between a message's context and its words in a catalog, as msgfmt writes it.
    private static let contextSeparator = "\u{04}"
    /// The catalog's plural rule, read from its header as glibc reads it: a counted message's
    /// forms are then looked up once, and the rule picks one for any count. Nil where glibc's
    /// reading of the header cannot be matched: each count is then asked of glibc.
    private let pluralRule: PluralRule?

    /// Why a catalog was not used, for the one line that says so.
    public enum Refusal: Error, Equatable {
        case missing
        case untrusted(String)
        case damaged(String)
    }

    /// Opens the language's catalog in `folder`. A catalog is code the program runs (glibc
    /// evaluates its plural rule and follows its offsets): one others could have written, one
    /// whose tables point outside the file, or one whose plural rule could divide by zero is
    /// refused before glibc reads it.
    public static func open(language code: String, folder: String) -> Result<GettextCatalog, Refusal> {
        let file = folder + "/" + code + "/LC_MESSAGES/" + domain + ".mo"
        guard access(file, R_OK) == 0 else { return .failure(.missing) }
        if let why = SettingsTrust.doubt(file, foldersUpTo: nil) { return .failure(.untrusted(why)) }
        switch FileAccess.read(file, limit: 16 << 20) {
        case .failure: return .failure(.missing)
        case .success(let bytes):
            if let problem = CatalogFile.problem(bytes) { return .failure(.damaged(FileAccess.shown(file) + ": " + problem)) }
        }
        guard setlocale(LC_MESSAGES, "C.UTF-8") != nil || setlocale(LC_MESSAGES, "C.utf8") != nil else { return .failure(.missing) }
        let catalog = GettextCatalog(code: code, folder: folder)
        // A catalog that answers nothing (its language name untranslated) is not one.
        guard catalog.translation(of: "English", context: "this language's name") != nil else { return .failure(.missing) }
        return .success(catalog)
    }

    private init(code: String, folder: String) {
        self.code = code
        self.folder = folder
        key = folder + "|" + code
        // The header is the translation of "": read now, as the first sentence said counts.
        let header = Self.inForce(of: key, code: code, folder: folder) { _ in dcgettext(Self.domain, "", LC_MESSAGES).map { String(cString: $0) } }
        pluralRule = header.flatMap { PluralRule(header: $0) }
    }

    /// Runs `lookup` with this catalog the one glibc looks up, under the lock: another thread's
    /// catalog can neither change LANGUAGE between the switch and the lookup nor while glibc
    /// reads it.
    private func inForce<Result>(_ lookup: (inout InForce) -> Result) -> Result {
        Self.inForce(of: key, code: code, folder: folder, lookup)
    }

    /// `inForce` for the catalog `key` names, in `folder`, for `code`.
    private static func inForce<Result>(of key: String, code: String, folder: String, _ lookup: (inout InForce) -> Result) -> Result {
        return Self.inForce.withLock { state in
            if state.key != key {
                if state.personsLanguage == nil { state.personsLanguage = .some(getenv("LANGUAGE").map { String(cString: $0) }) }
                setenv("LANGUAGE", code, 1)
                _ = bindtextdomain(domain, folder)
                _ = bind_textdomain_codeset(domain, "UTF-8")
                // glibc keeps what it found; the counter tells it the catalog changed.
                catalogs_changed()
                state.key = key
            }
            return lookup(&state)
        }
    }

    /// The translation at `found` as a string, cleaned of what a terminal would act on: made
    /// once, then kept (cleaning is a scan by character, and a script says the same words a
    /// hundred thousand times).
    private static func made(_ found: UnsafeMutablePointer<CChar>, in state: inout InForce) -> String {
        let address = UInt(bitPattern: found)
        if let kept = state.made[address] { return kept }
        let text = cleaned(String(cString: found))
        state.made[address] = text
        return text
    }

    /// A translation without escape sequences, control characters or line breaks, its spaces
    /// as they are: a minus word ends in one, and a group mark is a no-break space.
    private static func cleaned(_ text: String) -> String {
        let kept = TextSanitiser.cleanKeepingLayout(text)
        // By bytes, not by character: no line feed or tab (a return is a control character,
        // already gone), nothing to change.
        guard kept.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return kept }
        return String(kept.map { $0 == "\n" || $0 == "\t" || $0 == "\r\n" ? " " : $0 })
    }

    /// `KEY=VALUE` entries for a program Sayline starts: `environment` (or Sayline's own) with
    /// LANGUAGE as the person had it, or nil when no catalog has changed it.
    package static func childEnvironment(_ environment: [String]?) -> [String]? {
        guard let kept = inForce.withLock({ $0.personsLanguage }) else { return environment }
        var entries = environment ?? {
            var own: [String] = []
            var index = 0
            while let entry = environ[index] {
                own.append(String(cString: entry))
                index += 1
            }
            return own
        }()
        entries.removeAll { $0.hasPrefix("LANGUAGE=") }
        if let original = kept { entries.append("LANGUAGE=" + original) }
        return entries
    }

    /// Each answer is made once by the phrasebook that asks (`Phrasebook.template`), which keeps
    /// it: glibc's lookup (its lock, LANGUAGE read again, a search by string compare, the plural
    /// rule evaluated) under this program's lock is asked once a message.
    public func translation(of message: String, context: String?) -> String? {
        lookUp(message, context: context)
    }

    public func translation(of singular: String, plural: String, count: UInt64) -> String? {
        lookUp(singular, plural: plural, count: count)
    }

    public func pluralForms(of singular: String, plural: String) -> [String?]? {
        guard let rule = pluralRule else { return nil }
        // For each form, glibc's answer for the first count that takes it; a form no count
        // below 1,000 takes is asked for count by count.
        var counts = [UInt64?](repeating: nil, count: rule.count)
        var found = 0
        var count: UInt64 = 0
        while found < rule.count, count < 1_000 {
            let form = rule.form(for: count)
            if counts[form] == nil {
                counts[form] = count
                found += 1
            }
            count += 1
        }
        var forms: [String?] = []
        for count in counts {
            guard let count else {
                forms.append(nil)
                continue
            }
            // Untranslated: English's rule, count by count.
            guard let words = lookUp(singular, plural: plural, count: count) else { return nil }
            forms.append(words)
        }
        return forms
    }

    public func pluralForm(for count: UInt64) -> Int? {
        pluralRule?.form(for: count)
    }

    /// glibc's answer for a message, in a context or none.
    private func lookUp(_ message: String, context: String?) -> String? {
        let lookedUp = context.map { $0 + Self.contextSeparator + message } ?? message
        return inForce { state in lookedUp.withCString { keyPointer in
            guard let found = dcgettext(Self.domain, keyPointer, LC_MESSAGES) else { return nil }
            // Untranslated, gettext hands back the very pointer it was given.
            if UnsafeRawPointer(found) == UnsafeRawPointer(keyPointer) { return nil }
            return Self.made(found, in: &state)
        } }
    }

    /// glibc's answer for a counted message: the form its plural rule gives `count`.
    private func lookUp(_ singular: String, plural: String, count: UInt64) -> String? {
        inForce { state in singular.withCString { one in
            plural.withCString { other in
                guard let found = dcngettext(Self.domain, one, other, UInt(count), LC_MESSAGES) else { return nil }
                if UnsafeRawPointer(found) == UnsafeRawPointer(one) || UnsafeRawPointer(found) == UnsafeRawPointer(other) { return nil }
                return Self.made(found, in: &state)
            }
        } }
    }
}
