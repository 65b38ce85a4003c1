import Testing
import SaylineCore
@testable import SaylineCommandLine

/// Each setting and where it came from, in process: flag over environment over preferences
/// file over detection over the built-in default, `sayline config`'s line for each source, and
/// what a preferences file with a bad value, an unknown key or a broken line comes to.
@Suite struct SettingSourcesTests {
    private func resolved(_ words: [String] = [], environment: [String: String] = [:], file: String? = nil,
                          terminal: Bool = true, reader: String? = nil) throws -> Options {
        let parsed = try CommandLineParser.parse(words, options: Options.replOptions)
        return try Options.resolve(parsed, environment: environment, displayIsTerminal: terminal,
                                   preferences: file.map { (path: "/home/a/.config/sayline/config", text: $0) },
                                   detectScreenReader: { reader }).get()
    }

    private let file = "display = plain\nmotion = full\ncolour = on\ndetect-screen-reader = on\nverbosity = verbose\n"
    private let environment = ["ACCESSIBLE": "1", "SAYLINE_REDUCE_MOTION": "1", "NO_COLOR": "1", "SAYLINE_DETECT_SCREEN_READER": "0"]

    @Test func theFlagWinsOverTheEnvironmentWhichWinsOverTheFileWhichWinsOverTheDefault() throws {
        let defaults = try resolved()
        #expect(defaults.settings.display == .full && defaults.settings.motion == .full && defaults.settings.color)
        #expect(defaults.settings.source(of: "display") == .builtIn)

        let fromFile = try resolved(file: file)
        #expect(fromFile.settings.display == .plain && fromFile.settings.verbosity == .verbose)
        #expect(fromFile.settings.source(of: "display") == .file("/home/a/.config/sayline/config", line: 1))
        #expect(fromFile.settings.source(of: "color") == .file("/home/a/.config/sayline/config", line: 3))

        let fromEnvironment = try resolved(environment: environment, file: file)
        #expect(fromEnvironment.settings.display == .screenReader && fromEnvironment.settings.motion == .reduce)
        #expect(!fromEnvironment.settings.color && !fromEnvironment.settings.detectScreenReader)
        #expect(fromEnvironment.settings.source(of: "display") == .environment("ACCESSIBLE"))
        #expect(fromEnvironment.settings.source(of: "motion") == .environment("SAYLINE_REDUCE_MOTION"))
        #expect(fromEnvironment.settings.source(of: "color") == .environment("NO_COLOR"))
        #expect(fromEnvironment.settings.verbosity == .verbose, "no variable sets it: the file's stays")

        let fromFlags = try resolved(["--plain", "--motion", "full", "--color", "on", "--verbosity", "terse"], environment: environment, file: file)
        #expect(fromFlags.settings.display == .plain && fromFlags.settings.motion == .full && fromFlags.settings.color)
        #expect(fromFlags.settings.verbosity == .terse)
        #expect(fromFlags.settings.source(of: "display") == .flag("--plain"))
        #expect(fromFlags.settings.source(of: "color") == .flag("--color"))
    }

    @Test func environmentValuesThatMeanOffLeaveTheSettingAlone() throws {
        let options = try resolved(environment: ["ACCESSIBLE": "0", "SAYLINE_REDUCE_MOTION": "0", "NO_COLOR": ""], file: "motion = reduce\n")
        #expect(options.settings.display == .full)
        #expect(options.settings.motion == .reduce)
        #expect(options.settings.source(of: "motion") == .file("/home/a/.config/sayline/config", line: 1))
        #expect(options.settings.color)
    }

