import Foundation
import PseudoTerminal
import Testing

/// What a hostile or careless user found: files clobbered or redirected, write errors
/// swallowed, files that block, histories that wipe each other, scripts read wrong.
extension EndToEndTests { @Suite struct HostileInputTests {
    static let scene = #"{"controls": [{"kind": "ruler", "id": "r", "label": "", "max": 10}]}"#

    /// Runs the binary through a shell so its stdout can be /dev/full or closed.
    static func shell(_ command: String, environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runShell(command, environment: environment, shell: "/bin/sh")
    }

    @Test(arguments: ["audit --demo", "audit --demo --format json", "audit --demo --format junit", "run -", "describe", "scene --print", "--help", "config"])
    func aWriteErrorOnStandardOutputIsSaidAndIsExit74(command: String) throws {
        for redirect in ["> /dev/full", ">&-"] {
            let result = try Self.shell("printf 'inc\\n' | SAYLINE \(command) \(redirect)")
            #expect(result.status == 74, "\(command) \(redirect): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("standard output cannot be written"), "\(command) \(redirect): \(result.stderr)")
        }
    }

    @Test func anUnwritableOutputIsExit74NotABadScene() throws {
        let result = try runPiped(["audit", "--demo", "--output", "/nonexistent/folder/report.json"], input: "")
        #expect(result.status == 74)
        #expect(result.stderr.contains("/nonexistent/folder/report.json: cannot be written"))
        let transcript = try runPiped(["run", "-", "--transcript", "/nonexistent/t.txt"], input: "inc\n")
        #expect(transcript.status == 74)
    }

