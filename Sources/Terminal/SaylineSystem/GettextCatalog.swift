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
    /// Each message's translation in this catalog, once glibc has answered it: a catalog never
    /// changes under a running program, and glibc's own lookup (its lock, LANGUAGE read again,
    /// a search by string compare, the plural rule evaluated) under this program's lock was a
    /// third of a German script's time. Bounded: a program asks for a few hundred messages.
    private let remembered = Mutex<[Remembered: String?]>([:])
    /// How many messages are remembered at most.
    private static let rememberedLimit = 4_096

    /// A message as it was asked for: its words, its context, and for a counted message its
    /// plural and count.
    private struct Remembered: Hashable {
        let message: String
        let context: String?
        let plural: String?
        let count: UInt64
    }

    /// The translation remembered for `asked`, or glibc's answer, remembered.
    private func remembering(_ asked: Remembered, _ lookUp: () -> String?) -> String? {
        if let known = remembered.withLock({ $0[asked] }) { return known }
        let answer = lookUp()
        remembered.withLock { table in
            if table.count < Self.rememberedLimit { table[asked] = .some(answer) }
        }
        return answer
    }

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
    }

    /// Runs `lookup` with this catalog the one glibc looks up, under the lock: another thread's
    /// catalog can neither change LANGUAGE between the switch and the lookup nor while glibc
    /// reads it.
    private func inForce<Result>(_ lookup: (inout InForce) -> Result) -> Result {
        return Self.inForce.withLock { state in
            if state.key != key {
                if state.personsLanguage == nil { state.personsLanguage = .some(getenv("LANGUAGE").map { String(cString: $0) }) }
                setenv("LANGUAGE", code, 1)
                _ = bindtextdomain(Self.domain, folder)
                _ = bind_textdomain_codeset(Self.domain, "UTF-8")
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
        guard kept.contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\r\n" }) else { return kept }
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

    public func translation(of message: String, context: String?) -> String? {
        remembering(Remembered(message: message, context: context, plural: nil, count: 0)) { lookUp(message, context: context) }
    }

    public func translation(of singular: String, plural: String, count: UInt64) -> String? {
        remembering(Remembered(message: singular, context: nil, plural: plural, count: count)) { lookUp(singular, plural: plural, count: count) }
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
