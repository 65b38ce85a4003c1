import SaylineCatalogs
import Glibc
import SaylineText
import SaylineSystem
import SaylineCommandLine

/// The options `install` and `uninstall` share.
enum InstallOptions {
    static let prefix = OptionSpec("--prefix", argument: "DIR", completion: .files, defaultWords: translatable("~/.local, with data under $XDG_DATA_HOME"),
                                   help: translatable("install under DIR: DIR/bin, DIR/share/man, DIR/share/locale, DIR/share/bash-completion, DIR/share/zsh, DIR/share/fish (/usr/local for everyone, as root)"))
    static let destination = OptionSpec("--destdir", argument: "DIR", completion: .files,
                                        help: translatable("stage every file under DIR as it would be under the prefix, for packagers (DESTDIR)"))
    static let dryRun = OptionSpec("--dry-run", short: "n", help: translatable("say what would be done, and do nothing"))

    static func layout(_ arguments: ParsedArguments, environment: [String: String], command: String) throws(UsageError) -> InstallLayout {
        // Translators: %1$s is the command, "install" or "uninstall", %2$s the word given.
        guard arguments.operands.isEmpty else { throw UsageError(translated("%1$s takes no operands, not %2$s", command, TextSanitiser.echo(arguments.operands[0]))) }
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
            name: "install", summary: translatable("install sayline, its man pages and shell completions"),
            description: [
                translatable("Installs this sayline program, its man pages (sayline(1), sayline-scene(5) and\nsayline-audit-rules(7)), its messages in each language (share/locale/LL/LC_MESSAGES/sayline.mo)\nand the bash, zsh and fish completions, described in the language install runs in: for\nyou alone under ~/.local (no root needed), or for everyone with --prefix /usr/local. Each\nfile is written whole beside its place and then moved there, so a file is never half\nwritten; a link, device or FIFO at a destination is refused, never written through. `swift run -c release sayline install` builds and installs in one command;\n`sayline uninstall` with the same options removes what it put."),
            ],
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
                // Translators: %1$s is what is installed ("man page"), %2$s where.
                report += translated("would install %1$s: %2$s", item.shown, FileAccess.shown(target)) + "\n"
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
            // Translators: %1$s is what was installed ("man page"), %2$s where.
            report += translated("installed %1$s: %2$s", item.shown, FileAccess.shown(target)) + "\n"
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
            // Translators: %1$s is a folder, %2$s the system's reason, such as "Permission denied".
            Diagnostics.write(report + "sayline install: " + translated("cannot make %1$s: %2$s", FileAccess.shown(folder), String(cString: strerror(errno))) + "\n")
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
            // Translators: %1$s is a folder, %2$s a line to paste as it is; keep PATH and ~/.profile as they are.
            out.append(translated("%1$s is not on your PATH: add `%2$s` to ~/.profile", FileAccess.shown(layout.binFolder), "export PATH=\(ShellQuote.word(layout.binFolder)):\"$PATH\""))
        }
        if !layout.zshFindsItself {
            // Translators: %s is a line to paste as it is; keep zsh, ~/.zshrc and compinit as they are.
            out.append(translated("for zsh, add `%s` to ~/.zshrc before compinit", "fpath=(\(ShellQuote.word(layout.dataFolder + "/zsh/site-functions")) $fpath)"))
        }
        return out
    }
}

/// `sayline uninstall`: removes what `install` put, under the same prefix.
package enum UninstallCommand: Subcommand {
    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "uninstall", summary: translatable("remove what sayline install put"),
            description: [
                translatable("Removes the program, the man pages and the completions that `sayline install` put, under\nthe same --prefix and --destdir, and only those: a file changed since, or one sayline\nnever wrote, is left and said. Preferences (~/.config/sayline) and history\n(~/.local/state/sayline) are yours and stay."),
            ],
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
                // Translators: %1$s is what is left ("man page"), %2$s where, %3$s why.
                report += (dryRun ? translated("would leave %1$s: %2$s: %3$s", item.shown, FileAccess.shown(target), reason)
                                  : translated("left %1$s: %2$s: %3$s", item.shown, FileAccess.shown(target), reason)) + "\n"
                continue
            }
            if dryRun {
                // Translators: %1$s is what is removed ("man page"), %2$s where.
                report += translated("would remove %1$s: %2$s", item.shown, FileAccess.shown(target)) + "\n"
                continue
            }
            guard unlink(target) == 0 else {
                Diagnostics.write(report + "sayline uninstall: \(FileAccess.shown(target)): \(String(cString: strerror(errno)))\n")
                return ExitStatus.ioError.rawValue
            }
            // Translators: %1$s is what was removed ("man page"), %2$s where.
            report += translated("removed %1$s: %2$s", item.shown, FileAccess.shown(target)) + "\n"
        }
        // The record goes with what it describes (never a link by its name); its folder too, if
        // nothing else is in it.
        var info = stat()
        if !dryRun, lstat(recordPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            unlink(recordPath)
            rmdir(String(recordPath[..<(recordPath.lastIndex(of: "/") ?? recordPath.startIndex)]))
        }
        // Translators: %s is a folder.
        if found == 0 { report = translated("nothing of sayline's is installed under %s", FileAccess.shown(layout.destination + layout.prefix)) + "\n" }
        return writeAnswer(report, command: "sayline uninstall")
    }
}
