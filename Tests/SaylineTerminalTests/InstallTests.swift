import Foundation
import Testing
import PseudoTerminal
import SaylineCatalogs
import SaylineCommandLine

/// `sayline install` and `uninstall`, checked the way a person would find out: the installed
/// program runs from the PATH, `man` reads the installed page, and each shell completes from
/// the installed files, found where it looks by default.
extension EndToEndTests { @Suite struct InstallTests {
    /// The languages this build has catalogs for, found as the program finds them.
    static let languages = LanguageChoice.available(in: [CatalogFolder.built]).filter { $0 != "en" }
    /// What install puts for each language: its messages beside the program (share/locale/LL)
    /// and its three man pages where man looks for that language (share/man/LL/manN).
    static let catalogs = languages.count * 4

    static let files = [".local/bin/sayline", ".local/share/man/man1/sayline.1", ".local/share/man/man5/sayline-scene.5",
                        ".local/share/man/man7/sayline-audit-rules.7", ".local/share/bash-completion/completions/sayline",
                        ".local/share/zsh/site-functions/_sayline", ".local/share/fish/vendor_completions.d/sayline.fish"]

    /// An interactive shell in a terminal: `setup` (which ends by printing "loaded"), then
    /// `typed` with its Tab, and what the terminal then shows must include `shows`.
    static func tab(shell: String, _ arguments: [String], prompt: String, home: String, path: String, setup: String, typed: String, shows: String) throws {
        // zsh expands %% in its prompt to %.
        let process = try TerminalProcess(arguments, environment: ["HOME": home, "PATH": path, "PS1": prompt.replacingOccurrences(of: "%", with: "%%")],
                                          speechOnTerminal: true, executable: shell)
        #expect(process.waitForDisplay(prompt))
        process.send(setup + "\r")
        #expect(process.waitForDisplay("loaded"))
        let before = process.mark
        process.send(typed)
        #expect(process.waitForDisplay(shows, since: before), "\(shell): \(process.display(since: before).debugDescription)")
        process.send("\u{03}")
    }

    static func mode(_ path: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1 }