    @Test func detectionChoosesTheDisplayOnlyWhereNothingElseDid() throws {
        let detected = try resolved(reader: "orca")
        #expect(detected.settings.display == .screenReader)
        #expect(detected.settings.source(of: "display") == .detected("orca is running"))
        #expect(detected.screenReader == "orca")
        // The file's choice stands over detection; a full display chosen by hand hears how to switch.
        #expect(try resolved(file: "display = plain\n", reader: "orca").settings.display == .plain)
        let chosen = try resolved(["--display", "full"], reader: "fenrir")
        #expect(chosen.settings.display == .full)
        #expect(chosen.warnings == [DisplayMode.readerRunningLine("fenrir")])
        // Looking is turned off, and --help looks for nothing.
        #expect(try resolved(environment: ["SAYLINE_DETECT_SCREEN_READER": "0"], reader: "orca").settings.display == .full)
        #expect(try resolved(["--help"], reader: "orca").screenReader == nil)
        // TERM=dumb and a display that is no terminal mean plain, each saying why.
        let dumb = try resolved(environment: ["TERM": "dumb"])
        #expect(dumb.settings.display == .plain && dumb.settings.source(of: "display") == .environment("TERM=dumb"))
        let piped = try resolved(terminal: false)
        #expect(piped.settings.source(of: "display") == .detected("standard error is not a terminal"))
    }

    @Test func configSaysEachSettingWithItsSourceAsAPreferencesFile() throws {
        let options = try resolved(["--verbosity", "terse"], environment: ["NO_COLOR": "1"], file: "settle = 50\n", reader: "orca")
        let language = LanguageChoice(asked: "de_DE.UTF-8", source: .environment("LANG"), code: "de")
        let lines = Options.describe(options.settings, language: language, languageName: "Deutsch").split(separator: "\n").map(String.init)
        #expect(lines.first == "language = de                   # environment LANG (Deutsch)")
        #expect(lines.contains("display = screen-reader         # detected: orca is running"))
        #expect(lines.contains("verbosity = terse               # command line --verbosity"))
        #expect(lines.contains("color = off                     # environment NO_COLOR"))
        #expect(lines.contains("settle = 50                     # /home/a/.config/sayline/config:1"))
        #expect(lines.contains("motion = full                   # built in"))
        #expect(lines.contains("# voice = (the engine's own)"))
        #expect(lines.count == SettingTable.all.count + 1)
        // Read back as a preferences file, it sets what it says.
        let again = try resolved(file: lines.joined(separator: "\n"))
        #expect(again.settings.verbosity == .terse && again.settings.settleMilliseconds == 50 && !again.settings.color)
        #expect(again.warnings.isEmpty, "\(again.warnings)")
    }

    @Test func aBadValueInThePreferencesFileIsSaidWithItsLineAndTheRestApplies() throws {
        let options = try resolved(file: "verbosity = loud\nsettle = 99999\nrate = 20\n")
        #expect(options.warnings == [
            "/home/a/.config/sayline/config:1: verbosity takes terse, normal, verbose, not loud",
            "/home/a/.config/sayline/config:2: settle takes milliseconds from 0 to 10000, not 99999",
        ])
        #expect(options.settings.verbosity == .normal && options.settings.source(of: "verbosity") == .builtIn)
        #expect(options.settings.rate == 20)
        // The same word from a flag is a usage error naming the flag.
        let parsed = try CommandLineParser.parse(["--settle", "99999"], options: Options.replOptions)
        guard case .failure(let error) = Options.resolve(parsed, environment: [:], displayIsTerminal: true) else {
            Issue.record("--settle 99999 was taken")
            return
        }
        #expect(error.message == "--settle takes milliseconds from 0 to 10000, not 99999")
    }

    @Test func anUnknownKeyOrABrokenLineIsNamedAndTheOtherSpellingIsKnown() throws {
        let options = try resolved(file: "bogus = 1\nno equals here\n = 3\ncolour = off\nlanguage = de\n")
        let known = (SettingTable.all.map(\.key) + ["language"]).joined(separator: ", ")
        #expect(options.warnings == [
            "/home/a/.config/sayline/config:1: unknown setting bogus; known: \(known)",
            "/home/a/.config/sayline/config:2: not a KEY = VALUE line",
            "/home/a/.config/sayline/config:3: not a KEY = VALUE line",
        ])
        #expect(!options.settings.color, "colour is color's other spelling")
    }
}
