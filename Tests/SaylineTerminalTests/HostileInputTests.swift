import Foundation
import PseudoTerminal
import Testing

/// What a hostile or careless user found: files clobbered or redirected, write errors
/// swallowed, files that block, histories that wipe each other, scripts read wrong.
extension EndToEndTests { @Suite struct HostileInputTests {
    static let scene = #"{"controls": [{"kind": "ruler", "id": "r", "label": "", "max": 10}]}"#

    /// Runs the binary through a shell so its stdout can be /dev/full or closed.
    static func shell(_ command: String, environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try runPiped(["-c", command.replacingOccurrences(of: "SAYLINE", with: TerminalProcess.binary)], input: "",
                                  environment: environment, executable: "/bin/sh")
        return (result.status, result.stdout, result.stderr)
    }

    @Test(arguments: ["audit", "run -", "describe", "scene --print", "--help", "config"])
    func aWriteErrorOnStandardOutputIsSaidAndIsExit74(command: String) throws {
        for redirect in ["> /dev/full", ">&-"] {
            let result = try Self.shell("printf 'inc\\n' | SAYLINE \(command) \(redirect)")
            #expect(result.status == 74, "\(command) \(redirect): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("standard output cannot be written"), "\(command) \(redirect): \(result.stderr)")
        }
    }

    @Test func anUnwritableOutputIsExit74NotABadScene() throws {
        let result = try runPiped(["audit", "--output", "/nonexistent/folder/report.json"], input: "")
        #expect(result.status == 74)
        #expect(result.stderr.contains("/nonexistent/folder/report.json: cannot be written"))
        let transcript = try runPiped(["run", "-", "--transcript", "/nonexistent/t.txt"], input: "inc\n")
        #expect(transcript.status == 74)
    }

    /// A symbolic link is written through (the link stays, its file gets the report); special
    /// files are written in place, never replaced by a regular file; `-` is standard output.
    @Test func reportsFollowLinksAndLeaveSpecialFilesInPlace() throws {
        let folder = try ScratchFolder()
        let real = try folder.file("real.json", "old")
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.json", withDestinationPath: real)
        #expect(try runPiped(["audit", "--format", "json", "--output", folder.path + "/link.json"], input: "").status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/link.json")
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(folder.read("real.json")?.contains("\"violations\"") == true)
        // The file keeps its mode; nothing is left beside it.
        #expect((try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.json", "real.json"])
        // (The scratch folder's own files are the only ones: no temporary file was left.)
        // A new file gets the umask's mode, not 0600 and not world-writable.
        #expect(try Self.shell("umask 022 && SAYLINE audit --output \(folder.path)/new.json").status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: folder.path + "/new.json")[.posixPermissions] as? Int) == 0o644)
        // /dev/null stays a device; - is standard output.
        #expect(try runPiped(["audit", "--output", "/dev/null"], input: "").status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType) == .typeCharacterSpecial)
        let dash = try runPiped(["audit", "--output", "-"], input: "")
        #expect(dash.stdout.contains("passes") || dash.stdout.contains("pass"), "\(dash.stdout.prefix(200))")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
        // A FIFO is written in place: a reader gets the report, and the FIFO stays a FIFO.
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        var reader: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup("cat \(fifo) > \(folder.path)/from-fifo"), nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&reader, "/bin/sh", nil, nil, argv, environ) == 0)
        #expect(try runPiped(["audit", "--output", fifo], input: "").status == 0)
        var status: Int32 = 0
        waitpid(reader, &status, 0)
        #expect(folder.read("from-fifo")?.isEmpty == false)
        #expect((try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType) != .typeRegular)
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
        #expect(first.waitForSpeech("adjustable\nWeight") && second.waitForSpeech("1 of 3"))
        first.send("\u{04}")
        #expect(first.waitForExit() == 0)
        second.send("\u{04}")
        #expect(second.waitForExit() == 0)
        #expect(state.read("sayline/history") == "say\nlist\n")
    }

    @Test func aLinkedHistoryIsWrittenThroughAndAMissingHomeIsNotCreated() throws {
        let state = try ScratchFolder()
        let elsewhere = try state.file("kept/history", "earlier\n")
        try FileManager.default.createDirectory(atPath: state.path + "/sayline", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: state.path + "/sayline/history", withDestinationPath: elsewhere)
        let linked = try TerminalProcess(environment: ["XDG_STATE_HOME": state.path])
        #expect(linked.waitForDisplay("weight> "))
        linked.send("say\r")
        #expect(linked.waitForSpeech("adjustable\nWeight"))
        linked.send("\u{04}")
        #expect(linked.waitForExit() == 0)
        #expect(state.read("kept/history") == "earlier\nsay\n")
        #expect((try FileManager.default.attributesOfItem(atPath: state.path + "/sayline/history")[.type] as? FileAttributeType) == .typeSymbolicLink)

        let missing = state.path + "/no-such-home"
        let homeless = try TerminalProcess(environment: ["HOME": missing])
        #expect(homeless.waitForDisplay("weight> "))
        homeless.send("say\r")
        #expect(homeless.waitForSpeech("adjustable\nWeight"))
        homeless.send("\u{04}")
        #expect(homeless.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(homeless.displayText.contains("history not saved: \(missing) does not exist"))

        // A file where the history's folder should be: the save fails, and says so.
        let blocked = try ScratchFolder()
        try blocked.file("sayline", "not a folder")
        let failing = try TerminalProcess(environment: ["XDG_STATE_HOME": blocked.path])
        #expect(failing.waitForDisplay("weight> "))
        failing.send("say\r")
        #expect(failing.waitForSpeech("adjustable\nWeight"))
        failing.send("\u{04}")
        #expect(failing.waitForExit() == 0)
        #expect(failing.displayText.contains("history not saved to \(blocked.path)/sayline/history"))
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
        repl.send("\u{1B}[A")
        #expect(repl.waitForSpeech("62.5 kilograms\n"))
        let leaking = descriptorsWithoutCloseOnExec(String(repl.pid)).subtracting(inherited)
        #expect(leaking.isEmpty, "descriptors a child would inherit: \(leaking.sorted())")
    }
} }
