import Foundation
import PseudoTerminal
import SaylineCore
import SaylineProgram
import Testing

/// The command line as a person and a shell meet it: one parser for every command, with
/// getopt's forms, and completion scripts made from the same tables, run in the real shells.
extension EndToEndTests { @Suite struct CommandLineTests {
    static let scene = #"{"controls": [{"kind": "ruler", "id": "w", "label": "Weight", "min": 0, "max": 10}]}"#

    @Test func optionsTakeTheirValueAfterAnEqualsSignOrAsTheNextWord() throws {
        let spaced = try runPiped(["audit", "--demo", "--format", "json"], input: "")
        let joined = try runPiped(["audit", "--demo", "--format=json"], input: "")
        #expect(spaced.status == 0 && joined.status == 0)
        // The same report but for its timestamp, which a busy machine may put a second apart.
        func undated(_ report: String) -> [Substring] { report.split(separator: "\n").filter { !$0.contains("\"timestamp\":") } }
        #expect(undated(joined.stdout) == undated(spaced.stdout))
        #expect(joined.stdout.hasPrefix("{"))
        let short = try runPiped(["describe", "-fjson"], input: "")
        #expect(short.stdout.hasPrefix("["))
    }

    @Test func shortFlagsGroupAndDashDashEndsTheOptions() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("scene.json", Self.scene)
        // -k takes no value, -s takes the next word: grouped as -ks FILE.
        _ = try folder.file("-odd name", "inc\nexpect \"2 of 10\"\ninc\nexpect value w 2\n")
        // A script whose name starts with a dash is an operand after --.
        let program = "cd '\(folder.path)' && exec '\(TerminalProcess.binary)' run -ks '\(scene)' -- '-odd name'"
        let result = try runPiped(["--norc", "--noprofile", "-c", program], input: "", executable: "/bin/bash")
        #expect(result.stdout == "1\n2\n")
        #expect(result.stderr.contains("-odd name:2: expected \"2 of 10\", heard \"1\""))
        #expect(result.status == 1)
    }

    @Test func dashIsStandardInputForAScriptAndStandardOutputForAReport() throws {
        let run = try runPiped(["run", "-"], input: "inc\n")
        #expect(run.stdout == "62.5 kilograms\n")
        let audit = try runPiped(["audit", "--demo", "--format", "json", "--output", "-"], input: "")
        #expect(audit.status == 0)
        #expect(audit.stdout.hasPrefix("{"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    /// `sayline help [COMMAND]` is `--help`; `--version` is wherever `--help` is; help fits the
    /// width it is given (COLUMNS when not at a terminal) and never breaks a word.
    @Test func helpIsEverywhereAndFitsTheWidth() throws {
        let commands = ["run", "audit", "describe", "scene", "pick", "config", "completions", "install", "uninstall", "help"]
        let top = try runPiped(["--help"], input: "").stdout
        #expect(try runPiped(["help"], input: "").stdout == top)
        for command in commands {
            let asked = try runPiped(["help", command], input: "")
            let own = try runPiped([command, "--help"], input: "").stdout
            #expect(asked.status == 0 && asked.stdout == own, "\(command)")
            let version = try runPiped([command, "--version"], input: "")
            // The version, then the licence, as GNU tools give it (the binary links GNU readline).
            #expect(version.status == 0 && version.stdout.hasPrefix("sayline 0.1.0\nLicense GPLv3+"), "\(command) --version: \(version.stderr)")
        }
        for arguments in [[], ["pick"], ["audit"]] as [[String]] {
            let wide = try runPiped(arguments + ["--help"], input: "")
            let words = Set(wide.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }))
            #expect(wide.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(arguments) is wider than 80 columns")
            for columns in [40, 60] {
                let narrow = try runPiped(arguments + ["--help"], input: "", environment: ["COLUMNS": String(columns)])
                let lines = narrow.stdout.split(separator: "\n")
                // At 40 a usage group (`[--display full|plain|screen-reader]`) or an option's
                // name may be wider: each is kept whole. At 60 every line fits.
                if columns == 60 { #expect(lines.allSatisfy { $0.count < columns }, "\(arguments) at \(columns): \(lines.filter { $0.count >= columns })") }
                // The same words at any width: none was cut in two.
                #expect(Set(narrow.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" })) == words, "\(arguments) at \(columns)")
            }
        }
    }