    /// Reports pass the one door (Docs/architecture.md): a symbolic link is refused, never
    /// followed, and so are special files (/dev/null included: `-` is standard output); a
    /// regular file is replaced keeping its mode, a new one gets the umask's.
    @Test func reportsRefuseLinksAndSpecialFilesAndKeepTheModeOfWhatTheyReplace() throws {
        let folder = try ScratchFolder()
        let real = try folder.file("real.json", "old")
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.json", withDestinationPath: real)
        let linked = try runPiped(["audit", "--demo", "--format", "json", "--output", folder.path + "/link.json"], input: "")
        #expect(linked.status == 74)
        #expect(linked.stderr.contains("link.json: is a symbolic link to \(real)"), "\(linked.stderr)")
        #expect(folder.read("real.json") == "old")
        #expect(try runPiped(["audit", "--demo", "--format", "json", "--output", real], input: "").status == 0)
        #expect(folder.read("real.json")?.contains("\"violations\"") == true)
        // The file keeps its mode; nothing is left beside it.
        #expect((try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.json", "real.json"])
        // (The scratch folder's own files are the only ones: no temporary file was left.)
        // A new file gets the umask's mode, not 0600 and not world-writable.
        #expect(try Self.shell("umask 022 && SAYLINE audit --demo --output \(folder.path)/new.json").status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: folder.path + "/new.json")[.posixPermissions] as? Int) == 0o644)
        // /dev/null is refused and stays a device; - is standard output.
        let null = try runPiped(["audit", "--demo", "--output", "/dev/null"], input: "")
        #expect(null.status == 74 && null.stderr.contains("/dev/null: is a device"), "\(null.stderr)")
        #expect((try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType) == .typeCharacterSpecial)
        let dash = try runPiped(["audit", "--demo", "--output", "-"], input: "")
        #expect(dash.stdout.contains("passes") || dash.stdout.contains("pass"), "\(dash.stdout.prefix(200))")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
        // A FIFO with no reader is answered at once, and stays a FIFO.
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = try runPiped(["audit", "--demo", "--output", fifo], input: "", quietSeconds: 5)
        #expect(piped.status == 74 && piped.stderr.contains("fifo: cannot be written: it is a FIFO with no reader"), "\(piped.stderr)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    /// Streams the person names are written as streams, as every Unix tool with -o writes
    /// them: standard output by its name, bash's process substitution, a FIFO with a reader.
    /// A link that leads to a regular file is still refused (above), and so is the null device.
    @Test func aReportGoesToStandardOutputAProcessSubstitutionAndAFIFOWithAReader() throws {
        let folder = try ScratchFolder()
        let jq = try runShell("SAYLINE audit --demo --format json --output /dev/stdout | jq -r '.passes | length'")
        #expect(jq.status == 0 && Int(jq.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0, "\(jq)")
        // Standard output that is a file: written at its own offset, after what the shell put there.
        let appended = try runShell("cd \(folder.path) && echo first > out.txt && SAYLINE audit --demo --output /dev/stdout >> out.txt")
        #expect(appended.status == 0 && folder.read("out.txt")?.hasPrefix("first\nAudit of the demo scene") == true, "\(appended)")
        let gzip = try runShell("cd \(folder.path) && SAYLINE audit --demo --format sarif --output >(gzip > r.gz) ; wait $!; zcat r.gz | jq -r .version")
        #expect(gzip.status == 0 && gzip.stdout == "2.1.0\n", "\(gzip)")
        // The reader is waited for until it is in open(), where the kernel counts it: started
        // and not yet there, it would be no reader at all, and Sayline would rightly say so.
        let fifo = try runShell("""
            cd \(folder.path) && mkfifo f && { cat f > read.txt & } && reader=$!
            for _ in $(seq 500); do grep -qs -e fifo -e wait_for_partner /proc/$reader/wchan && break; sleep 0.01; done
            SAYLINE run - --transcript f <<< 'inc' && wait && cat read.txt
            """)
        #expect(fifo.status == 0 && fifo.stdout.contains("62.5 kilograms"), "\(fifo)")
        var info = stat()
        #expect(lstat(folder.path + "/f", &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        // A scene saved is read back, so never a stream, even with a reader; and a stream that
        // is the command's own standard input is refused, not written into (it would never end).
        let saved = try runShell("cd \(folder.path) && SAYLINE scene --print > s.json && { cat f > got & } && printf 'inc\\nsave f\\n' | SAYLINE run - --scene s.json; echo status $?; echo > f; wait")
        #expect(saved.stdout.contains("Not saved") && saved.stdout.contains("status 74"), "\(saved)")
        let ownInput = try runShell("printf 'inc\\n' | timeout 10 SAYLINE run - --transcript /dev/stdin")
        #expect(ownInput.status == 74 && ownInput.stderr.contains("is standard input, which this command reads"), "\(ownInput)")
    }

    /// A FIFO (or device) given as a scene, script or transcript would block in open() for
    /// ever: it is refused at once with a message.
    @Test func aFIFOIsRefusedAsInputWithoutHanging() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let script = try folder.file("s.say", "inc\n")
        for arguments in [["--scene", fifo], ["run", fifo], ["run", script, "--check-transcript", fifo], ["scene", "--check", fifo]] {
            let result = try runPiped(arguments, input: "", quietSeconds: 5)
            #expect(result.status == 2, "\(arguments): \(result.status)")
            #expect(result.stderr.contains("is not a regular file"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func scriptsAndTranscriptsWithCRLFOrAByteOrderMarkAreReadLineByLine() throws {
        let folder = try ScratchFolder()
        let script = try folder.file("crlf.say", "\u{FEFF}inc\r\nexpect \"62.5 kilograms\"\r\ninc\r\n")
        let transcript = try folder.file("heard.txt", "\u{FEFF}> inc\r\n62.5 kilograms\r\n> inc\r\n63 kilograms\r\n")
        let result = try runPiped(["run", script, "--check-transcript", transcript], input: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "62.5 kilograms\n63 kilograms\n")
    }

    @Test func textAfterExpectsClosingQuoteIsRefused() throws {
        let result = try runPiped(["run", "-"], input: "inc\nexpect \"62.5 kilograms\" \"anything\"\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("stdin:2: expect \"…\" takes nothing after the closing quote, not \"anything\""), "\(result.stderr)")
    }

    /// Two sessions that overlap keep each other's lines; a linked history is written through;
    /// a missing home is not created; a history that cannot be saved says so.
    @Test func historiesOfOverlappingSessionsMerge() throws {
        let state = try ScratchFolder()
        let environment = ["XDG_STATE_HOME": state.path]
        let first = try TerminalProcess(environment: environment)
        let second = try TerminalProcess(environment: environment)
        #expect(first.waitForDisplay("weight> ") && second.waitForDisplay("weight> "))
        first.send("say\r")
        second.send("list\r")
        #expect(first.waitForSpeech("kilograms\nWeight") && second.waitForSpeech("1 of 3"))
        first.send("\u{04}")
        #expect(first.waitForExit() == 0)
        second.send("\u{04}")
        #expect(second.waitForExit() == 0)
        #expect(state.read("sayline/history") == "say\nlist\n")
    }

