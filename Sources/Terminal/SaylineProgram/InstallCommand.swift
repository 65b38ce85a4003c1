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

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        let layout = try InstallOptions.layout(arguments, environment: environment, command: "install")
        let dryRun = arguments.has(InstallOptions.dryRun.name)
        // Everything is read before anything is written: a missing man page installs nothing.
        let contents: [(InstallLayout.Item, [UInt8])]
        switch InstallContents.read(layout) {
        case .failure(let unreadable):
            Diagnostics.write("sayline install: \(unreadable.message)\n")
            return ExitStatus.ioError.rawValue
        case .success(let read): contents = read
        }
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
