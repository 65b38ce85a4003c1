import Foundation
import PseudoTerminal
import Testing
import SaylineCatalogs
import SaylineCommandLine

/// Every surface a person reads, run in the pseudo-language `qps`, whose catalog is made from
/// the template with every build: each message bracketed and every letter accented. A word of
/// plain English letters outside the brackets is a sentence that never went through the
/// catalogs (or data the surface echoes, which each surface names). The way Android's en-XA and
/// Windows' qps-ploc find what was never translated, and the proof that a language is a catalog
/// and no code.
extension EndToEndTests { @Suite struct PseudoLanguageTests {
    /// The words of `line` that are plain English: outside every bracket, made of ASCII letters
    /// only, and not a name a person types as it is (an option, a path, an id, a metavariable).
    static func unmarked(_ line: String, allowing allowed: Set<String> = []) -> [String] {
        // A JSON path (`controls[0].max`) is a name, though it holds brackets.
        let paths = line.replacing(/[A-Za-z_]*(\[[0-9]+\])+(\.[A-Za-z_]+)*/, with: " ")
        var outside = ""
        var depth = 0
        for character in paths {
            if character == "[" { depth += 1; outside.append(" "); continue }
            if character == "]" { depth = max(0, depth - 1); outside.append(" "); continue }
            if depth == 0 { outside.append(character) }
        }
        let edges = CharacterSet(charactersIn: "\"'`()<>{},.:;!?„“”«»‘’…*|#")
        return outside.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" || $0 == "\u{202F}" }).compactMap { raw in
            let word = String(raw).trimmingCharacters(in: edges)
            guard word.count >= 2, word.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
            // A metavariable or an environment variable (FILE, LANG), an option, a name typed as it is.
            if word == word.uppercased() { return nil }
            if allowed.contains(word) || allowed.contains(word.lowercased()) { return nil }
            return word
        }
    }

    /// The detector finds English and passes what the pseudo-language made.
    @Test func theDetectorTellsEnglishFromThePseudoLanguage() {
        #expect(Self.unmarked("Try 'sayline pick --help'.", allowing: ["sayline", "pick"]) == ["Try"])
        #expect(Self.unmarked("[Ţŕý 'sayline --ĥééļþ'.]").isEmpty)
        #expect(Self.unmarked("sayline: [ûûñķñööŵñ ööþţîîööñ: --bogus]", allowing: ["sayline"]).isEmpty)
        #expect(Self.unmarked("controls[0].max: below the minimum") == ["below", "the", "minimum"])
        #expect(Self.unmarked("  -s, --scene FILE    [ţĥéé çööñţŕööļš]").isEmpty)
        #expect(Self.unmarked("Options:") == ["Options"])
    }

    /// Names a person types as they are, which every language keeps: the program, its
    /// commands and subcommands, the preferences file's keys and the words their values are,
    /// the languages' codes, the impacts `--fail-on` takes.
    static let typedAsTheyAre: Set<String> = {
        var words: Set<String> = [
            "sayline", "run", "audit", "describe", "apps", "scene", "pick", "config", "completions", "install", "uninstall", "help",
            "man", "bash", "zsh", "fish", "json", "sarif", "junit", "html", "text", "axe", "qps",
            "critical", "serious", "moderate", "minor", "ruler", "rating", "digitroll", "true", "false",
        ]
        for setting in SettingTable.all {
            words.formUnion(setting.key.split(separator: "-").map(String.init))
        }
        words.formUnion(["plain", "full", "screen", "reader", "reduce", "terse", "normal", "verbose", "on", "off", "auto", "none", "some", "most", "all"])
        words.formUnion(LanguageChoice.available(in: [CatalogFolder.built]))
        return words
    }()