    /// A session that types `say` and leaves with Ctrl-D, ended: its history has been saved.
    static func sayThenLeave(environment: [String: String]) throws -> TerminalProcess {
        let repl = try TerminalProcess(environment: environment)
        #expect(repl.waitForDisplay("weight> "))
        repl.send("say\r")
        #expect(repl.waitForSpeech("kilograms\nWeight"))
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
        return repl
    }

    /// A linked history is read but never written through (the one door): the save is
    /// refused and says why, the file it leads to as it was.
    @Test func aLinkedHistoryIsNotWrittenThroughAndAMissingHomeIsNotCreated() throws {
        let state = try ScratchFolder()
        let elsewhere = try state.file("kept/history", "earlier\n")
        try FileManager.default.createDirectory(atPath: state.path + "/sayline", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: state.path + "/sayline/history", withDestinationPath: elsewhere)
        let linked = try Self.sayThenLeave(environment: ["XDG_STATE_HOME": state.path])
        #expect(state.read("kept/history") == "earlier\n")
        #expect(linked.displayText.contains("history not saved to \(state.path)/sayline/history: is a symbolic link"), "\(linked.displayText.suffix(300))")
        #expect((try FileManager.default.attributesOfItem(atPath: state.path + "/sayline/history")[.type] as? FileAttributeType) == .typeSymbolicLink)

        let missing = state.path + "/no-such-home"
        let homeless = try Self.sayThenLeave(environment: ["HOME": missing])
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(homeless.displayText.contains("history not saved: \(missing) does not exist"))

        // A file where the history's folder should be: the save fails, and says so.
        let blocked = try ScratchFolder()
        try blocked.file("sayline", "not a folder")
        let failing = try Self.sayThenLeave(environment: ["XDG_STATE_HOME": blocked.path])
        #expect(failing.displayText.contains("history not saved to \(blocked.path)/sayline/history"))
    }

    /// An XDG_STATE_HOME that does not exist yet is made (0700, as the XDG rules say); the
    /// history is readable by you alone and no lock file is left beside it.
    @Test func historyMakesTheStateFolderAndKeepsToItself() throws {
        let scratch = try ScratchFolder()
        let state = scratch.path + "/not/yet/state"
        let repl = try Self.sayThenLeave(environment: ["XDG_STATE_HOME": state])
        #expect(!repl.displayText.contains("history not saved"), "\(repl.displayText.suffix(200))")
        #expect(scratch.read("not/yet/state/sayline/history") == "say\n")
        let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1 }
        #expect(mode(state + "/sayline/history") == 0o600)
        #expect(mode(state) == 0o700)
        #expect((try FileManager.default.contentsOfDirectory(atPath: state + "/sayline")) == ["history"])
    }

    /// Every descriptor Sayline opens (the signal pipe, the keyboard, files, sockets) is
    /// close-on-exec, so a speech engine or hook inherits none of them. Read from the kernel:
    /// each open descriptor of the running REPL and its flags, less those it inherited from
    /// this test process.
    @Test func everyDescriptorSaylineOpensIsCloseOnExec() throws {
        func descriptorsWithoutCloseOnExec(_ pid: String) -> Set<Int> {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            return Set(entries.compactMap(Int.init).filter { fd in
                guard fd > 2, let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8),
                      let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags:") })?.split(separator: "\t").last,
                      let value = Int(flags.trimmingCharacters(in: .whitespaces), radix: 8) else { return false }
                return value & 0o2000000 == 0
            })
        }
        let inherited = descriptorsWithoutCloseOnExec("self")
        let repl = try TerminalProcess(["--speak", "/bin/true", "--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("62.5 kilograms\n"))
        let leaking = descriptorsWithoutCloseOnExec(String(repl.pid)).subtracting(inherited)
        #expect(leaking.isEmpty, "descriptors a child would inherit: \(leaking.sorted())")
    }
} }

