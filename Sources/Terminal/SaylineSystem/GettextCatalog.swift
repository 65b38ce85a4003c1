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
    /// The language glibc looks up now. One process has one LANGUAGE: a catalog whose
    /// language is not the one in force makes it so before it looks a word up (an audit hears a
    /// scene in each of its languages in turn, then speaks the person's again).
    private static let inForce = Mutex<String>("")
    /// The catalog's language code: "de".
    public let code: String
    /// Between a message's context and its words in a catalog, as msgfmt writes it.
    private static let contextSeparator = "\u{04}"

    /// Opens the language's catalog in `folder`, or nil when it has none there.
    /// Call before any other thread starts: it sets the process's LANGUAGE and messages locale.
    public static func open(language code: String, folder: String) -> GettextCatalog? {
        let file = folder + "/" + code + "/LC_MESSAGES/" + domain + ".mo"
        guard access(file, R_OK) == 0 else { return nil }
        guard setlocale(LC_MESSAGES, "C.UTF-8") != nil || setlocale(LC_MESSAGES, "C.utf8") != nil else { return nil }
        guard bindtextdomain(domain, folder) != nil, bind_textdomain_codeset(domain, "UTF-8") != nil else { return nil }
        let catalog = GettextCatalog(code: code)
        // A catalog that answers nothing (its language name untranslated) is not one.
        guard catalog.translation(of: "English", context: "this language's name") != nil else { return nil }
        return catalog
    }

    private init(code: String) {
        self.code = code
    }

    /// Makes this catalog's language the one glibc looks up, if it is not already.
    private func inForce() {
        Self.inForce.withLock { current in
            guard current != code else { return }
            setenv("LANGUAGE", code, 1)
            // glibc keeps what it found; the counter tells it the language changed.
            catalogs_changed()
            current = code
        }
    }

    public func translation(of message: String, context: String?) -> String? {
        inForce()
        let key = context.map { $0 + Self.contextSeparator + message } ?? message
        return key.withCString { keyPointer in
            guard let found = dcgettext(Self.domain, keyPointer, LC_MESSAGES) else { return nil }
            // Untranslated, gettext hands back the very pointer it was given.
            if UnsafeRawPointer(found) == UnsafeRawPointer(keyPointer) { return nil }
            return String(cString: found)
        }
    }

    public func translation(of singular: String, plural: String, count: UInt64) -> String? {
        inForce()
        return singular.withCString { one in
            plural.withCString { other in
                guard let found = dcngettext(Self.domain, one, other, UInt(count), LC_MESSAGES) else { return nil }
                if UnsafeRawPointer(found) == UnsafeRawPointer(one) || UnsafeRawPointer(found) == UnsafeRawPointer(other) { return nil }
                return String(cString: found)
            }
        }
    }
}
