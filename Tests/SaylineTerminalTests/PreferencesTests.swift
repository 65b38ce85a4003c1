import Foundation
import PseudoTerminal
import Testing

/// The preferences file, the environment and flags, and `sayline config`, which says what is in
/// effect and why.
extension EndToEndTests { @Suite struct PreferencesTests {
    /// A home with a preferences file in it.
    static func home(_ preferences: String) throws -> ScratchFolder {
        let home = try ScratchFolder()
        try home.file(".config/sayline/config", preferences)
        return home
    }

    @Test func flagsWinOverTheEnvironmentWhichWinsOverTheFileWhichWinsOverDefaults() throws {
        let home = try Self.home("verbosity = terse\nmotion = reduce\nsettle = 120\n# a comment\n\nrate = 20\n")
        let environment = ["HOME": home.path, "SAYLINE_DETECT_SCREEN_READER": "0"]
        let fromFile = try runPiped(["config"], input: "", environment: environment)
        #expect(fromFile.status == 0)
        let lines = fromFile.stdout.split(separator: "\n").map(String.init)
        let path = home.path + "/.config/sayline/config"
        #expect(lines.contains { $0.hasPrefix("verbosity = terse ") && $0.hasSuffix("# \(path):1") })
        #expect(lines.contains { $0.hasPrefix("motion = reduce ") && $0.hasSuffix("# \(path):2") })
        #expect(lines.contains { $0.hasPrefix("settle = 120 ") && $0.hasSuffix("# \(path):3") })
        #expect(lines.contains { $0.hasPrefix("rate = 20 ") && $0.hasSuffix("# \(path):6") })
        #expect(lines.contains { $0.hasPrefix("color = on ") && $0.hasSuffix("# built in") })
        // The environment beats the file; a flag beats both.
        let overridden = try runPiped(["config", "--verbosity", "verbose", "--motion=full"], input: "",
                                      environment: environment.merging(["SAYLINE_REDUCE_MOTION": "1", "NO_COLOR": "1"]) { $1 })
        let over = overridden.stdout.split(separator: "\n").map(String.init)
        #expect(over.contains { $0.hasPrefix("verbosity = verbose ") && $0.hasSuffix("# command line --verbosity") })
        #expect(over.contains { $0.hasPrefix("motion = full ") && $0.hasSuffix("# command line --motion") })
        #expect(over.contains { $0.hasPrefix("color = off ") && $0.hasSuffix("# environment NO_COLOR") })
        // And the session uses them: terse speech from the file.
        let session = try runPiped([], input: "inc\n", environment: environment)
        #expect(session.stdout == "Weight, 62\n62.5\n")
        // What config prints reads back as the same settings.
        let again = try Self.home(fromFile.stdout)
        let reread = try runPiped(["config"], input: "", environment: ["HOME": again.path, "SAYLINE_DETECT_SCREEN_READER": "0"])
        #expect(Self.settingsWithoutSources(reread.stdout) == Self.settingsWithoutSources(fromFile.stdout))
    }

    static func settingsWithoutSources(_ text: String) -> [String] {
        text.split(separator: "\n").map { line -> String in
            let setting: Substring = line.hasPrefix("#") ? line : (line.split(separator: "#").first ?? "")
            return setting.trimmingCharacters(in: .whitespaces)
        }
    }

