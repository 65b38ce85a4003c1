import SaylineText
import SaylineCatalogs
import SaylineSystem
import SaylineCommandLine

/// What `install` writes for each of its items: the running program itself, the package's man
/// pages, the catalogs this build compiled and the completion scripts; and, for `uninstall`,
/// what one item would hold, to know a file as Sayline's.
enum InstallContents {
    /// Why something to install could not be read, in the words `install` says it.
    struct Unreadable: Error {
        let message: String
    }

    /// The package the program was built from (this file is
    /// Sources/Terminal/SaylineProgram/InstallContents.swift): its man pages are installed from there.
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// The man pages and where each goes.
    /// The man pages and where each goes, the English first, then each language's from Docs/man/LL/.
    private static func manPages(_ layout: InstallLayout) -> [(InstallLayout.Item, String)] {
        let files = ["sayline.1", "sayline-scene.5", "sayline-audit-rules.7"]
        return zip([layout.manPage, layout.sceneManPage, layout.rulesManPage], files).map { ($0, $1) }
            + InstallLayout.catalogLanguages.flatMap { code in zip(layout.manPages(in: code), files.map { "man/" + code + "/" + $0 }).map { ($0, $1) } }
    }

    /// Where in Docs/ the page installed at `path` comes from: a page under share/man/LL/manN/
    /// is the language's (Docs/man/LL/), one under share/man/manN/ the English.
    private static func manSource(of path: String, named name: Substring) -> String {
        let folders = path.split(separator: "/")
        if folders.count >= 4, folders[folders.count - 4] == "man" {
            let code = String(folders[folders.count - 3])
            if InstallLayout.catalogLanguages.contains(code) { return "man/" + code + "/" + name }
        }
        return String(name)
    }

    /// Every item with its bytes, in the order they are installed, all read before anything is
    /// written: one that cannot be read installs nothing.
    static func read(_ layout: InstallLayout) -> Result<[(InstallLayout.Item, [UInt8])], Unreadable> {
        guard case .success(let program) = readProgram() else {
            return .failure(Unreadable(message: translated("cannot read the running program (/proc/self/exe)")))
        }
        var pages: [(InstallLayout.Item, [UInt8])] = []
        for (item, file) in manPages(layout) {
            let manPath = packageRoot + "/Docs/" + file
            guard case .success(let page) = FileAccess.read(manPath, limit: 1 << 20) else {
                // Translators: %s is where the man page was looked for.
                return .failure(Unreadable(message: translated("the man page is not beside the sources (%s); run install from the package sayline was built in", FileAccess.shown(manPath))))
            }
            pages.append((item, page))
        }
        // The catalogs this build compiled, one a language.
        for code in InstallLayout.catalogLanguages {
            let item = layout.catalog(code)
            guard let catalog = expected(for: item) else {
                // Translators: %1$s is a language's code, "de", %2$s a folder.
                return .failure(Unreadable(message: translated("cannot read the %1$s messages this build compiled under %2$s", code, FileAccess.shown(CatalogFolder.built))))
            }
            pages.append((item, catalog))
        }
        return .success([(layout.program, program)] + pages + [
            (layout.bashCompletion, Array(CompletionScript.script(for: .bash).utf8)),
            (layout.zshCompletion, Array(CompletionScript.script(for: .zsh).utf8)),
            (layout.fishCompletion, Array(CompletionScript.script(for: .fish).utf8)),
        ])
    }

    /// What install writes for `item`, for uninstall to know the file as Sayline's; nil when
    /// it cannot be read (a man page with the package's sources gone).
    static func expected(for item: InstallLayout.Item) -> [UInt8]? {
        let name = item.path[(item.path.lastIndex(of: "/").map { item.path.index(after: $0) } ?? item.path.startIndex)...]
        switch name {
        case "sayline" where item.path.hasSuffix("/bin/sayline"):
            if case .success(let program) = readProgram() { return program }
            return nil
        case "sayline.1", "sayline-scene.5", "sayline-audit-rules.7":
            if case .success(let page) = FileAccess.read(packageRoot + "/Docs/" + manSource(of: item.path, named: name), limit: 1 << 20) { return page }
            return nil
        case "sayline": return Array(CompletionScript.script(for: .bash).utf8)
        case "_sayline": return Array(CompletionScript.script(for: .zsh).utf8)
        case "sayline.fish": return Array(CompletionScript.script(for: .fish).utf8)
        case "sayline.mo":
            // .../locale/LL/LC_MESSAGES/sayline.mo: the language is two folders up.
            let folders = item.path.split(separator: "/")
            guard folders.count >= 3 else { return nil }
            let code = String(folders[folders.count - 3])
            guard InstallLayout.catalogLanguages.contains(code),
                  case .success(let bytes) = FileAccess.read(CatalogFolder.built + "/" + code + "/LC_MESSAGES/sayline.mo", limit: 1 << 24) else { return nil }
            return bytes
        default: return nil
        }
    }

    /// A completion script as install writes it in each other language with a catalog: one
    /// installed under another language than uninstall runs in is still Sayline's.
    static func inOtherLanguages(_ item: InstallLayout.Item) -> [[UInt8]] {
        let shell: CompletionScript.Shell
        switch item.path[(item.path.lastIndex(of: "/").map { item.path.index(after: $0) } ?? item.path.startIndex)...] {
        case "sayline" where !item.path.hasSuffix("/bin/sayline"): shell = .bash
        case "_sayline": shell = .zsh
        case "sayline.fish": shell = .fish
        default: return []
        }
        let current = Phrasebook.current.code
        return LanguageChoice.available().filter { $0 != current }.compactMap { code in
            let book = code == "en" ? Phrasebook.english : LanguageChoice.phrasebook(for: code)
            return book.map { book in Phrasebook.using(book) { Array(CompletionScript.script(for: shell).utf8) } }
        }
    }

    /// The running program itself, as /proc/self/exe gives it.
    private static func readProgram() -> Result<[UInt8], FileAccess.Failure> {
        FileAccess.read("/proc/self/exe", limit: 1 << 30)
    }
}