    /// Done means: for a user without root, one command puts the program, the man page and the
    /// three completions under ~/.local (folders made as needed), says what is left to do, and
    /// the program runs from there (man and each shell are checked below); uninstall removes
    /// them all.
    @Test func installForYourselfThenUseItThenUninstall() throws {
        let home = try ScratchFolder()
        let path = "/usr/bin:/bin"
        let installed = try runPiped(["install"], input: "", environment: ["HOME": home.path, "PATH": path])
        #expect(installed.status == 0, "\(installed.stderr)")
        for file in Self.files {
            #expect(installed.stdout.contains(home.path + "/" + file + "\n"), "\(file) not reported: \(installed.stdout)")
            #expect(FileManager.default.fileExists(atPath: home.path + "/" + file), "\(file) missing")
        }
        #expect(Self.mode(home.path + "/.local/bin/sayline") == 0o755)
        #expect(Self.mode(home.path + "/.local/share/man/man1/sayline.1") == 0o644)
        // Not on this PATH yet, and zsh needs its folder named: both said, with the line to add.
        #expect(installed.stdout.contains("\(home.path)/.local/bin is not on your PATH: add `export PATH=\(home.path)/.local/bin:\"$PATH\"` to ~/.profile"))
        #expect(installed.stdout.contains("fpath=(\(home.path)/.local/share/zsh/site-functions $fpath)"))

        // The installed program, found on the PATH the hint gives.
        let bin = home.path + "/.local/bin"
        let shellPath = "\(bin):\(path)"
        let ran = try runPiped(["-c", "command -v sayline && echo inc | sayline && sayline --version"], input: "",
                               environment: ["HOME": home.path, "PATH": shellPath], executable: "/bin/bash")
        #expect(ran.stdout.hasPrefix("\(bin)/sayline\nWeight, 62 kilograms\n62.5 kilograms\nsayline 0.1.0\nLicense GPLv3+"), "\(ran.stdout) \(ran.stderr)")

        // A dry run says and touches nothing; uninstall removes each file; a second has nothing to do.
        let dry = try runPiped(["uninstall", "--dry-run"], input: "", environment: ["HOME": home.path])
        #expect(dry.stdout.split(separator: "\n").count == 7 + Self.catalogs && dry.stdout.hasPrefix("would remove program: "), "\(dry.stdout)")
        #expect(FileManager.default.fileExists(atPath: home.path + "/.local/bin/sayline"))
        let removed = try runPiped(["uninstall"], input: "", environment: ["HOME": home.path])
        #expect(removed.status == 0 && removed.stdout.split(separator: "\n").count == 7 + Self.catalogs, "\(removed.stdout) \(removed.stderr)")
        for file in Self.files { #expect(!FileManager.default.fileExists(atPath: home.path + "/" + file), "\(file) left behind") }
        let again = try runPiped(["uninstall"], input: "", environment: ["HOME": home.path])
        #expect(again.status == 0 && again.stdout == "nothing of sayline's is installed under \(home.path)/.local\n", "\(again.stdout)")
    }

    /// A scratch home with Sayline installed in it, and the PATH the install's hint gives.
    static func installedHome() throws -> (home: ScratchFolder, path: String) {
        let home = try ScratchFolder()
        let installed = try runPiped(["install"], input: "", environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
        #expect(installed.status == 0, "\(installed.stderr)")
        return (home, "\(home.path)/.local/bin:/usr/bin:/bin")
    }

    /// man: the installed page as a page, and `man sayline` finding it through the PATH.
    @Test(.enabled(if: Consumers.installed("/usr/bin/man"), "man is not installed"))
    func manReadsAndFindsTheInstalledPage() throws {
        let (home, shellPath) = try Self.installedHome()
        let page = try runPiped(["-l", home.path + "/.local/share/man/man1/sayline.1"], input: "",
                                environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"], executable: "/usr/bin/man")
        #expect(page.status == 0, "\(page.stderr)")
        for heading in ["NAME", "SYNOPSIS", "SUBCOMMANDS", "EXIT STATUS", "FILES"] { #expect(page.stdout.contains("\n\(heading)\n"), "no \(heading)") }
        #expect(page.stdout.contains("sayline install"))
        let found = try runPiped(["-w", "sayline"], input: "", environment: ["HOME": home.path, "PATH": shellPath], executable: "/usr/bin/man")
        #expect(found.stdout == home.path + "/.local/share/man/man1/sayline.1\n", "\(found.stdout) \(found.stderr)")
    }

    /// bash with bash-completion, as an interactive shell loads it: Tab finds the installed file.
    @Test(.enabled(if: Consumers.installed("/usr/share/bash-completion/bash_completion"), "bash-completion is not installed"))
    func bashCompletesFromTheInstalledFile() throws {
        let (home, shellPath) = try Self.installedHome()
        try Self.tab(shell: "/bin/bash", ["--norc", "--noprofile", "-i"], prompt: "BASH$ ", home: home.path, path: shellPath,
                     setup: "source /usr/share/bash-completion/bash_completion; echo loaded", typed: "sayline au\t", shows: "sayline audit ")
    }

    /// zsh with the line install gave: Tab lists the impacts.
    @Test(.enabled(if: Consumers.installed("/usr/bin/zsh"), "zsh is not installed"))
    func zshCompletesFromTheInstalledFile() throws {
        let (home, shellPath) = try Self.installedHome()
        try Self.tab(shell: "/usr/bin/zsh", ["-f"], prompt: "ZSH% ", home: home.path, path: shellPath,
                     setup: "fpath=(\(home.path)/.local/share/zsh/site-functions $fpath); autoload -Uz compinit && compinit -u && print -r -- loaded",
                     typed: "sayline audit --fail-on \t", shows: "critical")
    }

    /// fish, which looks in ~/.local/share/fish/vendor_completions.d by itself.
    @Test(.enabled(if: Consumers.installed("/usr/bin/fish"), "fish is not installed"))
    func fishCompletesFromTheInstalledFile() throws {
        let (home, shellPath) = try Self.installedHome()
        let fish = try runPiped(["-c", "complete -C 'sayline audit --format '"], input: "",
                                environment: ["HOME": home.path, "PATH": shellPath], executable: "/usr/bin/fish")
        #expect(fish.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted() == ["html", "json", "junit", "sarif", "text"],
                "\(fish.stdout) \(fish.stderr)")
    }

    /// For everyone, as a packager stages it: --prefix /usr/local under --destdir, nothing
    /// outside the staging root, no hints about the PATH of whoever builds the package.
    @Test func installForEveryoneIntoAStagingRoot() throws {
        let stage = try ScratchFolder()
        let dry = try runPiped(["install", "--prefix", "/usr/local", "--destdir", stage.path, "-n"], input: "")
        #expect(dry.status == 0 && dry.stdout.hasPrefix("would install program: \(stage.path)/usr/local/bin/sayline\n"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: stage.path + "/usr"))
        let result = try runPiped(["install", "--prefix=/usr/local/", "--destdir", stage.path], input: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 7 + Self.catalogs, "\(result.stdout)")
        for file in ["usr/local/bin/sayline", "usr/local/share/man/man1/sayline.1", "usr/local/share/man/man5/sayline-scene.5",
                     "usr/local/share/man/man7/sayline-audit-rules.7", "usr/local/share/bash-completion/completions/sayline",
                     "usr/local/share/zsh/site-functions/_sayline", "usr/local/share/fish/vendor_completions.d/sayline.fish"] {
            #expect(FileManager.default.fileExists(atPath: stage.path + "/" + file), "\(file) missing")
        }
        let staged = try runPiped(["--version"], input: "", executable: stage.path + "/usr/local/bin/sayline")
        #expect(staged.stdout.hasPrefix("sayline 0.1.0\nLicense GPLv3+"))
    }

    /// Bad locations are usage errors that name the problem and write nothing.
    @Test(arguments: [(["install", "--prefix", "relative/dir"], "sayline install: --prefix needs an absolute path, not relative/dir"),
                      (["install", "--destdir", "stage"], "sayline install: --destdir needs an absolute path, not stage"),
                      (["uninstall", "extra"], "sayline uninstall: uninstall takes no operands, not extra"),
                      (["install", "--prefx", "/x"], "sayline install: unknown option: --prefx; did you mean --prefix?")])
    func aBadLocationIsAUsageError(arguments: [String], message: String) throws {
        let home = try ScratchFolder()
        let result = try runPiped(arguments, input: "", environment: ["HOME": home.path])
        #expect(result.status == 64)
        #expect(result.stderr == message + "\nTry 'sayline \(arguments[0]) --help'.\n", "\(result.stderr)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: home.path)).isEmpty)
    }

    /// Root installing into a folder another user prepared: a link at a destination once had a
    /// root-only file replaced and made 0755, a device node was written into and re-moded, a
    /// FIFO held install for ever. Each is refused, and left as it was.
    @Test func installRefusesALinkADeviceOrAFIFOAtADestination() throws {
        let stage = try ScratchFolder()
        let secret = try stage.file("secret", "root only\n")
        #expect(chmod(secret, 0o600) == 0)
        let bin = stage.path + "/usr/local/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let destination = bin + "/sayline"
        var planted: [(String, String)] = []
        try FileManager.default.createSymbolicLink(atPath: destination, withDestinationPath: secret)
        planted.append(("symbolic link to \(secret)", "link"))
        if getuid() == 0 {
            let node = stage.path + "/usr/local/share/man/man1/sayline.1"
            try FileManager.default.createDirectory(atPath: stage.path + "/usr/local/share/man/man1", withIntermediateDirectories: true)
            #expect(try runShell("mknod \(node) c 1 3 && chmod 0600 \(node)").status == 0)
            planted.append(("device", "device"))
        }
        for (words, what) in planted {
            let result = try runPiped(["install", "--prefix", "/usr/local", "--destdir", stage.path], input: "", quietSeconds: 5)
            #expect(result.status == 74, "\(what): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains("is a \(words)"), "\(what): \(result.stderr)")
            if what == "link" { #expect(unlink(destination) == 0) }
        }
        #expect(stage.read("secret") == "root only\n")
        #expect(Self.mode(secret) == 0o600)
        if getuid() == 0 {
            var info = stat()
            #expect(lstat(stage.path + "/usr/local/share/man/man1/sayline.1", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR && info.st_mode & 0o777 == 0o600)
            #expect(unlink(stage.path + "/usr/local/share/man/man1/sayline.1") == 0)
        }
        // A FIFO, in a staging root of its own: refused at once, not waited on.
        let fresh = try ScratchFolder()
        let fifo = fresh.path + "/usr/local/share/bash-completion/completions/sayline"
        try FileManager.default.createDirectory(atPath: fresh.path + "/usr/local/share/bash-completion/completions", withIntermediateDirectories: true)
        #expect(mkfifo(fifo, 0o644) == 0)
        let blocked = try runPiped(["install", "--prefix", "/usr/local", "--destdir", fresh.path], input: "", quietSeconds: 5)
        #expect(blocked.status == 74, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("\(fifo): is a FIFO"), "\(blocked.stderr)")
    }

    /// Under a umask of 077, the folders install makes are still 0755: what was installed for
    /// everyone can be run by everyone. (Before, they were 0700.) Folders already there keep
    /// their modes.
    @Test func foldersInstallMakesGetTheModesTheirFilesNeedWhateverTheUmask() throws {
        let scratch = try ScratchFolder()
        #expect(chmod(scratch.path, 0o711) == 0)
        let prefix = scratch.path + "/opt/sayline"
        let result = try runShell("umask 077 && SAYLINE install --prefix \(prefix)", environment: ["HOME": scratch.path])
        #expect(result.status == 0, "\(result.stderr)")
        for folder in ["/opt", "/opt/sayline", "/opt/sayline/bin", "/opt/sayline/share", "/opt/sayline/share/man/man1", "/opt/sayline/share/zsh/site-functions"] {
            #expect(Self.mode(scratch.path + folder) == 0o755, "\(folder): \(String(Self.mode(scratch.path + folder), radix: 8))")
        }
        #expect(Self.mode(prefix + "/bin/sayline") == 0o755)
        #expect(Self.mode(prefix + "/share/man/man1/sayline.1") == 0o644)
        #expect(Self.mode(scratch.path) == 0o711)
        if getuid() == 0 {
            // Another user runs what was installed.
            let other = try runShell("setpriv --reuid=65534 --regid=65534 --clear-groups \(prefix)/bin/sayline --version")
            #expect(other.stdout.hasPrefix("sayline 0.1.0"), "\(other.stderr)")
        }
    }

    /// Uninstall removes only what install put: a person's own script at ~/.local/bin/sayline
    /// (once deleted) and a page changed since are left, and said; a link (install makes none)
    /// goes only when it leads to Sayline's own program, and what it leads to stays.
    @Test func uninstallRemovesOnlyWhatInstallPut() throws {
        let home = try ScratchFolder()
        let mine = try home.file(".local/bin/sayline", "#!/bin/sh\necho mine\n", executable: true)
        let left = try runPiped(["uninstall"], input: "", environment: ["HOME": home.path])
        #expect(left.status == 0, "\(left.stderr)")
        #expect(left.stdout == "left program: \(mine): not what sayline install put there (changed since, or another program's), so it is yours to remove\n", "\(left.stdout)")
        #expect(home.read(".local/bin/sayline") == "#!/bin/sh\necho mine\n")
        #expect(unlink(mine) == 0)

        // Installed, then a page edited: the rest goes, the page stays.
        #expect(try runPiped(["install"], input: "", environment: ["HOME": home.path]).status == 0)
        #expect(home.read(".local/share/sayline/installed")?.hasPrefix("# sayline install") == true)
        let page = home.path + "/.local/share/man/man1/sayline.1"
        let handle = try #require(FileHandle(forWritingAtPath: page))
        handle.seekToEndOfFile()
        handle.write(Data(".\\\" a local note\n".utf8))
        handle.closeFile()
        let dry = try runPiped(["uninstall", "-n"], input: "", environment: ["HOME": home.path])
        #expect(dry.stdout.contains("would leave man page: \(page): not what sayline install put there"), "\(dry.stdout)")
        let removed = try runPiped(["uninstall"], input: "", environment: ["HOME": home.path])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.split(separator: "\n").filter { $0.hasPrefix("removed ") }.count == 6 + Self.catalogs, "\(removed.stdout)")
        #expect(removed.stdout.contains("left man page: \(page): not what sayline install put there"), "\(removed.stdout)")
        #expect(FileManager.default.fileExists(atPath: page))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.local/share/sayline"))

        // A link to Sayline's own program goes, the program stays; a link to another stays.
        let elsewhere = try ScratchFolder()
        #expect(try runPiped(["install", "--prefix", elsewhere.path], input: "", environment: ["HOME": home.path]).status == 0)
        let linked = home.path + "/.local/bin/sayline"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: elsewhere.path + "/bin/sayline")
        let unlinked = try runPiped(["uninstall"], input: "", environment: ["HOME": home.path])
        #expect(unlinked.stdout.contains("removed program: \(linked)\n"), "\(unlinked.stdout)")
        #expect(Self.mode(linked) == -1)
        #expect(FileManager.default.isExecutableFile(atPath: elsewhere.path + "/bin/sayline"))
        let other = try home.file("other", "#!/bin/sh\n", executable: true)
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: other)
        let kept = try runPiped(["uninstall"], input: "", environment: ["HOME": home.path])
        #expect(kept.stdout.contains("left program: \(linked): not what sayline install put there"), "\(kept.stdout)")
        #expect(Self.mode(linked) != -1)
    }

    /// The PATH hint is a line to paste: --prefix in it is one shell word, quoted as bash's
    /// `printf %q` quotes it, and no control character reaches the terminal raw.
    @Test func thePathHintQuotesThePrefixForTheShell() throws {
        let scratch = try ScratchFolder()
        for name in ["with space", "it's", "esc\u{1B}[2Jape", "new\nline"] {
            let prefix = scratch.path + "/" + name
            let result = try runPiped(["install", "--prefix", prefix], input: "", environment: ["HOME": scratch.path, "PATH": "/usr/bin:/bin"])
            #expect(result.status == 0, "\(name.debugDescription): \(result.stderr)")
            let quoted = try runPiped(["-c", "printf %q \"$1\"", "_", prefix + "/bin"], input: "", environment: ["LC_ALL": "C.UTF-8"], executable: "/bin/bash").stdout
            #expect(result.stdout.contains("add `export PATH=\(quoted):\"$PATH\"` to ~/.profile"), "\(name.debugDescription): \(result.stdout.debugDescription)")
            #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stdout.debugDescription)")
            // Pasted into a shell, the word is the folder.
            let pasted = try runPiped(["-c", "eval \"x=$1\"; printf %s \"$x\"", "_", quoted], input: "", executable: "/bin/bash")
            #expect(pasted.stdout == prefix + "/bin")
        }
    }
} }
