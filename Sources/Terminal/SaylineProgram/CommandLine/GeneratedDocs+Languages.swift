import SaylineText
import SaylineSystem
import SaylineCatalogs

extension GeneratedDocs {
    /// The man pages in every language with a catalog (Docs/man/LL/): the hand-written prose
    /// is translated in the page; these are its generated sections, made from the same tables
    /// as the English page's, through the language's catalog, so that `LANGUAGE=de man sayline`
    /// shows German options, commands and keys that match the program's German help.
    static var translatedManSections: [Section] {
        InstallLayout.catalogLanguages.flatMap { code -> [Section] in
            guard case .success(let catalog) = GettextCatalog.open(language: code, folder: CatalogFolder.built) else { return [] }
            return Phrasebook.using(Phrasebook(code: code, catalog: catalog)) {
                englishSections.filter { ManPage.isManPage($0.file) }.map { section in
                    Section(file: ManPage.translatedPath(of: section.file, language: code), name: section.name, text: section.text)
                }
            }
        }
    }
}

extension ManPage {
    /// Whether `file` is a man page (`Docs/sayline.1`), not Markdown.
    static func isManPage(_ file: String) -> Bool { !file.hasSuffix(".md") }

    /// Where a man page's translation lives: Docs/sayline.1 in German is Docs/man/de/sayline.1.
    static func translatedPath(of file: String, language: String) -> String {
        "Docs/man/\(language)/" + file.dropFirst("Docs/".count)
    }
}
