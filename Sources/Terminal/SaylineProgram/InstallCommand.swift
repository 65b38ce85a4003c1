import SaylineCatalogs
import Glibc
import SaylineText
import SaylineSystem
import SaylineCommandLine

/// The options `install` and `uninstall` share.
enum InstallOptions {
    static let prefix = OptionSpec("--prefix", argument: "DIR", completion: .files, defaultWords: "~/.local, with data under $XDG_DATA_HOME",
                                   help: "install under DIR: DIR/bin, DIR/share/man, DIR/share/locale, DIR/share/bash-completion, DIR/share/zsh, DIR/share/fish (/usr/local for everyone, as root)")
    static let destination = OptionSpec("--destdir", argument: "DIR", completion: .files,
                                        help: "stage every file under DIR as it would be under the prefix, for packagers (DESTDIR)")
    static let dryRun = OptionSpec("--dry-run", short: "n", help: "say what would be done, and do nothing")

    static func layout(_ arguments: ParsedArguments, environment: [String: String], command: String) throws(UsageError) -> InstallLayout {
        guard arguments.operands.isEmpty else { throw UsageError("\(command) takes no operands, not \(TextSanitiser.echo(arguments.operands[0]))") }
        switch InstallLayout.resolve(prefix: arguments.value(prefix.name), destination: arguments.value(destination.name), environment: environment) {
        case .failure(let error): throw error
        case .success(let layout): return layout
        }
    }
}

