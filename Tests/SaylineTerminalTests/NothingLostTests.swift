import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// What sends values somewhere, attacked as a hostile world would: files edited meanwhile or
/// swapped for links, files others own or may write, readers that stall or leave, every way
/// out of a session. Each test names the defect it holds fixed.
extension EndToEndTests { @Suite struct NothingLostTests {
    static let scene = """
    {
      "controls": [
        { "kind": "ruler", "id": "depth", "label": "Depth", "min": 0, "max": 100, "step": 0.1, "value": 27 },
        { "kind": "rating", "id": "mood", "label": "Mood", "value": 3 }
      ]
    }

    """

    /// Runs a shell command line (a real shell, as a person's script would).
    static func shell(_ script: String, environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runShell(script, environment: environment)
    }

    static var binary: String { TerminalProcess.binary }

    // MARK: save

    @Test func saveKeepsAnotherProgramsChangeAndRefusesAControlChangedInBoth() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", Self.scene)
        let repl = try TerminalProcess(["--scene", path, "--settle", "0", "--display", "plain"])
        #expect(repl.waitForDisplay("depth, "))
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("27.1\n"))
        // An editor sets the mood meanwhile; the session changed only the depth.
        try Self.scene.replacingOccurrences(of: #""value": 3 }"#, with: #""value": 5 }"#).write(toFile: path, atomically: true, encoding: .utf8)
        repl.send("save\r")
        #expect(repl.waitForSpeech("Saved 1 change to \(path), keeping 1 change made there since it was read\n"))
        #expect(folder.read("s.json")?.contains(#""value": 27.1 }"#) == true)
        #expect(folder.read("s.json")?.contains(#""value": 5 }"#) == true)
        // Now both change the mood, to different values: refused, naming it, until overwrite.
        repl.send("next\r")
        #expect(repl.waitForSpeech("Mood, 3 out of 10 stars\n"))
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("4 out of 10 stars\n"))
        let edited = try #require(folder.read("s.json")).replacingOccurrences(of: #""value": 5 }"#, with: #""value": 8 }"#)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        repl.send("save\r")
        #expect(repl.waitForSpeech("Not saved, mood changed in \(path) too since it was read. Type overwrite to keep yours, or undo\n"))
        #expect(folder.read("s.json") == edited)
        repl.send("overwrite\r")
        #expect(repl.waitForSpeech("Saved 1 change to \(path)\n"))
        #expect(folder.read("s.json")?.contains(#""value": 4 }"#) == true)
        #expect(folder.read("s.json")?.contains(#""value": 27.1 }"#) == true)
        repl.send("quit\r")
        #expect(repl.waitForExit() == 0)
    }

    @Test func saveRefusesAPathSwappedForALinkToAnotherFile() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", Self.scene)
        let victim = try folder.file("victim.json", Self.scene)
        let repl = try TerminalProcess(["--scene", path, "--settle", "0", "--display", "plain"])
        #expect(repl.waitForDisplay("depth, "))
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("27.1\n"))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        repl.send("save\r")
        #expect(repl.waitForSpeech("Not saved, \(path) is now a link to another file. Type save and a file name to save elsewhere\n"))
        let before = repl.mark
        repl.send("overwrite\r")
        #expect(repl.waitForSpeech("is now a link to another file", since: before))
        #expect(folder.read("victim.json") == Self.scene)
    }

    /// Root saving another user's file, with an extended attribute, in a folder: the file stays
    /// theirs, with its mode and attribute. (As another user, the owner cannot change: the
    /// mode and attribute are checked.)
    @Test func saveKeepsOwnerGroupModeAndExtendedAttributes() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", Self.scene)
        let root = getuid() == 0
        if root { #expect(chown(path, 4242, 4343) == 0) }
        #expect(chmod(path, 0o640) == 0)
        let attribute = try Self.shell("python3 -c \"import os; os.setxattr('\(path)', 'user.sayline-test', b'kept')\"")
        #expect(attribute.status == 0, "\(attribute.stderr)")
        let result = try runPiped(["--scene", path], input: "inc\nsave\n")
        #expect(result.stdout.hasSuffix("Saved 1 change to \(path)\n"))
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o640)
        if root { #expect(info.st_uid == 4242 && info.st_gid == 4343) }
        let kept = try Self.shell("python3 -c \"import os; print(os.getxattr('\(path)', 'user.sayline-test').decode())\"")
        #expect(kept.stdout == "kept\n", "\(kept.stderr)")
        #expect(folder.read("s.json")?.contains(#""value": 27.1 }"#) == true)
    }

    @Test func aReadOnlyFileIsRefusedUnlessOverwritten() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", Self.scene)
        #expect(chmod(path, 0o444) == 0)
        let refused = try runPiped(["--scene", path], input: "inc\nsave\n")
        #expect(refused.stdout.hasSuffix("Not saved, \(path) is read-only. Type overwrite to write it anyway\n"))
        #expect(folder.read("s.json") == Self.scene)
        let forced = try runPiped(["--scene", path], input: "inc\noverwrite\n")
        #expect(forced.stdout.hasSuffix("Saved 1 change to \(path)\n"))
        #expect(folder.read("s.json")?.contains(#""value": 27.1 }"#) == true)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o444)
    }

    /// A writable file in a folder the user cannot write: no new file can be made beside it,
    /// so it is written in place. Run as an unprivileged user (root may write any folder).
    @Test func aFileInAFolderThatCannotTakeANewFileIsWrittenInPlace() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("locked/s.json", Self.scene)
        let locked = folder.path + "/locked"
        let nobody: uid_t = 65534
        let asUser = getuid() == 0 ? "setpriv --reuid=\(nobody) --regid=\(nobody) --clear-groups " : ""
        if getuid() == 0 {
            #expect(chown(folder.path, nobody, nobody) == 0 && chown(locked, nobody, nobody) == 0 && chown(path, nobody, nobody) == 0)
            #expect(chmod(folder.path, 0o755) == 0)
        }
        #expect(chmod(locked, 0o555) == 0)
        defer { chmod(locked, 0o755) }
        let result = try Self.shell("printf 'inc\\nsave\\n' | \(asUser)\(Self.binary) --scene \(path)", environment: ["HOME": folder.path])
        #expect(result.stdout.hasSuffix("Saved 1 change to \(path)\n"), "\(result.stdout) \(result.stderr)")
        #expect(folder.read("locked/s.json")?.contains(#""value": 27.1 }"#) == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked) == ["s.json"])
    }

    @Test func savedNumbersAreWrittenInTheStepsPrecision() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", Self.scene)
        // Tick 272 of 0.1 is 27.200000000000003 in binary, tick 274 27.400000000000002.
        _ = try runPiped(["--scene", path], input: "inc\ninc\nsave\n")
        #expect(folder.read("s.json")?.contains(#""value": 27.2 }"#) == true, "\(folder.read("s.json") ?? "")")
        let saveAs = try runPiped(["--scene", path], input: "inc\ninc\nsave \(folder.path)/copy.json\n")
        #expect(saveAs.status == 0)
        #expect(folder.read("copy.json")?.contains(#""value": 27.4 }"#) == true, "\(folder.read("copy.json") ?? "")")
    }

    @Test func aFailedAutosaveEndsWithStatus74AndEverySaveWritesItsEvent() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", Self.scene)
        #expect(chmod(path, 0o444) == 0)
        let events = folder.path + "/events.jsonl"
        let failed = try runPiped(["--scene", path, "--autosave", "--events", events], input: "inc\n")
        #expect(failed.status == 74)
        // At exit there is nothing left to type into: the reason alone, never "Type overwrite".
        #expect(failed.stderr.contains("sayline: the changes were not saved: \(path) is read-only\n"), "\(failed.stderr)")
        #expect(folder.read("events.jsonl")?.contains(#""event":"saved","time":"#) == true)
        #expect(folder.read("events.jsonl")?.contains(#""file":"\#(path)","ok":false"#) == true)
        #expect(chmod(path, 0o644) == 0)
        let saved = try runPiped(["--scene", path, "--autosave", "--events", events], input: "inc\nsave /nonexistent/x.json\n")
        #expect(saved.status == 0)
        let lines = folder.read("events.jsonl")?.split(separator: "\n").map(String.init) ?? []
        // The failed save-as names the file it was meant for; the autosave is an event too.
        #expect(lines.contains { $0.contains(#""file":"/nonexistent/x.json","ok":false"#) })
        #expect(lines.contains { $0.contains(#""file":"\#(path)","ok":true"#) })
        #expect(folder.read("s.json")?.contains(#""value": 27.1 }"#) == true)
    }

    @Test func saveInARunScriptWritesTheSceneAndCanBeExpected() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", Self.scene)
        let script = try folder.file("t.say", "inc\nsave\nexpect \"Saved 1 change to \(path)\"\n")
        let result = try runPiped(["run", script, "--scene", path], input: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.read("s.json")?.contains(#""value": 27.1 }"#) == true)
    }

    // MARK: every way out

    /// `(yes inc | head -3000) | sayline --autosave | head -1`: the listener leaves after one
    /// line; the session stops, saves what it did, and says so (it used to die of SIGPIPE).
    @Test func aListenerThatLeavesEndsAPipedSessionWithItsChangesSaved() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", Self.scene)
        let result = try Self.shell("(yes inc | head -3000) | \(Self.binary) --scene \(path) --autosave | head -1; echo \"status $?\" >&2", environment: ["SAYLINE_DETECT_SCREEN_READER": "0"])
        #expect(result.stdout == "Depth, 27\n")
        #expect(result.stderr.contains("the speech listener closed standard output; stopping"))
        // Sayline's own status (the producer before it may die of SIGPIPE, as `yes` does).
        let pipeline = try Self.shell("(yes inc | head -3000) | \(Self.binary) --scene \(path) --autosave | head -1 >/dev/null; echo ${PIPESTATUS[1]}")
        #expect(pipeline.stdout == "0\n", "\(pipeline.stderr)")
        let saved = try #require(folder.read("s.json"))
        #expect(!saved.contains(#""value": 27 }"#))
    }

    @Test func theLastValueReachesTheChangeCommandOnEveryWayOut() throws {
        for way in ["ctrl-d", "quit", "sigterm", "pick-enter"] {
            let folder = try ScratchFolder()
            let record = try folder.file("record", "#!/bin/sh\necho \"$1\" >> \"\(folder.path)/runs.log\"\n", executable: true)
            let picking = way == "pick-enter"
            let arguments = (picking ? ["pick", "--min", "0", "--max", "10"] : []) + ["--on-change", "\(record) {value}", "--settle", "5000", "--display", "plain"]
            let repl = try TerminalProcess(arguments)
            #expect(repl.waitForDisplay(picking ? "value, " : "weight, "), "\(way)")
            repl.send(Keys.up)
            #expect(repl.waitForDisplay(picking ? "1" : "62.5"), "\(way)")
            // Well within the five seconds the value would take to settle.
            switch way {
            case "ctrl-d": repl.send("\u{04}")
            case "quit": repl.send("quit\r")
            case "sigterm": kill(repl.pid, SIGTERM)
            default: repl.send("\r")
            }
            let status = repl.waitForExit()
            #expect(status == (way == "sigterm" ? 143 : 0), "\(way)")
            // Asked to end, Sayline gives the command a moment but does not wait on it: on a
            // loaded machine it may write its line just after Sayline has gone.
            let deadline = Date().addingTimeInterval(way == "sigterm" ? 10 : 0)
            while folder.read("runs.log") == nil && Date() < deadline { usleep(20_000) }
            #expect(folder.read("runs.log") == (picking ? "1\n" : "62.5\n"), "\(way)")
        }
    }

    /// In piped input each change's command has run before the next starts, so a slow first
    /// command cannot be overtaken (this was a flaky test: two controls' commands raced).
    @Test func pipedChangeCommandsRunInTheOrderOfTheChanges() throws {
        let folder = try ScratchFolder()
        let record = try folder.file("record", """
        #!/bin/sh
        [ "$1" = depth ] && sleep 0.3
        echo "$1 $2" >> "\(folder.path)/runs.log"
        """, executable: true)
        let path = try folder.file("s.json", Self.scene)
        let result = try runPiped(["--scene", path, "--on-change", "\(record) {id} {value}"], input: "inc\nnext\ninc\nprev\ninc\n")
        #expect(result.status == 0)
        #expect(folder.read("runs.log") == "depth 27.1\nmood 4\ndepth 27.2\n")
    }

    // MARK: readers and children that stall

    /// A reader that opens the events FIFO and never reads: the keyboard goes on, quit ends
    /// the session within the bounded wait, and the loss is said (exit 74).
    @Test func aStalledEventsReaderNeverFreezesTheKeyboard() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/events"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let repl = try TerminalProcess(["--events", fifo, "--settle", "0", "--display", "plain"])
        #expect(repl.waitForDisplay("weight, "))
        for _ in 0..<3_000 { repl.send(Keys.up) }
        repl.send(Keys.down)
        // 62 + 3,000 half steps is past the maximum: the last Up says it, then Down moves off it.
        #expect(repl.waitForSpeech("119.5 kilograms\n", timeout: 30))
        repl.send("\u{04}")
        #expect(repl.waitForExit(timeout: 10) == 74)
        // What was said is what happened, and what the reader has ends with a whole event.
        // (The display breaks long lines between words.)
        let said = repl.displayText.split(whereSeparator: { $0 == " " || $0.isNewline }).joined(separator: " ")
        #expect(said.contains("behind after 2 seconds, the last of them the end of the session; the stream ends after the last whole event it took"),
                "\(said.suffix(400))")
        var taken: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(reader, &buffer, buffer.count)
            guard count > 0 else { break }
            taken += buffer[0..<count]
        }
        #expect(!taken.isEmpty && taken.last == UInt8(ascii: "\n"), "the stream ends inside an event: \(String(decoding: taken.suffix(80), as: UTF8.self))")
    }

    /// A reader that falls far behind and then catches up is told how many events were dropped.
    @Test func aReaderThatFallsBehindIsToldHowManyEventsWereDropped() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/events"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader has the FIFO open before Sayline starts, and reads nothing until all input
        // has been written: by then Sayline has made far more than 1 MiB of events (the pipe
        // holds at most 16,384 of the 60,000 lines), however slow the machine.
        let marker = folder.path + "/written"
        let result = try Self.shell("""
        exec 3<>\(fifo) 4<\(fifo) 3>&-
        (n=0; while [ ! -e \(marker) ] && [ $n -lt 600 ]; do sleep 0.05; n=$((n+1)); done; cat <&4 > \(folder.path)/read.jsonl) &
        exec 4<&-
        { yes inc | head -60000; touch \(marker); } | \(Self.binary) --events \(fifo) > /dev/null; echo "status $?"; wait
        jq -s '[.[] | select(.event == "dropped") | .count] | add > 0' \(folder.path)/read.jsonl
        """)
        #expect(result.stdout == "status 0\ntrue\n", "\(result.stderr)")
        let lines = folder.read("read.jsonl")?.split(separator: "\n") ?? []
        let dropped = lines.filter { $0.contains(#""event":"dropped""#) }
        #expect(dropped.count == 1)
        #expect(lines.last?.contains(#""event":"quit""#) == true)
        #expect(lines.dropLast().last?.contains(#""event":"dropped""#) == true)
    }

    /// A piped `pick` whose events reader takes one byte and leaves: the answer still comes
    /// (it used to die of SIGPIPE with no answer).
    @Test func aPickWhoseEventsReaderLeavesStillAnswers() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/events"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader holds the FIFO from before Sayline starts (reading end of file until a
        // writer comes), takes one byte and leaves; only then is Enter typed.
        let left = folder.path + "/left"
        let result = try Self.shell("""
        exec 3<>\(fifo) 4<\(fifo) 3>&-
        (n=0; until head -c 1 <&4 | grep -q . || [ $n -ge 3000 ]; do sleep 0.01; n=$((n+1)); done; touch \(left)) &
        exec 4<&-
        { printf 'inc\\ninc\\n'; n=0; until [ -e \(left) ] || [ $n -ge 3000 ]; do sleep 0.01; n=$((n+1)); done; printf '\\n'; } | \(Self.binary) pick --min 0 --max 10 --events \(fifo); echo "status $?"
        """)
        #expect(result.stdout == "2\nstatus 0\n", "\(result.stderr)")
        #expect(result.stderr.contains("the events reader closed the stream"))
    }

    @Test func aFIFOWithNoReaderIsReportedNotWaitedOn() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/events"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try runPiped(["--events", fifo], input: "inc\n", quietSeconds: 5)
        #expect(result.status == 74)
        #expect(result.stderr.contains("--events \(fifo): a FIFO that no program is reading; start its reader first"))
    }

    @Test func eventsThatCannotBeWrittenAreSaidAndFailTheSession() throws {
        // A device is never opened as an events file (nothing but a regular file or a FIFO is);
        // one handed over as a descriptor is written, and its failure said once.
        let named = try runPiped(["--events", "/dev/full"], input: "inc\n")
        #expect(named.status == 74 && named.stderr.contains("--events /dev/full: is not a regular file or a FIFO"), "\(named)")
        let result = try runShell("exec 3>/dev/full; printf 'inc\\n' | SAYLINE --events fd:3")
        #expect(result.status == 74)
        #expect(result.stderr.components(separatedBy: "the event stream cannot be written: No space left on device").count == 2)
    }

    /// Children start with every signal at its default and none blocked: Sayline ignores
    /// SIGPIPE, and `producer | head -1` in a change command would never end under that.
    @Test func changeCommandsStartWithDefaultSignalsAndAnEmptyMask() throws {
        let folder = try ScratchFolder()
        // The shell execs grep, which reads its own state: what it inherited, and nothing the
        // shell does around a fork (it blocks signals while it forks).
        let probe = try folder.file("probe", """
        #!/bin/sh
        yes | head -1 > /dev/null
        echo done > "\(folder.path)/done"
        exec grep -E '^Sig(Ign|Blk):' /proc/self/status > "\(folder.path)/signals"
        """, executable: true)
        let result = try runPiped(["--on-change", probe], input: "inc\n", quietSeconds: 5)
        #expect(result.status == 0)
        #expect(folder.read("done") == "done\n")
        let lines = folder.read("signals")?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 2, "\(lines)")
        // Signals 1 to 31; glibc keeps 32 and 33 for itself, and no program can reset them.
        for line in lines {
            let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? .max
            #expect(mask & 0x7FFF_FFFF == 0, "\(line)")
        }
    }

    // MARK: commands and escapes

    @Test func aPreferencesFileOthersCouldHaveWrittenIsNotReadAtAll() throws {
        let home = try ScratchFolder()
        // The speech command is given the text after "--": through sh -c it is $0 and $1, and
        // touch never makes files named after what was said. `step-multiplier`, which runs
        // nothing, is refused with the rest: the whole file is someone else's word.
        let config = try home.file(".config/sayline/config", "on-change = touch \(home.path)/pwned\nspeech = sh -c 'touch \(home.path)/spoken'\nsettle = 0\n")
        #expect(chmod(config, 0o666) == 0)
        let result = try runPiped(["config"], input: "", environment: ["HOME": home.path])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/pwned"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/spoken"))
        let refusal = "\(config): not read, because others can write \(config) (mode 0666); using the defaults"
        #expect(result.stderr.split(separator: "\n").filter { $0.contains(refusal) }.count == 1, "\(result.stderr)")
        #expect(!result.stdout.contains(config), "no setting came from the file:\n\(result.stdout)")
        // The file alone is not enough: its folder must be the user's alone too.
        #expect(chmod(config, 0o600) == 0)
        #expect(chmod(home.path + "/.config/sayline", 0o777) == 0)
        let folderOpen = try runPiped(["config"], input: "", environment: ["HOME": home.path])
        #expect(folderOpen.stderr.contains("not read, because others can write its folder \(home.path)/.config/sayline (mode 0777)"))
        #expect(!folderOpen.stdout.contains(config))
        #expect(chmod(home.path + "/.config/sayline", 0o700) == 0)
        // A link to a file in a folder others can write: where it leads is checked too.
        let open = try ScratchFolder()
        let elsewhere = try open.file("config", "on-change = touch \(home.path)/pwned\n")
        #expect(chmod(open.path, 0o777) == 0)
        let linked = home.path + "/.config/sayline/linked"
        #expect(symlink(elsewhere, linked) == 0 && rename(linked, config) == 0)
        let throughLink = try runPiped(["config"], input: "", environment: ["HOME": home.path])
        #expect(throughLink.stderr.contains("\(config): not read, because others can write its folder \(open.path) (mode 0777)"), "\(throughLink.stderr)")
        #expect(!throughLink.stdout.contains("pwned"))
        #expect(unlink(config) == 0)
        #expect(FileManager.default.createFile(atPath: config, contents: Data("settle = 0\n".utf8)))
        // Another user's file, however its mode, is theirs to say, not this user's.
        if geteuid() == 0 {
            #expect(chown(config, 65534, 65534) == 0)
            let theirs = try runPiped(["config"], input: "", environment: ["HOME": home.path])
            #expect(theirs.stderr.contains("\(config): not read, because \(config) belongs to another user (uid 65534"), "\(theirs.stderr)")
            #expect(!theirs.stdout.contains(config))
        }
        // Made the user's alone, it is obeyed, CRLF line ends and a byte-order mark included.
        let crlf = "\u{FEFF}on-change = touch \(home.path)/pwned\r\nsettle = 0\r\n"
        #expect(FileManager.default.createFile(atPath: config, contents: Data(crlf.utf8)))
        #expect(chmod(config, 0o600) == 0)
        // Writable by the owner's own group (a user private group with no other member,
        // Debian's default 0664) is the owner's alone: root's group has no member.
        if geteuid() == 0 { #expect(chmod(config, 0o664) == 0) }
        let trusted = try runPiped([], input: "inc\n", environment: ["HOME": home.path])
        #expect(trusted.status == 0)
        #expect(!trusted.stderr.contains("not read"), "\(trusted.stderr)")
        #expect(!trusted.stderr.contains("not a KEY"), "\(trusted.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.path + "/pwned"))
    }

    @Test func escapesInASuppressionReasonNeverReachTheTerminal() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", #"{"controls": [{"kind": "ruler", "id": "w", "label": "Volume Slider", "value": 0}], "suppress": [{"rule": "name-no-role-words", "control": "w", "reason": "ok\u001b]0;owned\u0007\u001b[2J now"}]}"#)
        let result = try runPiped(["audit", path], input: "")
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"))
        // Removed whole, with what the sequences carried: no title, no clearing.
        #expect(result.stdout.contains("Reason: ok now."), "\(result.stdout)")
    }

    @Test func configWritesAValueWithALineBreakAsACommentSoTheOutputStaysAPreferencesFile() throws {
        let result = try runPiped(["config", "--on-change", "echo a\nspeech = evil"], input: "")
        #expect(result.status == 0)
        #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("speech = evil") })
        #expect(result.stdout.contains("# on-change = echo a speech = evil"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func anIdThatReadsLikeAPlaceholderIsNotSubstitutedAgain() throws {
        let folder = try ScratchFolder()
        let record = try folder.file("record", "#!/bin/sh\necho \"$1|$2\" >> \"\(folder.path)/runs.log\"\n", executable: true)
        let path = try folder.file("s.json", #"{"controls": [{"kind": "ruler", "id": "{text}", "label": "Odd", "value": 1}]}"#)
        let result = try runPiped(["--scene", path, "--on-change", "\(record) {id} {value}{id}"], input: "inc\n")
        #expect(result.status == 0)
        #expect(folder.read("runs.log") == "{text}|2{text}\n")
    }

    // MARK: wrong output

    @Test func longPathsAndNamesThatAreNotUTF8AreAuditedWhole() throws {
        let folder = try ScratchFolder()
        let deep = String(repeating: "a-folder-with-a-long-name/", count: 10)
        let path = try folder.file(deep + "scene.json", #"{"controls": [{"kind": "ruler", "id": "w", "label": "W"}]}"#)
        #expect(path.count > 200)
        let long = try runPiped(["audit", "--format", "sarif", path], input: "")
        #expect(long.stdout.contains("scene.json"))
        #expect(!long.stdout.contains("…"))
        // A file whose name is not UTF-8 beside a good one: both audited, neither refused.
        let odd = try ScratchFolder()
        _ = try odd.file("good.json", #"{"controls": [{"kind": "ruler", "id": "w", "label": "W"}]}"#)
        let name = Array((odd.path + "/bad").utf8) + [0xFF] + Array(".json".utf8)
        let raw = name.map { CChar(bitPattern: $0) } + [0]
        let fd = open(raw, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        _ = #"{"controls": [{"kind": "rating", "id": "r", "label": "R"}]}"#.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let audit = try runPiped(["audit", odd.path], input: "")
        #expect(audit.status == 0, "\(audit.stderr)")
        #expect(audit.stdout.contains("2 controls"))
    }

    /// `v=$(sayline pick … 2>/dev/null)`: the control is still drawn and said, on the terminal.
    @Test func pickShowsItselfOnTheTerminalWhenStandardErrorIsRedirected() throws {
        let repl = try TerminalProcess(["-c", "exec \(Self.binary) pick --label Volume --min 0 --max 10 --display plain 2>/dev/null"], executable: "/bin/sh")
        #expect(repl.waitForDisplay("Volume, 0"))
        repl.send(Keys.up)
        #expect(repl.waitForDisplay("volume, "))
        repl.send("\r")
        #expect(repl.waitForExit() == 0)
        #expect(repl.speechText == "1\n")
    }

    @Test func pipedPickRunsItsChangeCommandAndNamesAnUnlabelledControl() throws {
        let folder = try ScratchFolder()
        let record = try folder.file("record", "#!/bin/sh\necho \"$1\" >> \"\(folder.path)/runs.log\"\n", executable: true)
        let result = try runPiped(["pick", "--kind", "rating", "--on-change", "\(record) {value}"], input: "inc\ninc\n\n")
        #expect(result.status == 0)
        #expect(result.stdout == "2\n")
        #expect(folder.read("runs.log") == "1\n2\n")
        #expect(result.stderr.hasPrefix("Value, 0 out of 10 stars\n"))
    }

    @Test func pickRefusesAnEventStreamOnItsAnswer() throws {
        let result = try runPiped(["pick", "--events", "fd:1"], input: "\n")
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--events fd:1: that is standard output, which carries the answer"))
    }

    @Test func anOversizedPreferencesFileNamesItsLimitInKibibytes() throws {
        let home = try ScratchFolder()
        _ = try home.file(".config/sayline/config", String(repeating: "# padding\n", count: 7_000))
        let result = try runPiped(["config"], input: "", environment: ["HOME": home.path])
        #expect(result.stderr.contains("more than the limit of 65536 (64 KiB)"))
    }
} }
