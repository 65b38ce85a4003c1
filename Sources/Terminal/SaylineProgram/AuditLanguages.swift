import SaylineText
import SaylineScene
import SaylineAudit
import SaylineSystem
import SaylineCommandLine

/// The languages an audit hears its scenes in besides their own words (English, heard in every
/// audit): those asked for with `--language`, or each one a scene claims that Sayline has a
/// catalog for. In each, the rules about words run again, and every finding names it.
enum AuditLanguages: Sendable, Equatable {
    /// Each language a scene gives words in, that Sayline has a catalog for.
    case claimed
    /// These, by the code of their catalog, every scene heard in each (`--language`).
    case asked([String])

    /// The languages `--language` asks for (a comma list, or `all`), each as the program's
    /// `--language` reads it; `.claimed` without it. The pseudo-language is heard when it is
    /// named, never in `all`.
    /// - Parameter catalogs: the languages Sayline has a catalog for, English first.
    static func parse(_ asked: String?, catalogs: [String]) -> Result<AuditLanguages, UsageError> {
        guard let asked else { return .success(.claimed) }
        let available = Self.besidesEnglish(catalogs)
        let named = asked.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        // Each as the program's --language reads it: de_DE.UTF-8 is German.
        let codes = asked == "all" ? available : named.map { LanguageChoice.candidates($0).first { Self.heard($0, available) || $0 == "en" } ?? $0 }.filter { $0 != "en" }
        func refusal(_ word: String) -> UsageError {
            UsageError(translated("--language takes all or languages Sayline has messages in (%s), not %s", (["en"] + available).joined(separator: ", "), word))
        }
        if named.contains(where: \.isEmpty) { return .failure(refusal("''")) }
        if let unknown = codes.first(where: { !Self.heard($0, available) }) { return .failure(refusal(TextSanitiser.echo(unknown))) }
        return .success(.asked(codes))
    }

    /// Why `--report-language` cannot be what it asks for, or nil: it names one language, English
    /// or one Sayline has a catalog for (the pseudo-language too, by name), as `--language` reads
    /// a language. Which phrasebook it gives is chosen with the program's language, before any
    /// word is said (`LanguageChoice`).
    static func reportProblem(_ asked: String?, catalogs: [String]) -> UsageError? {
        guard let asked else { return nil }
        let available = besidesEnglish(catalogs)
        let codes = LanguageChoice.candidates(asked)
        let english = asked == "C" || asked == "POSIX" || asked.hasPrefix("C.") || codes.contains { $0 == "en" || $0.hasPrefix("en_") }
        if !asked.contains(",") && asked != "all" && (english || codes.contains { heard($0, available) }) { return nil }
        // Translators: %1$s lists the languages Sayline has messages in, %2$s is what was given.
        return UsageError(translated("--report-language takes one language Sayline has messages in (%1$s), not %2$s",
                                     (["en"] + available).joined(separator: ", "), asked.isEmpty ? "''" : TextSanitiser.echo(asked)))
    }

    /// Whether a scene may be heard in the language of `code`: one with a catalog, or the
    /// pseudo-language, named.
    private static func heard(_ code: String, _ available: [String]) -> Bool {
        available.contains(code) || code == LanguageChoice.pseudoLanguage
    }

    /// Whether every scene is heard in each language, claimed or not.
    var everyScene: Bool {
        if case .asked = self { true } else { false }
    }

    /// The languages to hear `scenes` in, each as asked or claimed: a scene's "de_AT" is heard
    /// through the German catalog, as its Austrian words.
    func keys(_ scenes: [AuditedScene], options: AuditOptions, catalogs: [String]) -> [String] {
        switch self {
        case .asked(let codes): return codes
        case .claimed:
            var claimed: Set<String> = []
            for scene in scenes { claimed.formUnion(AuditContext(elements: scene.scene.elements, options: options).claimedLanguages) }
            let available = Self.besidesEnglish(catalogs)
            return claimed.sorted().filter { key in LanguageChoice.candidates(key).contains(where: available.contains) }
        }
    }

    /// A phrasebook for each of `keys` whose catalog opens, in order: the first folder that
    /// has the language's catalog gives it.
    static func phrasebooks(_ keys: [String], catalogs: [String], folders: [String]) -> [Phrasebook] {
        let available = besidesEnglish(catalogs)
        var books: [Phrasebook] = []
        for key in keys {
            guard let code = LanguageChoice.candidates(key).first(where: { heard($0, available) }) else { continue }
            for folder in folders {
                if case .success(let catalog) = GettextCatalog.open(language: code, folder: folder) {
                    books.append(Phrasebook(code: code, catalog: catalog, regional: key))
                    break
                }
            }
        }
        return books
    }

    /// The catalogs' languages but English: the scenes' own words are English, heard in every audit.
    private static func besidesEnglish(_ catalogs: [String]) -> [String] { catalogs.filter { $0 != "en" } }
}