    struct Surface: Sendable, CustomStringConvertible {
        let arguments: [String]
        var input = ""
        /// Words of data the surface echoes (a file's name, a scene's English label).
        var echoes: Set<String> = []
        /// Where a line's prose begins, when what comes before it is typed as it is
        /// (`config`'s `key = value  # source`).
        var proseAfter: Character?
        /// A page: its text is read without its tags and its style sheet.
        var isHTML = false
        var description: String { arguments.joined(separator: " ") + (input.isEmpty ? "" : " < " + input.replacing("\n", with: "⏎")) }
    }

    static let scratchFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qps-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A scene with a problem of each kind the decoder names, one that is not JSON, a script
        // whose expectation fails, and one whose line is no command.
        let files = [
            "problems.json": #"{"controls": [{"kind": "ruler", "id": "w", "label": "Ŵ", "min": 10, "max": 0}, {"kind": "dial", "id": "d"}, {"kind": "rating", "id": "w", "label": "Ŕ", "max": -2}]}"#,
            "broken.json": #"{"controls": [ {kind: "ruler"} ]"#,
            "failing.say": "inc\nexpect value weight 99\nexpect said 99 Zorb\n",
            "nonsense.say": "frobnicate 12\n",
        ]
        for (name, text) in files { try? text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }()

    static func scratch(_ name: String) -> String { scratchFolder.appendingPathComponent(name).path }

    static var surfaces: [Surface] {
        let subcommands = ["run", "audit", "describe", "apps", "scene", "pick", "config", "completions", "install", "uninstall", "help"]
        var all = [Surface(arguments: ["--help"])]
        // pick's help shows a shell line that sets the volume with pactl: typed as it is.
        let examples: [String: Set<String>] = ["pick": ["Volume", "percent", "pactl", "vol"]]
        all += subcommands.map { Surface(arguments: [$0, "--help"], echoes: examples[$0] ?? []) }
        all += subcommands.filter { $0 != "help" }.map { Surface(arguments: ["help", $0], echoes: examples[$0] ?? []) }
        all += [
            // The REPL's own words: help, keys, commands, describe, refusals.
            Surface(arguments: [], input: "help\nhelp keys\nhelp commands\nhelp set\n?\nfrobnicate\nset abc\nset 9999\nnext\ninc\nend\ninc\nsay\nfocus nowhere\n"),
            // Usage errors and their hints.
            Surface(arguments: ["--bogus"]), Surface(arguments: ["frobnicate"], echoes: ["frobnicate"]),
            Surface(arguments: ["--verbosity", "loud"], echoes: ["loud"]), Surface(arguments: ["pick", "--max", "5", "--min", "10"]),
            Surface(arguments: ["pick", "--kind", "dial"], echoes: ["dial"]), Surface(arguments: ["run"]),
            Surface(arguments: ["audit", "--format", "nope"], echoes: ["nope"]), Surface(arguments: ["audit", "--fail-on", "dire"], echoes: ["dire"]),
            Surface(arguments: ["scene"]), Surface(arguments: ["completions", "tcsh"], echoes: ["tcsh"]),
            // Files: missing, with problems, not JSON; scripts that fail.
            Surface(arguments: ["--scene", "/nonexistent/scene.json"], echoes: ["nonexistent", "scene"]),
            Surface(arguments: ["scene", "--check", scratch("problems.json")], echoes: ["dial"]),
            Surface(arguments: ["scene", "--check", scratch("broken.json")], echoes: ["kind", "ruler"]),
            Surface(arguments: ["run", scratch("failing.say")], echoes: ["Zorb"]),
            Surface(arguments: ["run", scratch("nonsense.say")], echoes: ["frobnicate"]),
            Surface(arguments: ["describe"]), Surface(arguments: ["config"], proseAfter: "#"), Surface(arguments: ["--version"]),
            Surface(arguments: ["audit", "--demo"]), Surface(arguments: ["audit", scratch("problems.json")], echoes: ["dial"]),
            Surface(arguments: ["audit", "--demo", "--format", "html"], isHTML: true),
            // The outputs' failures.
            Surface(arguments: ["--speak", "/nonexistent/engine"], input: "inc\n", echoes: ["nonexistent", "engine"]),
            Surface(arguments: ["--braille", "on"], input: "inc\n"),
            // Running applications, with no desktop to reach, and their usage errors.
            Surface(arguments: ["apps"]), Surface(arguments: ["describe", "--app", "gimp"], echoes: ["gimp"]),
            Surface(arguments: ["audit", "--app", "gimp", "--no-keys"], echoes: ["gimp"]), Surface(arguments: ["--app", "gimp"], echoes: ["gimp"]),
            Surface(arguments: ["describe", "--app", "gimp", "--scene", scratch("problems.json")], echoes: ["gimp"]),
            Surface(arguments: ["audit", "--app", "gimp", "--demo"], echoes: ["gimp"]),
        ]
        return all
    }