    @Test func mistakesOnTheCommandLineAreNamedAndChangeNothing() throws {
        let cases: [([String], String)] = [
            (["audit", "--formt", "json"], "sayline audit: unknown option: --formt; did you mean --format?"),
            (["run", "-", "--keep-going=yes"], "sayline run: --keep-going takes no value"),
            (["audit", "-x"], "sayline audit: unknown option: -x"),
            (["audit", "--fail-on"], "sayline audit: --fail-on needs a value"),
            (["audit", "-f", "yaml"], "sayline audit: -f takes text, json, junit, sarif, html, not yaml"),
            (["describe", "extra"], "sayline describe: unexpected argument: extra"),
            (["scene", "--print", "--check", "x.json"], "sayline scene: scene takes --print or --check FILE, not both"),
            (["completions", "tcsh"], "sayline completions: completions takes bash, zsh, fish, not tcsh"),
            (["--verbosity=loud"], "sayline: --verbosity takes terse, normal, verbose, not loud"),
            (["hepl"], "sayline: unknown command 'hepl'; did you mean 'help'?"),
            (["frobnicate"], "sayline: unknown command 'frobnicate'; the commands are run, audit, describe, apps, scene, pick, config, completions, install, uninstall, help"),
            (["help", "pikc"], "sayline help: unknown command 'pikc'; did you mean 'pick'?"),
        ]
        for (arguments, message) in cases {
            let result = try runPiped(arguments, input: "")
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            // One line naming the problem, one saying where to look: never the whole usage.
            let command = ["audit", "run", "describe", "scene", "completions", "help"].contains(arguments[0]) ? "sayline \(arguments[0])" : "sayline"
            #expect(result.stderr == message + "\nTry '\(command) --help'.\n", "\(arguments): \(result.stderr)")
        }
    }

    /// bash's own completion machinery, called as readline would call it.
    @Test func bashCompletesSubcommandsOptionsValuesAndSceneFiles() throws {
        let folder = try ScratchFolder()
        _ = try folder.file("settings.json", Self.scene)
        _ = try folder.file("notes.txt", "")
        let script = try folder.file("sayline.bash", try runPiped(["completions", "bash"], input: "").stdout)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program = "cd '\(folder.path)' && source '\(script)' && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) && _sayline && printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try runPiped(["--norc", "--noprofile", "-c", program], input: "", executable: "/bin/bash")
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try complete(["sayline", "au"]) == ["audit"])
        #expect(try complete(["sayline", "audit", "--format", ""]) == ["html", "json", "junit", "sarif", "text"])
        #expect(try complete(["sayline", "audit", "--format", "=", "j"]) == ["json", "junit"])
        #expect(try complete(["sayline", "audit", "--fail-on", "s"]) == ["serious"])
        #expect(try complete(["sayline", "--verbosity", ""]) == ["normal", "terse", "verbose"])
        #expect(try complete(["sayline", "--display", "s"]) == ["screen-reader"])
        #expect(try complete(["sayline", "run", "x", "--keep"]) == ["--keep-going"])
        #expect(try complete(["sayline", "--scene", ""]) == ["settings.json"])
        #expect(try complete(["sayline", "completions", "f"]) == ["fish"])
    }

    /// fish answers `complete -C` with what it would offer.
    @Test(.enabled(if: Consumers.installed("/usr/bin/fish"), "fish is not installed"))
    func fishCompletesFromTheSameTables() throws {
        let folder = try ScratchFolder()
        let script = try folder.file("sayline.fish", try runPiped(["completions", "fish"], input: "").stdout)
        func complete(_ line: String) throws -> [String] {
            let result = try runPiped(["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"], input: "", executable: "/usr/bin/fish")
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
        }
        #expect(try complete("sayline audit --format ") == ["html", "json", "junit", "sarif", "text"])
        #expect(try complete("sayline des").contains("describe"))
        #expect(try complete("sayline --punctuation ") == ["all", "none", "some"])
        #expect(try complete("sayline run x --check").contains("--check-transcript"))
    }

    /// zsh's completion system in a real terminal: Tab after `--format ` lists the formats.
    @Test(.enabled(if: Consumers.installed("/usr/bin/zsh"), "zsh is not installed"))
    func zshCompletesInATerminal() throws {
        let folder = try ScratchFolder()
        let script = try folder.file("sayline.zsh", try runPiped(["completions", "zsh"], input: "").stdout)
        let shell = try TerminalProcess(["-f"], environment: ["PS1": "ZSH%% ", "HOME": folder.path], speechOnTerminal: true, executable: "/usr/bin/zsh")
        #expect(shell.waitForDisplay("ZSH% "))
        shell.send("autoload -Uz compinit && compinit -u && source \(script) && print -r -- loaded\r")
        #expect(shell.waitForDisplay("loaded"))
        let before = shell.mark
        shell.send("sayline audit --fail-on \t")
        #expect(shell.waitForDisplay("critical", since: before))
        #expect(shell.display(since: before).contains("moderate"))
        shell.send("\u{03}")
    }
} }