/// `sayline install`: the program, its man page and the three shells' completions, each
/// where its reader looks by default. Run from the built package (`swift run -c release
/// sayline install`), it copies the running program itself and the package's man page.
package enum InstallCommand: Subcommand {
    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "install", summary: "install sayline, its man pages and shell completions",
            description: """
            Installs this sayline program, its man pages (sayline(1), sayline-scene(5) and
            sayline-audit-rules(7)), its messages in each language (share/locale/LL/LC_MESSAGES/sayline.mo)
            and the bash, zsh and fish completions: for
            you alone under ~/.local (no root needed), or for everyone with --prefix /usr/local. Each
            file is written whole beside its place and then moved there, so a file is never half
            written; a link, device or FIFO at a destination is refused, never written through. `swift run -c release sayline install` builds and installs in one command;
            `sayline uninstall` with the same options removes what it put.
            """,
            options: [InstallOptions.prefix, InstallOptions.destination, InstallOptions.dryRun, LanguageChoice.option, SharedOptions.help, SharedOptions.version])
    }

    /// The package the program was built from (this file is
    /// Sources/Terminal/SaylineProgram/InstallCommand.swift): its man pages are installed from there.
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        let layout = try InstallOptions.layout(arguments, environment: environment, command: "install")
        let dryRun = arguments.has(InstallOptions.dryRun.name)
        // Everything is read before anything is written: a missing man page installs nothing.
        guard case .success(let program) = readProgram() else {
            Diagnostics.write("sayline install: cannot read the running program (/proc/self/exe)\n")
            return ExitStatus.ioError.rawValue
        }
        var pages: [(InstallLayout.Item, [UInt8])] = []
        for (item, file) in [(layout.manPage, "sayline.1"), (layout.sceneManPage, "sayline-scene.5"), (layout.rulesManPage, "sayline-audit-rules.7")] {
            let manPath = packageRoot + "/Docs/" + file
            guard case .success(let page) = FileAccess.read(manPath, limit: 1 << 20) else {
                Diagnostics.write("sayline install: the man page is not beside the sources (\(FileAccess.shown(manPath))); run install from the package sayline was built in\n")
                return ExitStatus.ioError.rawValue
            }
            pages.append((item, page))
        }
        // The catalogs this build compiled, one a language.
        for code in InstallLayout.catalogLanguages {
            let item = layout.catalog(code)
            guard let catalog = contents(of: item) else {
                Diagnostics.write("sayline install: cannot read the \(code) messages this build compiled under \(FileAccess.shown(CatalogFolder.built))\n")
                return ExitStatus.ioError.rawValue
            }
            pages.append((item, catalog))
        }
        let contents: [(InstallLayout.Item, [UInt8])] = [(layout.program, program)] + pages + [
            (layout.bashCompletion, Array(CompletionScript.script(for: .bash).utf8)),
            (layout.zshCompletion, Array(CompletionScript.script(for: .zsh).utf8)),
            (layout.fishCompletion, Array(CompletionScript.script(for: .fish).utf8)),
        ]
        var report = ""
        var installed: [(InstallLayout.Item, stat)] = []
        for (item, bytes) in contents {
            let target = layout.staged(item)
            if dryRun {
                report += "would install \(item.name): \(FileAccess.shown(target))\n"
                continue
            }
            guard Self.makeFolders(for: target, report: report) else { return ExitStatus.ioError.rawValue }
            // Through the door: never through a link, a device or a FIFO at the destination
            // (refused, not followed or blocked on), replaced whole, with exactly its mode.
            if case .failure(let failure) = FileDoor.write(bytes, to: target, as: .installed(mode: item.mode)) {
                Diagnostics.write(report + "sayline install: \(FileAccess.shown(target)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
            var info = stat()
            if lstat(target, &info) == 0 { installed.append((item, info)) }
            report += "installed \(item.name): \(FileAccess.shown(target))\n"
        }
        // The record of what was put, for uninstall; a staging root's inodes mean nothing once
        // packaged, so none is kept there (uninstall then compares contents).
        if !dryRun && layout.destination.isEmpty {
            let record = layout.staged(layout.record)
            guard Self.makeFolders(for: record, report: report) else { return ExitStatus.ioError.rawValue }
            if case .failure(let failure) = FileDoor.write(InstallRecord.text(installed), to: record, as: .installed(mode: layout.record.mode)) {
                Diagnostics.write(report + "sayline install: \(FileAccess.shown(record)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
        }
        report += hints(layout, environment: environment).map { $0 + "\n" }.joined()
        return writeAnswer(report, command: "sayline install")
    }

    /// The folders above `target`, made 0755 where missing (whatever the umask: what is
    /// installed for everyone must be reachable by everyone); false once the failure is said.
    private static func makeFolders(for target: String, report: String) -> Bool {
        let folder = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
        guard FileAccess.makeFolders(folder, mode: 0o755) else {
            Diagnostics.write(report + "sayline install: cannot make \(FileAccess.shown(folder)): \(String(cString: strerror(errno)))\n")
            return false
        }
        return true
    }

    /// What the person still has to do for each shell to find what was installed.
    static func hints(_ layout: InstallLayout, environment: [String: String]) -> [String] {
        guard layout.destination.isEmpty else { return [] }
        var out: [String] = []
        if !InstallLayout.isOnPath(layout.binFolder, environment: environment) {
            // The line to paste names the folder as one shell word, quoted as `printf %q` would;
            // the folder as shown has nothing a terminal would act on.
            out.append("\(FileAccess.shown(layout.binFolder)) is not on your PATH: add `export PATH=\(ShellQuote.word(layout.binFolder)):\"$PATH\"` to ~/.profile")
        }
        if !layout.zshFindsItself {
            out.append("for zsh, add `fpath=(\(ShellQuote.word(layout.dataFolder + "/zsh/site-functions")) $fpath)` to ~/.zshrc before compinit")
        }
        return out
    }

    /// What install writes for `item`, for uninstall to know the file as Sayline's; nil when
    /// it cannot be read (a man page with the package's sources gone).
    static func contents(of item: InstallLayout.Item) -> [UInt8]? {
        let name = item.path[(item.path.lastIndex(of: "/").map { item.path.index(after: $0) } ?? item.path.startIndex)...]
        switch name {
        case "sayline" where item.path.hasSuffix("/bin/sayline"):
            if case .success(let program) = readProgram() { return program }
            return nil
        case "sayline.1", "sayline-scene.5", "sayline-audit-rules.7":
            if case .success(let page) = FileAccess.read(packageRoot + "/Docs/" + name, limit: 1 << 20) { return page }
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

    private static func readProgram() -> Result<[UInt8], FileAccess.Failure> {
        FileAccess.read("/proc/self/exe", limit: 1 << 30)
    }
}

/// `sayline uninstall`: removes what `install` put, under the same prefix.
package enum UninstallCommand: Subcommand {
    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "uninstall", summary: "remove what sayline install put",
            description: """
            Removes the program, the man pages and the completions that `sayline install` put, under
            the same --prefix and --destdir, and only those: a file changed since, or one sayline
            never wrote, is left and said. Preferences (~/.config/sayline) and history
            (~/.local/state/sayline) are yours and stay.
            """,
            options: [InstallOptions.prefix, InstallOptions.destination, InstallOptions.dryRun, LanguageChoice.option, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        let layout = try InstallOptions.layout(arguments, environment: environment, command: "uninstall")
        let dryRun = arguments.has(InstallOptions.dryRun.name)
        let recordPath = layout.staged(layout.record)
        let record = InstallRecord.read(recordPath)
        var report = ""
        var found = 0
        for item in layout.items {
            let target = layout.staged(item)
            var info = stat()
            guard lstat(target, &info) == 0 else { continue }
            found += 1
            // Only what install put: the file it recorded, unchanged, or one holding exactly
            // what it writes. A link (which install never makes) goes, itself and never what
            // it leads to, only when it leads to such a file, as uninstall removed links before.
            if let reason = InstallRecord.whyNotOurs(target, item: item, record: record) {
                report += "\(dryRun ? "would leave" : "left") \(item.name): \(FileAccess.shown(target)): \(reason)\n"
                continue
            }
            if dryRun {
                report += "would remove \(item.name): \(FileAccess.shown(target))\n"
                continue
            }
            guard unlink(target) == 0 else {
                Diagnostics.write(report + "sayline uninstall: \(FileAccess.shown(target)): \(String(cString: strerror(errno)))\n")
                return ExitStatus.ioError.rawValue
            }
            report += "removed \(item.name): \(FileAccess.shown(target))\n"
        }
        // The record goes with what it describes (never a link by its name); its folder too, if
        // nothing else is in it.
        var info = stat()
        if !dryRun, lstat(recordPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            unlink(recordPath)
            rmdir(String(recordPath[..<(recordPath.lastIndex(of: "/") ?? recordPath.startIndex)]))
        }
        if found == 0 { report = "nothing of sayline's is installed under \(FileAccess.shown(layout.destination + layout.prefix))\n" }
        return writeAnswer(report, command: "sayline uninstall")
    }
}