extension EndToEndTests.HostileInputTests {
    /// A listener that stops reading (`sayline | (trap '' INT; sleep 300)`) holds a write to
    /// stdout; SIGTERM or SIGHUP still ends the session: exit 143 or 129, terminal restored,
    /// history saved. With stdout non-blocking, the wait is a poll, not a spin at full CPU.
    @Test(arguments: [(SIGTERM, false), (SIGHUP, false), (SIGTERM, true)])
    func aStalledListenerNeverHoldsTheSessionPastATerminationSignal(signal: Int32, nonBlocking: Bool) throws {
        let folder = try ScratchFolder()
        let controls = (0..<3_000).map { #"{"kind": "ruler", "id": "r\#($0)", "label": "Ruler \#($0)", "max": 10}"# }
        let scene = try folder.file("many.json", "{\"controls\": [" + controls.joined(separator: ",") + "]}")
        var ends: [Int32] = [-1, -1]
        #expect(closeOnExecPipe(&ends) == 0)
        if nonBlocking { _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) }
        defer { close(ends[0]) }
        let repl = try TerminalProcess(["--scene", scene, "--settle", "0"], speechTo: ends[1])
        close(ends[1])
        #expect(repl.waitForDisplay("r0> "))
        // 3,000 lines are far more than the pipe holds, and nobody reads them.
        repl.send("list\r")
        #expect(nonBlocking || ProcessProbe.waitUntilBlockedInWrite(repl.pid))
        if nonBlocking {
            // Waiting in poll: about no CPU over half a second.
            let before = ProcessProbe.cpuTicks(repl.pid)
            repl.readOutput(upTo: 0.5)
            #expect(ProcessProbe.cpuTicks(repl.pid) - before < 10, "spinning while the listener is stalled")
        }
        kill(repl.pid, signal)
        #expect(repl.waitForExit() == 128 + signal)
        #expect(repl.terminalIsAsFound())
        #expect((try? String(contentsOfFile: repl.home + "/.local/state/sayline/history", encoding: .utf8)) == "list\n")
    }

}

extension EndToEndTests.HostileInputTests {
    /// Screen clear, title change, hidden text and an OSC 52 clipboard write.
    static let payloads = ["\u{1B}[2J", "\u{1B}]0;owned\u{07}", "\u{1B}[8mhidden\u{1B}[0m", "\u{1B}]52;c;b3duZWQ=\u{07}", "\u{9B}2J"]

    static func noEscapes(_ text: String) -> Bool {
        !text.contains("\u{1B}") && !text.contains("\u{9B}") && !text.contains("\u{07}")
    }

    /// Every path by which a file or a person's text reaches an output: scene keys and values in
    /// error messages, a script's expected text, a transcript, a preferences file.
    @Test(arguments: payloads)
    func noEscapeSequenceFromAFileOrInputReachesAnyOutput(payload: String) throws {
        let json = payload.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x9B ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
        let folder = try ScratchFolder()
        let badKey = try folder.file("key.json", "{\"controls\": [{\"kind\": \"ruler\", \"id\": \"r\", \"unit\": {\"singular\": \"m\", \"plural\": \"ms\", \"x\(json)\": 1}}]}")
        let badValue = try folder.file("value.json", "{\"controls\": [{\"kind\": \"dial\(json)\", \"id\": \"r\(json)\"}]}")
        let script = try folder.file("s.say", "inc\nexpect \"\(payload)\"\n")
        let transcript = try folder.file("t.txt", "> inc\n\(payload)\n")
        let home = try ScratchFolder()
        try home.file(".config/sayline/config", "verbosity = \(payload)\n\(payload) = 1\n")
        let runs: [([String], [String: String])] = [
            (["scene", "--check", badKey], [:]), (["scene", "--check", badValue], [:]), (["audit", "--scene", badKey], [:]),
            (["--scene", badValue], [:]), (["run", script], [:]), (["run", script, "--keep-going", "--check-transcript", transcript], [:]),
            ([], ["HOME": home.path]), (["--verbosity", payload], [:]), (["run", payload], [:]),
        ]
        for (arguments, environment) in runs {
            let result = try runPiped(arguments, input: "inc\n", environment: environment)
            #expect(Self.noEscapes(result.stdout) && Self.noEscapes(result.stderr), "\(arguments): \(result.stderr.debugDescription)")
            #expect(!result.stderr.isEmpty, "\(arguments) reported nothing")
        }
    }
}

