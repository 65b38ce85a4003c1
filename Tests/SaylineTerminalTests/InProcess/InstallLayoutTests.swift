import Testing
import SaylineCore
@testable import SaylineCommandLine
@testable import SaylineProgram

/// Where `sayline install` puts each file, in process: under `--prefix`, staged under
/// `--destdir`, your own under ~/.local with data in XDG_DATA_HOME, the catalogs beside bin
/// whatever that says, the man pages and the three shells' completions; what it refuses and
/// what it says is left to do.
@Suite struct InstallLayoutTests {
    private func layout(prefix: String? = nil, destination: String? = nil, environment: [String: String] = ["HOME": "/home/a"]) throws -> InstallLayout {
        try InstallLayout.resolve(prefix: prefix, destination: destination, environment: environment).get()
    }

    /// Every item's name and path, as install lists them.
    private func paths(_ layout: InstallLayout) -> [String: String] {
        Dictionary(uniqueKeysWithValues: layout.items.map { ($0.name, $0.path) })
    }

    @Test func aPrefixPutsEachFileWhereItsReaderLooks() throws {
        let usr = try layout(prefix: "/usr/local/")
        let where_ = paths(usr)
        #expect(where_["program"] == "/usr/local/bin/sayline")
        #expect(where_["man page"] == "/usr/local/share/man/man1/sayline.1")
        #expect(where_["scene format man page"] == "/usr/local/share/man/man5/sayline-scene.5")
        #expect(where_["audit rules man page"] == "/usr/local/share/man/man7/sayline-audit-rules.7")
        #expect(where_["bash completion"] == "/usr/local/share/bash-completion/completions/sayline")
        #expect(where_["zsh completion"] == "/usr/local/share/zsh/site-functions/_sayline")
        #expect(where_["fish completion"] == "/usr/local/share/fish/vendor_completions.d/sayline.fish")
        #expect(usr.record.path == "/usr/local/share/sayline/installed")
        #expect(usr.program.mode == 0o755 && usr.manPage.mode == 0o644)
        // The root itself is no doubled slash.
        #expect(try layout(prefix: "/").program.path == "/bin/sayline")
    }

    @Test func eachCatalogGoesBesideBinWhereTheProgramLooks() throws {
        let own = try layout(environment: ["HOME": "/home/a", "XDG_DATA_HOME": "/data/a"])
        #expect(own.catalog("de").path == "/home/a/.local/share/locale/de/LC_MESSAGES/sayline.mo")
        #expect(try layout(prefix: "/opt/s").catalog("pl").path == "/opt/s/share/locale/pl/LC_MESSAGES/sayline.mo")
        // Every language this build compiled is an item, and English (the source) none.
        #expect(InstallLayout.catalogLanguages.contains("de") && !InstallLayout.catalogLanguages.contains("en"))
        for code in InstallLayout.catalogLanguages {
            #expect(own.items.contains { $0.path == own.catalog(code).path }, "\(code)")
        }
    }

    @Test func yourOwnIsUnderLocalWithDataWhereXDGDataHomeSays() throws {
        let own = try layout()
        #expect(own.binFolder == "/home/a/.local/bin" && own.dataFolder == "/home/a/.local/share")
        #expect(paths(own)["bash completion"] == "/home/a/.local/share/bash-completion/completions/sayline")
        let xdg = try layout(environment: ["HOME": "/home/a", "XDG_DATA_HOME": "/data/a"])
        #expect(xdg.binFolder == "/home/a/.local/bin")
        #expect(paths(xdg)["man page"] == "/data/a/man/man1/sayline.1")
        #expect(paths(xdg)["fish completion"] == "/data/a/fish/vendor_completions.d/sayline.fish")
        // A relative XDG_DATA_HOME would depend on the folder install starts in: not taken.
        #expect(try layout(environment: ["HOME": "/home/a", "XDG_DATA_HOME": "data"]).dataFolder == "/home/a/.local/share")
    }

    @Test func destdirStagesEveryPathUnderItAndSaysNothingLeftToDo() throws {
        let staged = try layout(prefix: "/usr", destination: "/tmp/stage/")
        #expect(staged.staged(staged.program) == "/tmp/stage/usr/bin/sayline")
        #expect(staged.staged(staged.zshCompletion) == "/tmp/stage/usr/share/zsh/site-functions/_sayline")
        #expect(staged.program.path == "/usr/bin/sayline", "the path is the installed one; only the writing is staged")
        #expect(InstallCommand.hints(staged, environment: ["PATH": "/bin"]).isEmpty)
    }

    @Test func aRelativePrefixOrDestdirOrNoHomeIsRefused() {
        func refusal(_ prefix: String?, _ destination: String?, _ environment: [String: String]) -> String? {
            guard case .failure(let error) = InstallLayout.resolve(prefix: prefix, destination: destination, environment: environment) else { return nil }
            return error.message
        }
        #expect(refusal("usr/local", nil, [:]) == "--prefix needs an absolute path, not usr/local")
        #expect(refusal(nil, "stage", ["HOME": "/home/a"]) == "--destdir needs an absolute path, not stage")
        #expect(refusal(nil, nil, [:]) == "HOME is not set to a folder: give --prefix")
        #expect(refusal(nil, nil, ["HOME": "home"]) == "HOME is not set to a folder: give --prefix")
    }

    @Test func theHintsNameWhatAShellWouldNotFindByItself() throws {
        let own = try layout()
        #expect(InstallCommand.hints(own, environment: ["PATH": "/usr/bin:/home/a/.local/bin/"]) == [
            "for zsh, add `fpath=(/home/a/.local/share/zsh/site-functions $fpath)` to ~/.zshrc before compinit",
        ])
        #expect(InstallCommand.hints(own, environment: ["PATH": "/usr/bin"]).first
            == "/home/a/.local/bin is not on your PATH: add `export PATH=/home/a/.local/bin:\"$PATH\"` to ~/.profile")
        // Where zsh looks by itself, nothing is said for it.
        #expect(InstallCommand.hints(try layout(prefix: "/usr/local"), environment: ["PATH": "/usr/local/bin"]).isEmpty)
    }

    @Test func theCompletionsInstalledAreWhatCompletionsPrints() throws {
        let own = try layout()
        #expect(InstallContents.expected(for: own.bashCompletion) == Array(CompletionScript.script(for: .bash).utf8))
        #expect(InstallContents.expected(for: own.zshCompletion) == Array(CompletionScript.script(for: .zsh).utf8))
        #expect(InstallContents.expected(for: own.fishCompletion) == Array(CompletionScript.script(for: .fish).utf8))
        #expect(InstallContents.expected(for: own.manPage)?.isEmpty == false)
        #expect(InstallContents.expected(for: own.record) == nil, "the record is no file of Sayline's to use")
        // Read for install: every item once (uninstall's list), the program first.
        let contents = try InstallContents.read(own).get()
        #expect(contents.map(\.0.path).sorted() == own.items.map(\.path).sorted())
        #expect(contents.first?.0.path == own.program.path)
    }
}
