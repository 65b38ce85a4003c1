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
    /// `--language` reads it; `.claimed` without it.
    /// - Parameter catalogs: the languages Sayline has a catalog for, English first.
    static func parse(_ asked: String?, catalogs: [String]) -> Result<AuditLanguages, UsageError> {
        guard let asked else { return .success(.claimed) }
        let available = Self.besidesEnglish(catalogs)
        let named = asked.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        // Each as the program's --language reads it: de_DE.UTF-8 is German.
        let codes = asked == "all" ? available : named.map { LanguageChoice.candidates($0).first { available.contains($0) || $0 == "en" } ?? $0 }.filter { $0 != "en" }
        func refusal(_ word: String) -> UsageError {
            UsageError(translated("--language takes all or languages Sayline has messages in (%s), not %s", (["en"] + available).joined(separator: ", "), word))
        }
        if named.contains(where: \.isEmpty) { return .failure(refusal("''")) }
        if let unknown = codes.first(where: { !available.contains($0) }) { return .failure(refusal(TextSanitiser.echo(unknown))) }
        return .success(.asked(codes))
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
            guard let code = LanguageChoice.candidates(key).first(where: available.contains) else { continue }
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