extension EndToEndTests.HostileInputTests {
    /// Bytes that are not UTF-8 at the prompt: that line is refused, and the next starts clean
    /// (before, readline kept half a character and "set éé" was read as "ééé").
    @Test func aLineWithBytesThatAreNotUTF8IsRefusedAndTheNextStartsClean() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        for (bytes, heard) in [([0xC3, 0x0D], "Not readable text, the input is not UTF-8\n"),
                               (Array("set éé\r".utf8), "Not a number, éé. 40 to 120\n"),
                               ([0x73, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0D], "Not readable text, the input is not UTF-8\n"),
                               (Array("set 70\r".utf8), "70 kilograms\n")] as [([UInt8], String)] {
            let before = repl.mark
            repl.sendBytes(bytes)
            #expect(repl.waitForSpeech(heard, since: before))
        }
    }
}

extension EndToEndTests.HostileInputTests {

    /// Ctrl-Z gives the terminal back as it was found; `fg` takes it again and draws the control
    /// afresh below what the shell wrote meanwhile, never moving up over it. Run as a job of an
    /// interactive bash, as a person would: a process group with no shell to continue it is
    /// never stopped by the kernel.
    @Test func ctrlZGivesTheTerminalBackAndFgDrawsAfresh() throws {
        let shell = try TerminalProcess(["--norc", "--noprofile", "-i"], environment: ["PS1": "SHELL$ "], speechOnTerminal: true, executable: "/bin/bash")
        #expect(shell.waitForDisplay("SHELL$ "))
        shell.send("\(TerminalProcess.binary) --settle 0\r")
        #expect(shell.waitForDisplay("weight> "))
        let stopped = shell.mark
        shell.send("\u{1A}")
        #expect(shell.waitForDisplay("Stopped", since: stopped))
        #expect(shell.waitForDisplay("SHELL$ ", since: stopped))
        #expect(shell.bracketedPasteIsOff || shell.displayText.hasSuffix("SHELL$ "))
        let before = shell.mark
        shell.send("echo shell-output; fg\r")
        #expect(shell.waitForDisplay("weight> ", since: before))
        let redrawn = shell.display(since: before)
        #expect(redrawn.contains("shell-output"))
        #expect(redrawn.contains("Weight  62.0 kg"))
        // The command's own output, not its echo: the line bash prints.
        #expect(redrawn.contains("shell-output\r\n"))
        let afterShellOutput = redrawn.components(separatedBy: "shell-output\r\n").last ?? ""
        #expect(afterShellOutput.range(of: "\u{1B}\\[[0-9]+A", options: .regularExpression) == nil, "moved up over the shell's output: \(afterShellOutput.debugDescription)")
        shell.send(Keys.up)
        #expect(shell.waitForDisplay("62.5 kilograms", since: before))
        // The mark before the key: taken after it, a prompt that came at once would be missed.
        let ended = shell.mark
        shell.send("\u{04}")
        #expect(shell.waitForDisplay("SHELL$ ", since: ended))
        shell.send("exit\r")
        #expect(shell.waitForExit() == 0)
    }
}

extension EndToEndTests.HostileInputTests {
    /// Transcripts, and scripts from standard input, are read whole: past 16 MiB they are
    /// refused with the limit named, instead of taking many times their size in memory. A
    /// script file is streamed, but a line longer than 1 MiB is refused before it is gathered.
    @Test func anOversizedTranscriptOrScriptIsRefusedWithTheLimit() throws {
        let folder = try ScratchFolder()
        let big = folder.path + "/big.txt"
        #expect(FileManager.default.createFile(atPath: big, contents: Data(repeating: UInt8(ascii: "x"), count: 17 << 20)))
        let transcript = try runPiped(["run", "-", "--check-transcript", big], input: "inc\n")
        #expect(transcript.status == 2)
        #expect(transcript.stderr.contains("is 17825792 bytes, more than the limit of 16777216 (16 MiB)"), "\(transcript.stderr)")
        let script = try runPiped(["run", big], input: "")
        #expect(script.status == 2)
        #expect(script.stderr == "\(big):1: a line of more than 1048576 bytes; no command is that long\n", "\(script.stderr)")
        let piped = try runPiped(["run", "-"], input: String(repeating: "inc\n", count: (17 << 20) / 4))
        #expect(piped.status == 2)
        #expect(piped.stderr.contains("more than the limit of 16777216 (16 MiB)"), "\(piped.stderr)")
    }
}