    /// No surface has a word of English outside the pseudo-language's brackets.
    @Test(arguments: surfaces)
    func everySurfaceIsTranslated(surface: Surface) throws {
        // The flag after the subcommand (a subcommand is the first word), and the environment
        // too, for what is said before the command line is read.
        let result = try runPiped(surface.arguments + ["--language", "qps"], input: surface.input,
                                  environment: ["LANGUAGE": "qps", "BRLAPI_HOST": "/nonexistent-socket", "HOME": Self.scratchFolder.path])
        let allowed = Self.typedAsTheyAre.union(surface.echoes)
        var found: [String] = []
        var output = result.stdout + "\n" + result.stderr
        if surface.isHTML {
            output = output.replacing(/<style[^<]*<\/style>/, with: " ").replacing(/<[^>]*>/, with: "\n").replacing("&amp;", with: "&")
        }
        for line in output.split(separator: "\n") {
            let prose = surface.proseAfter.flatMap { mark in line.firstIndex(of: mark).map { line[$0...] } } ?? line[...]
            let words = Self.unmarked(String(prose), allowing: allowed)
            if !words.isEmpty { found.append("\(words.joined(separator: " ")) ← \(line)") }
        }
        #expect(found.isEmpty, "\(surface): \(found.count) lines with English:\n\(found.prefix(12).joined(separator: "\n"))")
    }

    /// install and uninstall, each line of them, and a completion script's descriptions.
    @Test func installUninstallAndCompletionsAreTranslated() throws {
        let prefix = Self.scratchFolder.appendingPathComponent("prefix").path
        let environment = ["LANGUAGE": "qps", "HOME": Self.scratchFolder.path]
        // The paths install names are data; the items and sentences around them are words.
        let paths = Set(prefix.split(whereSeparator: { !$0.isLetter }).map(String.init))
        for arguments in [["install", "--prefix", prefix], ["uninstall", "--prefix", prefix, "--dry-run"], ["uninstall", "--prefix", prefix]] {
            let result = try runPiped(arguments + ["--language", "qps"], input: "", environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let words = (result.stdout + "\n" + result.stderr).split(separator: "\n").flatMap {
                Self.unmarked(String($0), allowing: Self.typedAsTheyAre.union(paths).union(["share", "locale", "LC", "MESSAGES", "mo", "completions", "site", "functions", "vendor", "fish", "local", "bin", "tmp"]))
            }
            #expect(words.isEmpty, "\(arguments): \(words) in \(result.stdout)")
        }
        // Descriptions are the options' help, in the language the script was made in.
        let script = try runPiped(["completions", "fish", "--language", "qps"], input: "", environment: environment).stdout
        let descriptions = script.split(separator: "\n").compactMap { line in line.firstRange(of: " -d ").map { String(line[$0.upperBound...]) } }
        #expect(descriptions.count > 20)
        for description in descriptions { #expect(Self.unmarked(description, allowing: Self.typedAsTheyAre).isEmpty, "\(description)") }
    }
}}
