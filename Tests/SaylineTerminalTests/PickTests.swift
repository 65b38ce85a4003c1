import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// `sayline pick`: a shell script asks a person for a number and gets it back, alone on
/// stdout; every way of cancelling writes nothing and exits 1.
extension EndToEndTests { @Suite struct PickTests {
    static let volume = ["pick", "--label", "Volume", "--min", "0", "--max", "100", "--step", "5", "--value", "50", "--unit", "percent"]

    @Test func enterAcceptsAndTheValueIsAloneOnStdout() throws {
        let pick = try TerminalProcess(Self.volume + ["--settle", "0"])
        #expect(pick.waitForDisplay("Enter on an empty line accepts"))
        #expect(pick.waitForDisplay("Volume, 50 percent"))
        pick.send(Keys.up)
        #expect(pick.waitForDisplay("55 percent"))
        pick.send(Keys.up)
        #expect(pick.waitForDisplay("60 percent"))
        pick.send("\r")
        #expect(pick.waitForExit() == 0)
        // The announcements went to the terminal: stdout carries the answer and nothing else.
        #expect(pick.speechText == "60\n")
        #expect(pick.terminalIsAsFound())
    }

    /// Ctrl-C cancels with 130, as fzf does; the other ways with 1.
    @Test(arguments: [("escape", "\u{1B}", 1), ("Ctrl-C", "\u{03}", 130), ("Ctrl-C with text typed", "se\u{03}", 130), ("Ctrl-D", "\u{04}", 1), ("quit", "quit\r", 1)])
    func everyWayOfCancellingWritesNothing(name: String, keys: String, status: Int32) throws {
        let pick = try TerminalProcess(Self.volume + ["--settle", "0"])
        #expect(pick.waitForDisplay("Volume, 50 percent"))
        pick.send(Keys.up)
        #expect(pick.waitForDisplay("55 percent"))
        pick.send(keys)
        #expect(pick.waitForExit() == status, "\(name)")
        #expect(pick.speechText.isEmpty, "\(name)")
        #expect(pick.terminalIsAsFound(), "\(name)")
    }

    /// With text on the line, Escape is readline's own: it does not cancel.
    @Test func escapeWithTextOnTheLineDoesNotCancel() throws {
        let pick = try TerminalProcess(Self.volume + ["--settle", "0", "--display", "plain"])
        #expect(pick.waitForDisplay("volume, "))
        pick.send("set 7")
        pick.send("\u{1B}")
        // Escape starts a readline key sequence (Meta); Ctrl-G abandons it, the line intact.
        pick.send("\u{07}")
        pick.send("0\r")
        #expect(pick.waitForDisplay("70 percent"))
        pick.send("\r")
        #expect(pick.waitForExit() == 0)
        #expect(pick.speechText == "70\n")
    }

    @Test func pipedLinesAreCommandsAndTheEndOfInputAccepts() throws {
        let stepped = try runPiped(Self.volume, input: "inc\ninc\n")
        #expect(stepped.status == 0)
        #expect(stepped.stdout == "60\n")
        #expect(stepped.stderr.contains("Volume, 50 percent\n55 percent\n60 percent\n"))
        // An empty line accepts at once; what follows is not run.
        let early = try runPiped(Self.volume, input: "inc\n\ninc\n")
        #expect(early.stdout == "55\n")
        let typed = try runPiped(Self.volume, input: "set 72\n")
        #expect(typed.stdout == "70\n")
        #expect(typed.stderr.contains("nearest step to 72"))
        let confirm = try runPiped(Self.volume + ["--require-confirm"], input: "inc\n")
        #expect(confirm.status == 1)
        #expect(confirm.stdout.isEmpty)
        let confirmed = try runPiped(Self.volume + ["--require-confirm"], input: "inc\n\n")
        #expect(confirmed.stdout == "55\n")
        let quit = try runPiped(Self.volume, input: "inc\nquit\n")
        #expect(quit.status == 1 && quit.stdout.isEmpty)
    }

    @Test func theAnswerKeepsTheStepsPrecisionAndJSONSaysEverything() throws {
        let half = try runPiped(["pick", "--label", "Weight", "--min", "40", "--max", "120", "--step", "0.5", "--value", "62", "--unit", "kilogram/kilograms"], input: "\n")
        #expect(half.stdout == "62.0\n")
        #expect(half.stderr.contains("Weight, 62 kilograms"))
        let big = try runPiped(["pick", "--kind", "digitroll", "--label", "Balance", "--digits", "6", "--prefix", "$", "--value", "12480", "--step", "10"], input: "inc\n")
        #expect(big.stdout == "12490\n")
        let json = try runPiped(Self.volume + ["--print", "json"], input: "inc\n")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["id"] as? String == "volume")
        #expect(object["value"] as? Double == 55)
        #expect(object["text"] as? String == "55")
        #expect(object["spoken"] as? String == "55 percent")
        #expect(json.stdout.split(separator: "\n").count == 1)
    }

