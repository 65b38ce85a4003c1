import Foundation
import PseudoTerminal
import Testing

/// The first hour of a new user, through the real binary: values typed as they are said,
/// impossible controls refused where they are made, statuses a script can trust, a listener on
/// a pipe told where help is, and manuals an installed sayline can reach.
extension EndToEndTests { @Suite struct FirstHourTests {
    @Test func aValueTypedAsItIsSaidSetsTheControlAtThePrompt() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForDisplay("weight> "))
        repl.send("70\r")
        #expect(repl.waitForSpeech("70 kilograms\n"))
        repl.send("62.5 KG\r")
        #expect(repl.waitForSpeech("62.5 kilograms\n"))
        repl.send("65 pounds\r")
        #expect(repl.waitForSpeech("Wrong unit, pounds. Type 65 or 65 kilograms\n"))
        repl.send("abc\r")
        #expect(repl.waitForSpeech("Unknown command, abc. Type help for commands\n"))
        repl.send("\u{04}")
        #expect(repl.waitForExit() == 0)
    }

    @Test func pickTakesAValueTypedIntoAPipe() throws {
        let plain = try runPiped(["pick", "--min", "0", "--max", "100"], input: "70\n\n")
        #expect(plain.status == 0 && plain.stdout == "70\n", "\(plain)")
        let withUnit = try runPiped(["pick", "--min", "0", "--max", "100", "--unit", "percent"], input: "40 Percent\n\n")
        #expect(withUnit.status == 0 && withUnit.stdout == "40\n", "\(withUnit)")
        // A refusal, then a value that is taken: the answer is that value.
        let corrected = try runPiped(["pick", "--min", "0", "--max", "100"], input: "7o\n70\n\n")
        #expect(corrected.status == 0 && corrected.stdout == "70\n", "\(corrected)")
    }

    /// A script's answer is never a value it did not ask for: an entry refused or moved into the
    /// range, then Enter (or the end of input), is no answer (65), and nothing is written.
    @Test(arguments: ["7o\n\n", "150\n\n", "150\n", "65 pounds\n\n", "tour\n\n"])
    func pickFromAPipeRefusesAnAnswerInDoubt(input: String) throws {
        let result = try runPiped(["pick", "--min", "0", "--max", "100"], input: input)
        #expect(result.status == 65 && result.stdout.isEmpty, "\(input.debugDescription): \(result)")
        #expect(result.stderr.contains("nothing is accepted"), "\(result.stderr)")
    }

    /// No terminal to ask on and nothing piped: an error of its own (fzf's 2), not the start value.
    @Test func pickWithNoTerminalAndNoInputIsAnError() throws {
        let result = try runPiped(["pick", "--min", "0", "--max", "100", "--value", "50"], input: "")
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("no terminal to ask on"), "\(result.stderr)")
    }

    @Test(arguments: [
        (["--min", "10", "--max", "5"], "--max 5 is below the minimum"),
        (["--step", "0"], "--step 0 is not a positive finite number"),
        (["--step", "-5"], "--step -5 is not a positive finite number"),
        (["--min", "0", "--max", "5", "--step", "10"], "--step 10 is more than the range from 0 to 5"),
        (["--min", "3", "--max", "3"], "--max 3 is the minimum too"),
        (["--kind", "digitroll", "--digits", "12"], "--digits 12 is outside 1 to 9"),
        (["--kind", "digitroll", "--digits", "12", "--value", "123456789012"], "--digits 12 is outside 1 to 9"),
        (["--max", "1e400"], "--max takes a number, not 1e400"),
        (["--min", "0", "--max", "10", "--value", "2.5"], "--value 2.5 is not on the scale"),
    ])
    func pickRefusesAnImpossibleControlNamingTheFlag(flags: [String], message: String) throws {
        let result = try runPiped(["pick"] + flags, input: "\n")
        #expect(result.status == 64 && result.stdout.isEmpty, "\(flags): \(result)")
        #expect(result.stderr.contains(message), "\(flags): \(result.stderr)")
    }

    @Test func sceneCheckRefusesWhatTheAuditCallsSerious() throws {
        let folder = try ScratchFolder()
        let backwards = try folder.file("backwards.json", """
            {"controls": [
              {"kind": "ruler", "id": "a", "label": "A", "min": 10, "max": 5, "step": 0}
            ]}
            """)
        let check = try runPiped(["scene", "--check", backwards], input: "")
        #expect(check.status == 2 && check.stdout.isEmpty, "\(check)")
        #expect(check.stderr == "\(backwards):2: controls[0].step: 0 is not a positive finite number\n\(backwards):2: controls[0].max: 5 is below the minimum\n", "\(check.stderr)")
        let huge = try folder.file("huge.json", #"{"controls": [{"kind": "ruler", "id": "a", "label": "A", "max": 1e400}]}"#)
        let hugeCheck = try runPiped(["scene", "--check", huge], input: "")
        #expect(hugeCheck.status == 2 && hugeCheck.stderr.contains("controls[0].max: is not a finite number"), "\(hugeCheck)")
        let picked = try runPiped(["pick", "--scene", huge], input: "\n")
        #expect(picked.status == 2 && picked.stdout.isEmpty, "\(picked)")
        let fine = try folder.file("fine.json", #"{"controls": [{"kind": "ruler", "id": "a", "label": "A", "max": 10}]}"#)
        #expect(try runPiped(["scene", "--check", fine], input: "").stdout == "\(fine): valid, 1 controls\n")
    }

    /// At the keyboard, Enter right after a refused entry says so and does not accept; the next
    /// Enter accepts the value as it is.
    @Test func enterAfterARefusedEntryDoesNotAcceptAtTheKeyboard() throws {
        let pick = try TerminalProcess(["pick", "--min", "0", "--max", "10", "--value", "3", "--settle", "0"])
        #expect(pick.waitForDisplay("Enter on an empty line accepts"))
        pick.send("7o\r")
        #expect(pick.waitForDisplay("Not a number, 7o"))
        pick.send("\r")
        #expect(pick.waitForDisplay("Not accepted yet, the last entry was not taken as typed. Enter again accepts 3"))
        pick.send("tour\r")
        #expect(pick.waitForDisplay("tour is not part of a pick"))
        let refused = pick.mark
        pick.send("\r")
        #expect(pick.waitForDisplay("Enter again accepts 3", since: refused))
        pick.send("\r")
        #expect(pick.waitForExit() == 0)
        #expect(pick.speechText == "3\n")
    }

    /// `sayline | espeak-ng` hears how to get help once, before the control.
    @Test func aListenerOnAPipeHearsWhereHelpIs() throws {
        let repl = try TerminalProcess(["--settle", "0"])
        #expect(repl.waitForSpeech("Weight, 62 kilograms\n"))
        #expect(repl.speechText.hasPrefix("Press question mark to describe a control, or type help.\nWeight, 62 kilograms\n"), "\(repl.speechText)")
        // Where the speech shares the terminal, the display's own start line says it.
        let together = try TerminalProcess(["--settle", "0"], speechOnTerminal: true)
        #expect(together.waitForDisplay("weight> "))
        #expect(together.displayText.components(separatedBy: "to describe a control").count == 2)
    }

    @Test func aPipedSessionThatLosesWorkDoesNotEndInSuccess() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("s.json", #"{"controls": [{"kind": "ruler", "id": "a", "label": "A", "max": 10}]}"#)
        // Changes piped into a scene and not saved are said, never dropped silently.
        let unsaved = try runPiped(["--scene", path], input: "inc\n")
        #expect(unsaved.status == 0 && unsaved.stderr.contains("1 change was not saved to \(path) (save, or --autosave)"), "\(unsaved)")
        let saved = try runPiped(["--scene", path], input: "inc\nsave\n")
        #expect(saved.status == 0, "\(saved)")
        let failedSave = try runPiped([], input: "inc\nsave /nonexistent/folder/x.json\n")
        #expect(failedSave.status == 74 && failedSave.stderr.contains("the last save failed: /nonexistent/folder/x.json cannot be written"), "\(failedSave)")
        let script = try folder.file("t.say", "inc\nsave /nonexistent/folder/x.json\n")
        let run = try runPiped(["run", script], input: "")
        #expect(run.status == 74 && run.stderr.contains("the last save failed"), "\(run)")
    }

    @Test func aRunEndsWithOneLineOfWhatItChecked() throws {
        let folder = try ScratchFolder()
        let passing = try folder.file("pass.say", "inc\nexpect \"62.5 kilograms\"\nexpect value weight 62.5\n")
        let passed = try runPiped(["run", passing], input: "")
        #expect(passed.status == 0 && passed.stderr == "sayline run: all 2 expectations met, 1 command run\n", "\(passed)")
        let failing = try folder.file("fail.say", "inc\nexpect \"63 kilograms\"\nexpect value weight 62.5\n")
        let failed = try runPiped(["run", failing, "--keep-going"], input: "")
        #expect(failed.status == 1 && failed.stderr.hasSuffix("sayline run: 1 of 2 expectations met, 1 failed, 1 command run\n"), "\(failed)")
    }

    @Test func anEmptyShardSaysItAuditedNothingAndNamesNoScene() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("one.json", #"{"controls": [{"kind": "ruler", "id": "a", "label": "A", "max": 10}]}"#)
        let empty = try runPiped(["audit", scene, "--shard", "1/2"], input: "")
        #expect(empty.status == 0, "\(empty)")
        #expect(empty.stderr.contains("part 1 of 2 holds no controls: nothing was audited"), "\(empty.stderr)")
        #expect(!empty.stdout.contains("one.json"), "\(empty.stdout)")
        let full = try runPiped(["audit", scene, "--shard", "2/2"], input: "")
        #expect(full.stdout.contains("one.json") && full.stderr.isEmpty, "\(full)")
    }

    /// The manuals an installed sayline reaches: option names never broken by hyphenation, and
    /// the scene format and the audit rules in pages of their own.
    @Test func theManualsAreWholeAndNeverBreakAnOptionName() throws {
        for page in ["Docs/sayline.1", "Docs/sayline-scene.5", "Docs/sayline-audit-rules.7"] {
            let rendered = try runShell("MANWIDTH=50 man -l '\(PackagePaths.file(page).path)' 2>/dev/null")
            #expect(rendered.status == 0 && !rendered.stdout.isEmpty, "\(page)")
            // A hyphen that man inserted to break a word (U+2010) never stands in an option.
            #expect(!rendered.stdout.contains("\u{2010}"), "\(page) breaks a word: \(rendered.stdout.split(separator: "\n").filter { $0.contains("\u{2010}") }.prefix(3))")
        }
        let rules = try runShell("MANWIDTH=80 man -l '\(PackagePaths.file("Docs/sayline-audit-rules.7").path)'")
        #expect(rules.stdout.contains("range-valid") && rules.stdout.contains("announcement-length"))
    }
} }
