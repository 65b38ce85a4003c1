import SaylineCatalogs
import Glibc
import SaylineText
import SaylineSystem
import SaylineCommandLine

/// Where `sayline install` puts each file, and `sayline uninstall` takes it from: the places
/// each program looks by default, under a prefix.
///
/// Without `--prefix` that is your own: `~/.local/bin` (on the PATH of most login shells) and
/// `$XDG_DATA_HOME`, by default `~/.local/share`, where man finds the page through the PATH
/// (man-db looks at `bin/../share/man` for each folder on it), bash-completion looks for
/// completions, and fish for vendor completions. zsh has no such folder of a user's own: its
/// `fpath` needs the folder added, which `install` says.
struct InstallLayout {
    /// One installed file: what it is, where it goes (staged under `--destdir` when given).
    struct Item {
        /// Its name in the record of what was installed: English, whatever the language.
        let name: String
        let path: String
        let mode: mode_t
        /// Its name as install and uninstall say it, in the language of the moment.
        let shown: String

        init(name: String, path: String, mode: mode_t, shown: String? = nil) {
            self.name = name
            self.path = path
            self.mode = mode
            self.shown = shown ?? name
        }
    }

    let prefix: String
    let binFolder: String
    let dataFolder: String
    /// Prepended to every path: a staging root for packagers (`DESTDIR`).
    let destination: String

    /// The layout for `--prefix` (or your own when nil) and `--destdir`.
    static func resolve(prefix: String?, destination: String?, environment: [String: String]) -> Result<InstallLayout, UsageError> {
        let staging = destination.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? ""
        if let destination, !destination.hasPrefix("/") { return .failure(UsageError(translated("%s needs an absolute path, not %s", "--destdir", TextSanitiser.echo(destination)))) }
        if let prefix {
            guard prefix.hasPrefix("/") else { return .failure(UsageError(translated("%s needs an absolute path, not %s", "--prefix", TextSanitiser.echo(prefix)))) }
            let root = prefix.count > 1 && prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
            let base = root == "/" ? "" : root
            return .success(InstallLayout(prefix: root, binFolder: base + "/bin", dataFolder: base + "/share", destination: staging))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            return .failure(UsageError(translated("HOME is not set to a folder: give --prefix")))
        }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        return .success(InstallLayout(prefix: home + "/.local", binFolder: home + "/.local/bin", dataFolder: data, destination: staging))
    }

    // Translators: the things install puts, as it names each: "installed program: ~/.local/bin/sayline".
    var program: Item { Item(name: "program", path: binFolder + "/sayline", mode: 0o755, shown: translated("program")) }
    var manPage: Item { Item(name: "man page", path: dataFolder + "/man/man1/sayline.1", mode: 0o644, shown: translated("man page")) }
    /// The scene format, `man 5 sayline-scene`.
    var sceneManPage: Item { Item(name: "scene format man page", path: dataFolder + "/man/man5/sayline-scene.5", mode: 0o644, shown: translated("scene format man page")) }
    /// The audit rules, `man 7 sayline-audit-rules`.
    var rulesManPage: Item { Item(name: "audit rules man page", path: dataFolder + "/man/man7/sayline-audit-rules.7", mode: 0o644, shown: translated("audit rules man page")) }
    var bashCompletion: Item { Item(name: "bash completion", path: dataFolder + "/bash-completion/completions/sayline", mode: 0o644, shown: translated("bash completion")) }
    var zshCompletion: Item { Item(name: "zsh completion", path: dataFolder + "/zsh/site-functions/_sayline", mode: 0o644, shown: translated("zsh completion")) }
    var fishCompletion: Item { Item(name: "fish completion", path: dataFolder + "/fish/vendor_completions.d/sayline.fish", mode: 0o644, shown: translated("fish completion")) }

    /// A language's messages, where gettext looks beside `bin`: share/locale/de/LC_MESSAGES/sayline.mo.
    func catalog(_ code: String) -> Item {
        // Beside `bin`, where the program looks (`bin/../share/locale`), whatever XDG_DATA_HOME says.
        // Translators: an installed catalog, as install names it; %s is the language's code, "de".
        Item(name: code + " messages", path: prefix + "/share/locale/" + code + "/LC_MESSAGES/" + GettextCatalog.domain + ".mo", mode: 0o644, shown: translated("%s messages", code))
    }
    /// A language's man pages, where man-db looks for a person in that language
    /// (share/man/de/man1/sayline.1), each with the English page's name and the language's code.
    func manPages(in code: String) -> [Item] {
        [manPage, sceneManPage, rulesManPage].map { english in
            let sectionFolder = english.path.split(separator: "/").suffix(2).joined(separator: "/")
            return Item(name: code + " " + english.name, path: dataFolder + "/man/" + code + "/" + sectionFolder, mode: 0o644, shown: english.shown + " (" + code + ")")
        }
    }
    /// The languages this build has catalogs for.
    static var catalogLanguages: [String] { LanguageChoice.available(in: [CatalogFolder.built]).filter { $0 != "en" } }
    var items: [Item] {
        [program, manPage, sceneManPage, rulesManPage] + Self.catalogLanguages.flatMap(manPages(in:))
            + [bashCompletion, zshCompletion, fishCompletion] + Self.catalogLanguages.map(catalog)
    }
    /// What install put, for uninstall (`InstallRecord`): not an item, as it is no file of
    /// Sayline's to use.
    var record: Item { Item(name: "record of what was installed", path: dataFolder + "/sayline/installed", mode: 0o644) }

    /// Where an item is written: under the staging root when there is one.
    func staged(_ item: Item) -> String { destination + item.path }

    /// Folders zsh looks in without being told (Debian's and the upstream default).
    var zshFindsItself: Bool {
        ["/usr/local/share/zsh/site-functions", "/usr/share/zsh/site-functions"].contains(dataFolder + "/zsh/site-functions")
    }

    /// Whether `folder` is on this PATH.
    static func isOnPath(_ folder: String, environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "").split(separator: ":").contains { $0 == folder || $0 == folder + "/" }
    }
}
