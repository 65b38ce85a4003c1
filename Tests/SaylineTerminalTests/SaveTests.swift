import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// Scenes as settings files: `save` writes the values back and keeps the rest of the file byte
/// for byte; quitting with unsaved changes asks once; `--autosave` saves at exit.
extension EndToEndTests { @Suite struct SaveTests {
    /// Hand-formatted: aligned columns, keys in an odd order, a number written as 2.50e1, a
    /// control without a value.
    static let handMade = """
    {
      "$schema": "urn:sayline:scene:1",
      "controls": [
        { "kind": "ruler",  "id": "volume", "label": "Volume",     "max": 100, "step": 5, "value": 50 },
        {
          "kind":  "rating",
          "id":    "mood",
          "label": "Mood"
        },
        { "id": "speed", "kind": "ruler", "label": "Speed", "value": 2.50e1, "max": 100 }
      ]
    }

    """

    @Test func saveChangesOnlyTheValuesOfTheFile() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("settings.json", Self.handMade)
        let result = try runPiped(["--scene", scene], input: "inc\nnext\ninc\ninc\nsave\n")
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("Saved 2 changes to \(scene)\n"))
        let expected = Self.handMade
            .replacingOccurrences(of: #""step": 5, "value": 50 }"#, with: #""step": 5, "value": 55 }"#)
            .replacingOccurrences(of: #""label": "Mood""#, with: #""label": "Mood", "value": 2"#)
        #expect(folder.read("settings.json") == expected)
        // The file read back holds the values saved.
        let again = try runPiped(["--scene", scene], input: "list\n")
        #expect(again.stdout.contains("1 of 3, Volume, 55, focused"))
        #expect(again.stdout.contains("2 of 3, Mood, 2 out of 10 stars"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "settings.json" }
        #expect(leftovers.isEmpty)
    }

    /// A save is not a change: undo goes back past it, and the file keeps what was saved.
    @Test func undoAndRedoGoOnAcrossASave() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("settings.json", Self.handMade)
        let result = try runPiped(["--scene", scene], input: "inc\nsave\nundo\nredo\nundo\nsay\n")
        #expect(result.stdout.contains("Saved 1 change to \(scene)\n50\n55\n50\nVolume, 50\n"))
        #expect(folder.read("settings.json")?.contains(#""value": 55 }"#) == true)
    }

    @Test func saveToAnotherFileMakesItTheScenesFile() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("settings.json", Self.handMade)
        let copy = folder.path + "/copy.json"
        let result = try runPiped(["--scene", scene], input: "inc\nsave \(copy)\ninc\nsave\n")
        #expect(result.stdout.contains("Saved 1 change to \(copy)\n"))
        #expect(result.stdout.hasSuffix("Saved 1 change to \(copy)\n"))
        #expect(folder.read("settings.json") == Self.handMade)
        #expect(folder.read("copy.json")?.contains(#""value": 60 }"#) == true)
        // The demo scene has no file of its own: save needs a name, then writes the scene format.
        let demo = try runPiped([], input: "inc\nsave\nsave \(folder.path)/demo.json\n")
        #expect(demo.stdout.contains("Nothing to save to, the demo scene has no file. Type save and a file name\n"))
        #expect(folder.read("demo.json")?.contains(#""value": 62.5"#) == true)
        let nowhere = try runPiped(["--scene", scene], input: "inc\nsave /nonexistent/folder/x.json\n")
        #expect(nowhere.stdout.contains("Not saved, /nonexistent/folder/x.json cannot be written"))
        // `~/` is the home folder, as in a shell; a `~` elsewhere in a name is a character.
        let home = try ScratchFolder()
        let tilde = try runPiped([], input: "inc\nsave ~/x.json\n", environment: ["HOME": home.path])
        #expect(tilde.stdout.contains("Saved 1 change to \(home.path)/x.json\n"), "\(tilde.stdout)")
        #expect(home.read("x.json")?.contains(#""value": 62.5"#) == true)
    }

    @Test func quittingWithUnsavedChangesAsksOnce() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("settings.json", Self.handMade)
        let repl = try TerminalProcess(["--scene", scene, "--settle", "0", "--display", "plain"])
        #expect(repl.waitForDisplay("volume, "))
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("55\n"))
        repl.send("quit\r")
        #expect(repl.waitForSpeech("1 unsaved change, type save, or quit again\n"))
        #expect(repl.waitForQuiet(milliseconds: 200))
        // Still running, and still reading: it answers a command.
        repl.send("say\r")
        #expect(repl.waitForSpeech("Volume, 55\n"))
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
        #expect(folder.read("settings.json") == Self.handMade)
        #expect(repl.terminalIsAsFound())
        // Saved, it quits at once.
        let saved = try TerminalProcess(["--scene", scene, "--settle", "0", "--display", "plain"])
        #expect(saved.waitForDisplay("volume, "))
        saved.send(Keys.up)
        saved.send("save\r")
        #expect(saved.waitForSpeech("Saved 1 change"))
        saved.send("quit\r")
        #expect(saved.waitForExit() == 0)
    }

    @Test func autosaveWritesTheValuesAtExit() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("settings.json", Self.handMade)
        let piped = try runPiped(["--scene", scene, "--autosave"], input: "inc\n")
        #expect(piped.stdout.hasSuffix("Saved 1 change to \(scene)\n"))
        #expect(folder.read("settings.json")?.contains(#""value": 55 }"#) == true)
        _ = try folder.file("config/sayline/config", "autosave = on\n")
        let repl = try TerminalProcess(["--scene", scene, "--settle", "0", "--display", "plain"], environment: ["XDG_CONFIG_HOME": folder.path + "/config"])
        #expect(repl.waitForDisplay("volume, "))
        repl.send(Keys.up)
        #expect(repl.waitForSpeech("60\n"))
        repl.send("quit\r")
        #expect(repl.waitForExit() == 0)
        #expect(folder.read("settings.json")?.contains(#""value": 60 }"#) == true)
    }
} }