    @Test func aControlOfASceneIsPickedByItsId() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("settings.json", #"{"controls": [{"kind": "ruler", "id": "volume", "label": "Volume", "max": 10}, {"kind": "rating", "id": "mood", "label": "Mood", "value": 3}]}"#)
        let mood = try runPiped(["pick", "--scene", scene, "--control", "mood"], input: "inc\n")
        #expect(mood.status == 0 && mood.stdout == "4\n")
        let which = try runPiped(["pick", "--scene", scene], input: "")
        #expect(which.status == 64)
        #expect(which.stderr.hasPrefix("sayline pick: the scene has 2 controls; choose one with --control: volume, mood\n"))
        let missing = try runPiped(["pick", "--scene", scene, "-c", "speed"], input: "")
        #expect(missing.status == 2)
        #expect(missing.stderr.hasSuffix("no control speed; its controls: volume, mood\n"))
    }

    @Test func badFlagsGetAClearMessageAndNothingIsAsked() throws {
        let cases: [([String], String)] = [
            (["pick", "--min", "abc"], "sayline pick: --min takes a number, not abc"),
            (["pick", "--max", "inf"], "sayline pick: --max takes a number, not inf"),
            (["pick", "--digits", "3"], "sayline pick: --digits is not a setting of a ruler"),
            (["pick", "--kind", "knob"], "sayline pick: --kind must be ruler, rating or digitroll"),
            (["pick", "--digits", "2.5", "--kind", "digitroll"], "sayline pick: --digits must be a whole number"),
            (["pick", "--control", "x"], "sayline pick: --control picks from a scene: give --scene FILE too"),
            (["pick", "--print", "xml"], "sayline pick: --print takes value, json, not xml"),
        ]
        for (arguments, message) in cases {
            let result = try runPiped(arguments, input: "inc\n")
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.hasPrefix(message + "\n"), "\(arguments): \(result.stderr)")
        }
    }
} }

extension EndToEndTests.PickTests {
    static let recipesURL = PackagePaths.file("Docs/recipes.md")

    /// Every recipe of Docs/recipes.md, run as the page writes it, in bash at a terminal: the
    /// keys a person presses, and what the device command is asked to do.
    @Test(arguments: [
        (#"vol=$(sayline pick --label Volume --min 0 --max 100 --step 5 --value 50 --unit percent) && pactl set-sink-volume @DEFAULT_SINK@ "$vol%""#,
         "Volume, 50 percent", Keys.up, "pactl", "set-sink-volume @DEFAULT_SINK@ 55%\n"),
        (#"vol=$(sayline pick --label "Master volume" --min 0 --max 100 --step 5 --value 40 --unit percent) && amixer -q sset Master "$vol%""#,
         "Master volume, 40 percent", Keys.pageDown, "amixer", "-q sset Master 0%\n"),
        (#"level=$(sayline pick --label Brightness --min 5 --max 100 --step 5 --value 60 --unit percent) && brightnessctl -q set "$level%""#,
         "Brightness, 60 percent", Keys.end, "brightnessctl", "-q set 100%\n"),
        (#"if n=$(sayline pick --label "Copies to print" --min 1 --max 50 --value 1 --unit copy/copies); then echo "printing $n copies"; else echo "nothing printed"; fi"#,
         "Copies to print, 1 copy", "set 3\r", "echo", "printing 3 copies\n"),
    ])
    func everyRecipeRunsAsWritten(recipe: String, greeting: String, keys: String, command: String, expected: String) throws {
        let page = try String(contentsOf: Self.recipesURL, encoding: .utf8)
        #expect(page.contains("```sh\n" + recipe + "\n```"), "Docs/recipes.md no longer holds the recipe")
        let folder = try ScratchFolder()
        if command != "echo" {
            _ = try folder.file("bin/\(command)", "#!/bin/sh\necho \"$@\" > \"\(folder.path)/device.log\"\n", executable: true)
        }
        _ = try folder.file("bin/sayline", "#!/bin/sh\nexec '\(TerminalProcess.binary)' \"$@\"\n", executable: true)
        let shell = try TerminalProcess(["--norc", "--noprofile", "-c", recipe + (command == "echo" ? "" : " && echo done")],
                                        environment: ["PATH": folder.path + "/bin:/usr/bin:/bin"], speechOnTerminal: true, executable: "/bin/bash")
        #expect(shell.waitForDisplay(greeting))
        shell.send(keys)
        #expect(shell.waitForQuiet(milliseconds: 300))
        shell.send("\r")
        #expect(shell.waitForExit() == 0)
        if command == "echo" {
            #expect(shell.displayText.contains(expected.trimmingCharacters(in: .newlines)))
        } else {
            #expect(folder.read("device.log") == expected)
        }
    }

