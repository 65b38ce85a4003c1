import Foundation
import PseudoTerminal
import Testing

/// Peers that never answer, descriptors a child could keep, closed standard streams and event
/// readers that stall: each a way the world around Sayline can hold it up or misdirect what it
/// writes.
extension EndToEndTests { @Suite struct HostileWorldTests {
    /// A TCP listener on loopback that completes every connection and never says a word: a
    /// braille server that accepts and stays silent. Its BRLAPI_HOST (BrlAPI's port 4101 + N).
    final class SilentServer {
        let socket: Int32
        let host: String

        init() throws {
            let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            socket = listener
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0 }
            }
            let port = Int(UInt16(bigEndian: address.sin_port))
            try #require(bound && port > 4101, "a loopback port for the silent server")
            host = "127.0.0.1:\(port - 4101)"
        }

        deinit { close(socket) }
    }

    /// Done means: a braille server that never answers delays the prompt by about a second,
    /// and Sayline goes on without it, saying why where braille was asked for.
    @Test func aSilentBrailleServerNeverHoldsUpTheStart() throws {
        let server = try SilentServer()
        for (arguments, prompt) in [(["--settle", "0"], "weight> "), (["--settle", "0", "--braille", "on"], "weight> "),
                                    (["pick", "--min", "0", "--max", "10", "--braille", "on"], "value> ")] {
            let started = Date()
            let repl = try TerminalProcess(arguments, environment: ["BRLAPI_HOST": server.host])
            #expect(repl.waitForDisplay(prompt, timeout: 8), "\(arguments)")
            #expect(Date().timeIntervalSince(started) < 5, "\(arguments): the prompt came after \(Date().timeIntervalSince(started)) s")
            if arguments.contains("on") {
                #expect(repl.displayText.contains("no braille: the braille server did not answer within 1 second"), "\(arguments)")
            }
            repl.send("\u{04}")
            #expect(repl.waitForExit() != nil)
        }
    }

    /// A speech-dispatcher socket whose daemon accepts and then trickles bytes that never make a
    /// reply: the start waits about a second for the setup, then speaks through espeak-ng.
    @Test func aSpeechDaemonThatNeverRepliesNeverHoldsUpTheStart() throws {
        let folder = try ScratchFolder()
        let socketPath = folder.path + "/speechd.sock"
        let server = """
            import socket, sys, time
            s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(4)
            c, _ = s.accept()
            end = time.time() + 30
            while time.time() < end:
                c.send(b"x"); time.sleep(0.1)
            """
        var pid: pid_t = 0
        let words = ["/usr/bin/python3", "-c", server, socketPath]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&pid, words[0], nil, nil, argv, environ) == 0)
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        let listening = Date().addingTimeInterval(5)
        while Date() < listening, !FileManager.default.fileExists(atPath: socketPath) { usleep(10_000) }
        let started = Date()
        let repl = try TerminalProcess(["--speak", "--settle", "0"], environment: ["SPEECHD_ADDRESS": "unix_socket:" + socketPath])
        #expect(repl.waitForDisplay("weight> ", timeout: 8))
        #expect(Date().timeIntervalSince(started) < 4, "the prompt came after \(Date().timeIntervalSince(started)) s")
        repl.send("\u{04}")
        #expect(repl.waitForExit() != nil)
    }

    /// A change command that never ends holds piped input no longer than the documented wait
    /// (said once), and SIGTERM ends the session at once, not when the command ends.
    @Test func aChangeCommandThatNeverEndsCannotHoldAPipedSession() throws {
        defer { _ = try? runShell("pkill -f 'sleep 31.25' ; pkill -f 'sleep 31.375' ; true") }
        // (Run with a long quiet time: the first takes ten seconds by design.)
        func bash(_ script: String) throws -> (status: Int32, stdout: String, stderr: String) {
            let result = try runPiped(["-c", script.replacingOccurrences(of: "SAYLINE", with: TerminalProcess.binary)], input: "",
                                      executable: "/bin/bash", quietSeconds: 40)
            return (result.status, result.stdout, result.stderr)
        }
        let folder = try ScratchFolder()
        let bounded = try bash("""
            cd '\(folder.path)'
            start=$(date +%s%N)
            printf 'inc\\ninc\\n' | SAYLINE --on-change 'sleep 31.25' 2>err >/dev/null
            status=$?
            echo "$status $(( ($(date +%s%N) - start) / 1000000 ))"
            cat err >&2
            """)
        let words = bounded.stdout.split(separator: " ")
        let elapsed = words.count == 2 ? Int(words[1].trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max : .max
        // One wait of 5 s between the changes and one at exit, not 31 s each.
        #expect(words.first == "74" && elapsed < 14_000, "\(bounded.stdout) \(bounded.stderr)")
        #expect(bounded.stderr.contains("did not finish within 5 seconds; it goes on without Sayline"), "\(bounded.stderr)")
        let terminated = try bash("""
            (printf 'inc\\ninc\\n'; sleep 4) 2>/dev/null | SAYLINE --on-change 'sleep 31.375' >/dev/null 2>&1 &
            pid=$!
            # Once the first change command runs, Sayline is waiting on it (a time of its own,
            # not the first part's, whose commands go on without Sayline).
            for _ in $(seq 500); do pgrep -f 'sleep 31.375' >/dev/null && break; sleep 0.02; done
            start=$(date +%s%N)
            kill -TERM $pid
            # (bash's wait would wait for the whole pipeline, the feeding sleep included.)
            while kill -0 $pid 2>/dev/null; do sleep 0.05; done
            took=$(( ($(date +%s%N) - start) / 1000000 ))
            pkill -f 'sleep 4' 2>/dev/null
            wait $pid
            echo "$? $took"
            exit 0
            """)
        let parts = terminated.stdout.split(separator: " ")
        let took = parts.count == 2 ? Int(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max : .max
        #expect(parts.first == "143" && took < 3_000, "SIGTERM: \(terminated.stdout) \(terminated.stderr)")
    }

    /// A change command never inherits the events descriptor: a child it leaves in the
    /// background would hold the reader's pipe open after Sayline ends.
    @Test func changeCommandsNeverInheritTheEventsDescriptor() throws {
        let folder = try ScratchFolder()
        let probe = try folder.file("probe", "#!/bin/sh\nreadlink /proc/$$/fd/7 > \"$1/fd7\" 2>/dev/null\nexit 0\n", executable: true)
        let result = try runShell("exec 7>'\(folder.path)/events.jsonl'; printf 'inc\\n' | SAYLINE --events fd:7 --on-change '\(probe) \(folder.path)' >/dev/null")
        #expect(result.status == 0, "\(result)")
        #expect(folder.read("events.jsonl")?.contains(#""event":"quit""#) == true)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/fd7"), "the command ran")
        #expect(folder.read("fd7") == "", "the change command held the events file: \(folder.read("fd7") ?? "")")
    }

    /// With standard error closed, what is meant for it never lands in a file opened later
    /// (the events file would otherwise get descriptor 2).
    @Test func aClosedStandardStreamIsNeverTakenByAFile() throws {
        let folder = try ScratchFolder()
        let events = folder.path + "/events.jsonl"
        let result = try runShell("printf '70\\n\\n' | SAYLINE pick --min 0 --max 100 --events '\(events)' 2>&-")
        #expect(result.status == 0 && result.stdout == "70\n", "\(result)")
        let lines = (folder.read("events.jsonl") ?? "").split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("{\"event\":") }, "\(lines)")
        // And a closed standard output is still an error, not a success into nowhere.
        let closed = try runShell("SAYLINE --version >&-")
        #expect(closed.status == 74, "\(closed)")
    }

    /// An events file that is a link is refused: a committed events.jsonl -> ~/.bashrc would be
    /// emptied and filled with events.
    @Test func anEventsFileThatIsALinkIsRefused() throws {
        let folder = try ScratchFolder()
        let victim = try folder.file("victim", "keep me\n")
        #expect(symlink(victim, folder.path + "/events.jsonl") == 0)
        let result = try runPiped(["--events", folder.path + "/events.jsonl"], input: "inc\n")
        #expect(result.status == 74 && result.stderr.contains("is a symbolic link"), "\(result)")
        #expect(folder.read("victim") == "keep me\n")
    }
} }