/// The key table's functions with text on the line: the keys' own readline meaning, and for a
/// key the user bound, what that key did before Sayline bound anything.
extension EndToEndTests.CommandLineTests {
    @Test func aViCommandModeKeyBoundToAFunctionKeepsItsViMeaningWithText() throws {
        let scratch = try ScratchFolder()
        let inputrc = try scratch.file("inputrc", "set editing-mode vi\n$if sayline\nset keymap vi-command\n\"k\": sayline-increment\n$endif\n")
        _ = try scratch.file("sayline/history", "describe\n")
        let repl = try TerminalProcess(["--settle", "0", "--display", "plain"], environment: ["INPUTRC": inputrc, "XDG_STATE_HOME": scratch.path])
        #expect(repl.waitForDisplay("weight, "))
        // Empty line, command mode: k is a step.
        repl.send("\u{1B}")
        repl.send("k")
        #expect(repl.waitForSpeech("62.5 kilograms\n"))
        // Text on the line, command mode: k recalls history as vi's k does (before: typed a "k").
        repl.send("i")
        repl.send("ab")
        repl.send("\u{1B}")
        repl.send("k")
        repl.send("\r")
        #expect(repl.waitForSpeech("Weight, 62.5 kilograms, 40 to 120"))
        #expect(!repl.speechText.contains("abk"))
    }

    @Test func aBoundKeyEndingInALetterIsNeverTakenForAnArrow() throws {
        let scratch = try ScratchFolder()
        let inputrc = try scratch.file("inputrc", "$if sayline\n\"\\C-xA\": sayline-increment\n$endif\n")
        _ = try scratch.file("sayline/history", "describe\n")
        let repl = try TerminalProcess(["--settle", "0", "--display", "plain"], environment: ["INPUTRC": inputrc, "XDG_STATE_HOME": scratch.path])
        #expect(repl.waitForDisplay("weight, "))
        repl.send("\u{18}A")
        #expect(repl.waitForSpeech("62.5 kilograms\n"))
        // With text, Ctrl-X A rings the bell (before: it recalled history as Up does).
        repl.send("zz")
        repl.send("\u{18}A")
        repl.send("\r")
        #expect(repl.waitForSpeech("Unknown command, zz"))
        #expect(!repl.speechText.contains("40 to 120"))
    }

    /// Alt-3 Up is three steps: readline's count reaches the key table's command.
    @Test func readlinesCountRepeatsAStep() throws {
        let repl = try TerminalProcess(["--settle", "0", "--display", "plain"])
        #expect(repl.waitForDisplay("weight, "))
        repl.send("\u{1B}3" + Keys.up)
        #expect(repl.waitForSpeech("63.5 kilograms\n"))
    }

    /// The REPL's describe, `?` and `sayline describe` say the same sentence.
    @Test func oneDescriptionEverywhere() throws {
        let described = try runPiped(["describe"], input: "").stdout.split(separator: "\n").map(String.init)
        let spoken = try runPiped([], input: "describe weight\ndescribe rating\ndescribe balance\n").stdout.split(separator: "\n").map(String.init)
        #expect(described.count == 3)
        // Piped, the session first says where focus is.
        #expect(Array(spoken.dropFirst()) == described)
    }

    /// readline is reached through the adapter alone: the bridge and the parts it binds keys with.
    @Test func onlyTheAdapterCallsReadline() throws {
        let sources = PackagePaths.root.appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Testing/") }
        #expect(files.count > 100)
        let adapter = ["ReadlineBridge.swift", "ReadlineBridge+Keyboard.swift", "ReadlineBridge+Screen.swift", "ReadlineBridge+History.swift",
                       "KeyBinder.swift", "KeymapsBeforeSayline.swift"].map { "Terminal/SaylineLineEditor/" + $0 }
        #expect(adapter.allSatisfy(files.contains), "an adapter file is gone: \(adapter)")
        for file in files where !adapter.contains(file) {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("CReadline"), "\(file) imports readline")
            #expect(text.range(of: #"\b(rl_|history_|add_history|read_history|stifle_history)\w*\("#, options: .regularExpression) == nil, "\(file) calls readline")
        }
    }
}
