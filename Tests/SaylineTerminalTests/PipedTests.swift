import Foundation
import PseudoTerminal
import Testing

extension EndToEndTests { @Suite struct PipedTests {
    @Test func pipedStdinPrintsExactlyTheAnnouncements() throws {
        let result = try runPiped([], input: "inc\ninc\n")
        #expect(result.status == 0)
        #expect(result.stdout == "Weight, 62 kilograms\n62.5 kilograms\n63 kilograms\n")
    }

    @Test func pipedLinesEndingInCRLFAreCommandsLikeAnyOther() throws {
        let result = try runPiped([], input: "inc\r\nset 70\r\n")
        #expect(result.stdout == "Weight, 62 kilograms\n62.5 kilograms\n70 kilograms\n")
    }

    @Test func badLinesAreAnnouncedAndChangeNothing() throws {
        let result = try runPiped([], input: "set 62,5\nfrobnicate\nset 1e400\nsay\n")
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "Weight, 62 kilograms",
            "Use a point for decimals, 62.5",
            "Unknown command, frobnicate. Type help for commands",
            // Past every range, as a smaller number past this one: to the bound, said so.
            "Too high, 120 kilograms max",
            "Weight, 120 kilograms",
        ])
    }

    @Test func invalidUTF8IsRefused() throws {
        let result = try runPiped([], input: "", inputBytes: [0x73, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A, 0x73, 0x61, 0x79, 0x0A])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Not readable text"))
        #expect(result.stdout.hasSuffix("Weight, 62 kilograms\n"))
    }

    /// A usage error is two lines: what is wrong, and where to look (never the whole usage).
    @Test func usageErrorsExit64WithTheProblemAndWhereToLook() throws {
        for arguments in [["--bogus"], ["--verbosity", "loud"], ["--settle", "-3"], ["--settle"], ["extra"]] {
            let result = try runPiped(arguments, input: "")
            #expect(result.status == 64)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].hasPrefix("sayline: ") && lines[1] == "Try 'sayline --help'.", "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func helpAndVersionGoToStdout() throws {
        let help = try runPiped(["--help"], input: "")
        #expect(help.status == 0)
        #expect(help.stdout.contains("--reduce-motion"))
        let version = try runPiped(["--version"], input: "")
        #expect(version.stdout.hasPrefix("sayline "))
    }

    @Test func verbosityComesFromTheOptions() throws {
        let terse = try runPiped(["--verbosity", "terse"], input: "inc\n")
        #expect(terse.stdout == "Weight, 62\n62.5\n")
    }

    /// SAYLINE_REDUCE_MOTION: 1 turns reduce motion on; 0, empty or unset leave full motion.
    @Test(arguments: [("1", true), ("0", false), ("", false), (nil, false)] as [(String?, Bool)])
    func reduceMotionComesFromTheEnvironment(value: String?, reduced: Bool) throws {
        for subcommand in [[], ["run", "-"]] {
            let result = try runPiped(subcommand, input: "tour\nsay\n", environment: value.map { ["SAYLINE_REDUCE_MOTION": $0] } ?? [:])
            #expect(result.stdout.contains("The tour does not run with reduce motion") == reduced, "\(subcommand) with \(value ?? "nothing")")
            #expect(result.stdout.contains("Tour of Weight started") == !reduced)
        }
    }

    /// espeak-ng is installed by .ci/run: under CI its absence is a failure, elsewhere a skip.
    static let espeakAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")
        || ProcessInfo.processInfo.environment["CI"] != nil

    @Test(.enabled(if: espeakAvailable, "espeak-ng is not installed"))
    func espeakSpeaksTheFirstAnnouncementBeforeInputEnds() throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng"), "CI is set and espeak-ng is missing: .ci/run installs it")
        // sayline in a terminal, its stdout piped straight into espeak-ng, which prints phonemes.
        var speech: [Int32] = [-1, -1], phonemes: [Int32] = [-1, -1]
        guard closeOnExecPipe(&speech) == 0, closeOnExecPipe(&phonemes) == 0 else { Issue.record("no pipes"); return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, speech[0], 0)
        posix_spawn_file_actions_adddup2(&actions, phonemes[1], 1)
        for fd in speech + phonemes { posix_spawn_file_actions_addclose(&actions, fd) }
        let words: [String] = ["espeak-ng", "-q", "-x"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var espeak: pid_t = 0
        guard posix_spawn(&espeak, "/usr/bin/espeak-ng", &actions, nil, argv, environ) == 0 else { Issue.record("espeak-ng did not start"); return }
        close(speech[0]); close(phonemes[1])
        defer {
            kill(espeak, SIGKILL)
            var status: Int32 = 0
            waitpid(espeak, &status, 0)
            close(phonemes[0])
        }
        let repl = try TerminalProcess(speechTo: speech[1])
        close(speech[1])
        #expect(repl.waitForDisplay("weight> "))
        var heard = ""
        var entry = [pollfd(fd: phonemes[0], events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(15)
        // The start's hint comes first, then the control with its value.
        while Date() < deadline && !heard.contains("k'Il@gr") {
            if poll(&entry, 1, 100) > 0 {
                let count = read(phonemes[0], &buffer, buffer.count)
                if count > 0 { heard += String(decoding: buffer[0..<count], as: UTF8.self) }
            }
        }
        #expect(repl.exitStatus == nil)
        #expect(heard.contains("k'Il@gr"), "phonemes for 'kilograms': \(heard)")
    }
}
}