    /// No preferences file is the usual case and says nothing; one that is there but cannot be
    /// read (here a folder in its place) is said, and the defaults are used. The two are told
    /// apart by the system's error number, not its words, which follow the locale.
    @Test func noPreferencesFileSaysNothingAndAnUnreadableOneIsReported() throws {
        let none = try ScratchFolder()
        let quiet = try runPiped([], input: "inc\n", environment: ["HOME": none.path, "SAYLINE_DETECT_SCREEN_READER": "0"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout == "Weight, 62 kilograms\n62.5 kilograms\n")
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/.config/sayline/config", withIntermediateDirectories: true)
        let reported = try runPiped([], input: "inc\n", environment: ["HOME": folder.path, "SAYLINE_DETECT_SCREEN_READER": "0"])
        #expect(reported.status == 0)
        #expect(reported.stderr == "sayline: \(folder.path)/.config/sayline/config: cannot be read: it is a folder; using the defaults\n")
        #expect(reported.stdout == quiet.stdout)
    }

    @Test func aBadLineIsReportedWithItsLineAndSkippedAndTheSessionStarts() throws {
        let home = try Self.home("verbosity = loud\nnonsense\ncolur = off\nsettle = 99999\nverbosity = terse\n")
        let result = try runPiped([], input: "inc\n", environment: ["HOME": home.path])
        let path = home.path + "/.config/sayline/config"
        #expect(result.status == 0)
        #expect(result.stderr.contains("\(path):1: verbosity takes terse, normal, verbose, not loud"))
        #expect(result.stderr.contains("\(path):2: not a KEY = VALUE line"))
        #expect(result.stderr.contains("\(path):3: unknown setting colur"))
        #expect(result.stderr.contains("\(path):4: settle takes milliseconds from 0 to 10000, not 99999"))
        // The good line after them still counts.
        #expect(result.stdout == "Weight, 62\n62.5\n")
    }

    /// The file takes `colour` as the command line takes `--no-colour`, and names it as the setting.
    @Test func colourIsSpelledEitherWay() throws {
        let home = try Self.home("colour = off\n")
        let result = try runPiped(["config"], input: "", environment: ["HOME": home.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").contains { $0.hasPrefix("color = off ") && $0.hasSuffix("config:1") }, "\(result.stdout)")
    }

    @Test func xdgConfigHomeIsWhereTheFileIs() throws {
        let config = try ScratchFolder()
        try config.file("sayline/config", "verbosity = terse\n")
        let result = try runPiped([], input: "inc\n", environment: ["XDG_CONFIG_HOME": config.path])
        #expect(result.stdout == "Weight, 62\n62.5\n")
    }

    @Test func badFlagsAreUsageErrorsNamingTheFlag() throws {
        for (arguments, message) in [(["--display", "loud"], "--display takes full, plain, screen-reader, not loud"),
                                     (["--rate", "200"], "--rate takes a whole number from -100 to 100, not 200"),
                                     (["--settle=abc"], "--settle takes milliseconds from 0 to 10000, not abc")] {
            let result = try runPiped(arguments, input: "")
            #expect(result.status == 64)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    /// A running screen reader chooses the screen-reader display; a display the person chose in
    /// the preferences file wins over that, and detection can be turned off. (A copy of sleep
    /// named "orca" is a process named orca, as the detector looks for.) Each Sayline runs with
    /// its Orca in a process table of their own (OwnProcessTable): in the machine's, another
    /// test's Fenrir or BRLTTY would be found too.
    @Test func aRunningScreenReaderChoosesTheDisplayUnlessThePersonChoseOne() throws {
        let folder = try ScratchFolder()
        // An Orca of this user on display :77 (a copy of sleep by that name). Where the kernel
        // keeps no login session (this container, CI), the display is what ties it to a terminal.
        let fake = folder.path + "/orca"
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: fake)
        let orca = ["/usr/bin/env", "-i", "DISPLAY=:77", "PATH=/usr/bin:/bin", fake, "600"]
        // Sayline with these arguments, started once the Orca runs, the two alone together.
        func beside(_ arguments: [String]) -> [String] {
            OwnProcessTable.arguments(reader: orca, named: "orca", then: [TerminalProcess.binary] + arguments)
        }
        func config(_ arguments: [String] = [], environment: [String: String]) throws -> (status: Int32, stdout: String, stderr: String, peakKilobytes: Int) {
            let run = try runPiped(beside(["config"] + arguments), input: "", environment: environment, executable: OwnProcessTable.unshare)
            #expect(run.status == 0, "\(run.stderr)")
            return run
        }
        let sessionKept = ((try? String(contentsOfFile: "/proc/self/sessionid", encoding: .utf8)) ?? "4294967295") != "4294967295"
        let detected = try config(environment: ["SAYLINE_DETECT_SCREEN_READER": "1", "DISPLAY": ":77"])
        #expect(detected.stdout.contains("display = screen-reader") && detected.stdout.contains("# detected: orca is running"), "\(detected.stdout)")
        // The same user's Orca on another display, or with no display to compare, reads another
        // screen: it chooses nothing (where no login session is kept to tell them apart).
        if !sessionKept {
            for display in [":78", ""] {
                let elsewhere = try config(environment: ["SAYLINE_DETECT_SCREEN_READER": "1", "DISPLAY": display])
                #expect(!elsewhere.stdout.contains("display = screen-reader"), "DISPLAY=\(display): \(elsewhere.stdout)")
            }
        }
        let home = try Self.home("display = plain\n")
        let chosen = try config(environment: ["HOME": home.path, "SAYLINE_DETECT_SCREEN_READER": "1", "DISPLAY": ":77"])
        #expect(chosen.stdout.contains("display = plain") && chosen.stdout.contains("\(home.path)/.config/sayline/config:1"))
        let off = try config(["--detect-screen-reader", "off"], environment: [:])
        #expect(off.stdout.contains("detect-screen-reader = off"))
        // Standard error is a pipe here: nothing can be drawn, so full becomes plain.
        #expect(off.stdout.contains("display = plain") && off.stdout.contains("standard error is not a terminal"))
        let environmentOff = try config(environment: ["SAYLINE_DETECT_SCREEN_READER": "0", "DISPLAY": ":77"])
        #expect(!environmentOff.stdout.contains("display = screen-reader"))
        // The full display asked for at a terminal while a reader runs: kept, and one line says how to switch.
        let full = try TerminalProcess(beside(["--display", "full"]), environment: ["SAYLINE_DETECT_SCREEN_READER": "1", "DISPLAY": ":77"],
                                       executable: OwnProcessTable.unshare)
        #expect(full.waitForDisplay("weight> "))
        #expect(full.displayText.components(separatedBy: "orca is running. For the display it reads best, start with --display screen-reader.").count == 2)
        full.send("\u{04}")
        #expect(full.waitForExit() == 0)
    }

    /// A reader that is one of Sayline's ancestors counts whoever runs it: Fenrir, as root, runs
    /// the shell of a person who is not. Also under a PID namespace whose /proc was not mounted
    /// anew, where Sayline is process 1 to itself and its parent is outside: its ancestors are
    /// then found by the numbers /proc gives them, not by the parent the kernel names inside.
    /// (A copy of sh named "fenrir", run as root, starting Sayline as nobody.)
    @Test(.enabled(if: getuid() == 0, "needs root to run a process as another user"))
    func anAncestorReaderCountsWhoeverRunsIt() throws {
        let folder = try ScratchFolder()
        let shell = folder.path + "/fenrir"
        // /bin/sh is a link to the shell itself: the program is copied, not the link.
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath().path, toPath: shell)
        chmod(folder.path, 0o755)
        let asNobody = "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups"
        for wrapper in ["", "/usr/bin/unshare --pid --fork "] {
            // "; exit" keeps the shell: a lone command would be exec'd in its place.
            let script = "\(wrapper)\(asNobody) \(TerminalProcess.binary) config; exit $?"
            let run = try runPiped(["-c", script], input: "", environment: ["SAYLINE_DETECT_SCREEN_READER": "1", "HOME": folder.path],
                                   executable: shell)
            #expect(run.status == 0, "\(wrapper): \(run.stderr)")
            #expect(run.stdout.contains("display = screen-reader") && run.stdout.contains("# detected: fenrir is running"),
                    "\(wrapper): \(run.stdout)")
        }
    }

    /// Another user's screen reader is not this person's: it chooses nothing here. (A copy of
    /// sleep named "orca", run as nobody, with Sayline in a process table of their own.)
    @Test(.enabled(if: getuid() == 0, "needs root to run a process as another user"))
    func anotherUsersScreenReaderChoosesNothing() throws {
        let folder = try ScratchFolder()
        let fake = folder.path + "/orca"
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: fake)
        chmod(folder.path, 0o755)
        let orca = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", fake, "600"]
        let seen = try runPiped(OwnProcessTable.arguments(reader: orca, named: "orca", then: [TerminalProcess.binary, "config"]), input: "",
                                environment: ["SAYLINE_DETECT_SCREEN_READER": "1"], executable: OwnProcessTable.unshare)
        // Status 0: nobody's Orca ran (under its name) while Sayline looked.
        #expect(seen.status == 0, "\(seen.stderr)")
        #expect(!seen.stdout.contains("orca is running"), "\(seen.stdout)")
        #expect(!seen.stdout.contains("display = screen-reader"), "\(seen.stdout)")
    }
} }