    @Test func cancellingARecipeRunsNothing() throws {
        let folder = try ScratchFolder()
        _ = try folder.file("bin/pactl", "#!/bin/sh\necho \"$@\" > \"\(folder.path)/device.log\"\n", executable: true)
        _ = try folder.file("bin/sayline", "#!/bin/sh\nexec '\(TerminalProcess.binary)' \"$@\"\n", executable: true)
        let recipe = #"vol=$(sayline pick --label Volume --min 0 --max 100 --step 5 --value 50 --unit percent) && pactl set-sink-volume @DEFAULT_SINK@ "$vol%""#
        let shell = try TerminalProcess(["--norc", "--noprofile", "-c", recipe + "; echo status=$?"],
                                        environment: ["PATH": folder.path + "/bin:/usr/bin:/bin"], speechOnTerminal: true, executable: "/bin/bash")
        #expect(shell.waitForDisplay("Volume, 50 percent"))
        shell.send("\u{1B}")
        #expect(shell.waitForDisplay("status=1"))
        #expect(shell.waitForExit() == 0)
        #expect(folder.read("device.log") == nil)
    }

    /// Ctrl-C in a pick ends the pick, not the script that ran it: the recipe's `else` runs
    /// and the script goes on to its end (before, bash was interrupted too and ran neither).
    @Test func ctrlCInAPickLetsTheScriptGoOn() throws {
        let folder = try ScratchFolder()
        _ = try folder.file("bin/sayline", "#!/bin/sh\nexec '\(TerminalProcess.binary)' \"$@\"\n", executable: true)
        let recipe = #"if n=$(sayline pick --label "Copies to print" --min 1 --max 50 --value 1 --unit copy/copies); then echo "printing $n copies"; else echo "nothing printed"; fi"#
        let shell = try TerminalProcess(["--norc", "--noprofile", "-c", recipe + "; echo went on"],
                                        environment: ["PATH": folder.path + "/bin:/usr/bin:/bin"], speechOnTerminal: true, executable: "/bin/bash")
        #expect(shell.waitForDisplay("Copies to print, 1 copy"))
        shell.send(Keys.up)
        #expect(shell.waitForDisplay("2 copies"))
        shell.send("\u{03}")
        #expect(shell.waitForDisplay("nothing printed\r\nwent on"))
        #expect(shell.waitForExit() == 0)
    }
}

extension EndToEndTests.PickTests {
    /// The recipes of Docs/recipes.md that work on a scene file, as written, in bash at a
    /// terminal, in a folder holding the scene.
    @Test(arguments: [
        ("sayline --scene mixer.json --on-change 'pactl set-sink-volume @DEFAULT_SINK@ {value}%'", "\u{04}\u{04}", "device.log", "set-sink-volume @DEFAULT_SINK@ 55%\n"),
        ("sayline --scene settings.json --autosave", "\u{04}", "settings.json", #""value": 55 }"#),
        ("sayline pick --scene settings.json --control volume", "\r", "answer.txt", "55\n"),
    ])
    func sceneRecipesRunAsWritten(recipe: String, ending: String, file: String, expected: String) throws {
        let page = try String(contentsOf: Self.recipesURL, encoding: .utf8)
        #expect(page.contains("```sh\n" + recipe + "\n```"), "Docs/recipes.md no longer holds the recipe")
        let folder = try ScratchFolder()
        let scene = #"{"controls": [{ "kind": "ruler", "id": "volume", "label": "Volume", "max": 100, "step": 5, "value": 50 }]}"#
        _ = try folder.file("mixer.json", scene)
        _ = try folder.file("settings.json", scene)
        _ = try folder.file("bin/pactl", "#!/bin/sh\necho \"$@\" > \"\(folder.path)/device.log\"\n", executable: true)
        _ = try folder.file("bin/sayline", "#!/bin/sh\nexec '\(TerminalProcess.binary)' \"$@\"\n", executable: true)
        // The pick's answer is kept; the REPL's announcements stay on the terminal.
        let redirect = recipe.hasPrefix("sayline pick") ? " > answer.txt" : ""
        let shell = try TerminalProcess(["--norc", "--noprofile", "-c", "cd '\(folder.path)' && " + recipe + redirect],
                                        environment: ["PATH": folder.path + "/bin:/usr/bin:/bin"], speechOnTerminal: true, executable: "/bin/bash")
        #expect(shell.waitForDisplay("volume> "))
        shell.send(Keys.up)
        #expect(shell.waitForDisplay("55"))
        #expect(shell.waitForQuiet(milliseconds: 500))
        shell.send(ending)
        #expect(shell.waitForExit() == 0)
        #expect(folder.read(file)?.contains(expected) == true, "\(folder.read(file) ?? "nothing")")
    }
}
