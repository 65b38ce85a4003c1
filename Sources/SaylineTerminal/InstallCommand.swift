import Glibc
import SaylineCore
import SaylineSystem
import SaylineCommandLine

/// The options `install` and `uninstall` share.
enum InstallOptions {
    static let prefix = OptionSpec("--prefix", argument: "DIR", completion: .files, defaultWords: "~/.local, with data under $XDG_DATA_HOME",
                                   help: "install under DIR: DIR/bin, DIR/share/man, DIR/share/bash-completion, DIR/share/zsh, DIR/share/fish (/usr/local for everyone, as root)")
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
            sayline-audit-rules(7)) and the bash, zsh and fish completions: for
            you alone under ~/.local (no root needed), or for everyone with --prefix /usr/local. Each
            file is written whole beside its place and then moved there, so a file is never half
            written. `swift run -c release sayline install` builds and installs in one command;
            `sayline uninstall` with the same options removes what it put.
            """,
            options: [InstallOptions.prefix, InstallOptions.destination, InstallOptions.dryRun, SharedOptions.help, SharedOptions.version])
    }

    /// The package the program was built from: its man page is installed from there.
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
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
        let contents: [(InstallLayout.Item, [UInt8])] = [(layout.program, program)] + pages + [
            (layout.bashCompletion, Array(CompletionScript.script(for: .bash).utf8)),
            (layout.zshCompletion, Array(CompletionScript.script(for: .zsh).utf8)),
            (layout.fishCompletion, Array(CompletionScript.script(for: .fish).utf8)),
        ]
        var report = ""
        for (item, bytes) in contents {
            let target = layout.staged(item)
            if dryRun {
                report += "would install \(item.name): \(FileAccess.shown(target))\n"
                continue
            }
            let folder = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
            guard FileAccess.makeFolders(folder) else {
                Diagnostics.write(report + "sayline install: cannot make \(FileAccess.shown(folder)): \(String(cString: strerror(errno)))\n")
                return ExitStatus.ioError.rawValue
            }
            if case .failure(let failure) = FileAccess.writeReplacing(bytes, to: target, newFileMode: item.mode) {
                Diagnostics.write(report + "sayline install: \(FileAccess.shown(target)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
            // A file installed again keeps no mode of an older one.
            _ = chmod(target, item.mode)
            report += "installed \(item.name): \(FileAccess.shown(target))\n"
        }
        report += hints(layout, environment: environment).map { $0 + "\n" }.joined()
        return writeAnswer(report, command: "sayline install")
    }

    /// What the person still has to do for each shell to find what was installed.
    static func hints(_ layout: InstallLayout, environment: [String: String]) -> [String] {
        guard layout.destination.isEmpty else { return [] }
        var out: [String] = []
        if !InstallLayout.isOnPath(layout.binFolder, environment: environment) {
            out.append("\(layout.binFolder) is not on your PATH: add `export PATH=\"\(layout.binFolder):$PATH\"` to ~/.profile")
        }
        if !layout.zshFindsItself {
            out.append("for zsh, add `fpath=(\(layout.dataFolder)/zsh/site-functions $fpath)` to ~/.zshrc before compinit")
        }
        return out
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
            the same --prefix and --destdir. Preferences (~/.config/sayline) and history
            (~/.local/state/sayline) are yours and stay.
            """,
            options: [InstallOptions.prefix, InstallOptions.destination, InstallOptions.dryRun, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        let layout = try InstallOptions.layout(arguments, environment: environment, command: "uninstall")
        let dryRun = arguments.has(InstallOptions.dryRun.name)
        var report = ""
        var removed = 0
        for item in layout.items {
            let target = layout.staged(item)
            var info = stat()
            guard lstat(target, &info) == 0 else { continue }
            if dryRun {
                report += "would remove \(item.name): \(FileAccess.shown(target))\n"
                removed += 1
                continue
            }
            guard unlink(target) == 0 else {
                Diagnostics.write(report + "sayline uninstall: \(FileAccess.shown(target)): \(String(cString: strerror(errno)))\n")
                return ExitStatus.ioError.rawValue
            }
            report += "removed \(item.name): \(FileAccess.shown(target))\n"
            removed += 1
        }
        if removed == 0 { report = "nothing of sayline's is installed under \(FileAccess.shown(layout.destination + layout.prefix))\n" }
        return writeAnswer(report, command: "sayline uninstall")
    }
}
