import SaylineText
import SaylineControls
import SaylineSession


/// The speech engine Sayline drives itself (`--speak`), beside stdout.
package enum SpeechEngineChoice: Equatable, Sendable {
    case none
    /// speech-dispatcher when a daemon answers or can be started, else espeak-ng.
    case automatic
    case speechDispatcher
    /// A command and its arguments; the text follows `--`.
    case command([String])

    init(_ text: String) {
        switch text {
        case "", "none", "off": self = .none
        case "auto", "default", "on": self = .automatic
        case "speech-dispatcher", "speechd": self = .speechDispatcher
        default: self = .command(CommandWords.split(text))
        }
    }

    var text: String {
        switch self {
        case .none: "none"
        case .automatic: "auto"
        case .speechDispatcher: "speech-dispatcher"
        case .command(let words): words.joined(separator: " ")
        }
    }
}

/// Whether the focused control goes to a braille display through BRLTTY (`--braille`).
package enum BrailleChoice: String, CaseIterable, Sendable {
    /// Where BRLTTY answers, without a word where it does not.
    case auto
    /// Always, saying why not when it cannot.
    case on
    case off
}

/// How text is made braille (`--braille-code`).
package enum BrailleCode: Equatable, Sendable {
    /// Contracted when the reader has set BRLTTY's text style to contracted, with BRLTTY's
    /// contraction table; else computer braille.
    case auto
    /// Uncontracted computer braille, in BRLTTY's own text table.
    case computer
    /// Contracted braille in BRLTTY's contraction table, or Unified English Braille grade 2.
    case contracted
    /// Contracted through this liblouis table list.
    case table(String)

    init?(_ word: String) {
        switch word {
        case "auto": self = .auto
        case "computer", "uncontracted", "off": self = .computer
        case "contracted", "on": self = .contracted
        default:
            guard !word.isEmpty, !word.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
            self = .table(word)
        }
    }

    var text: String {
        switch self {
        case .auto: "auto"
        case .computer: "computer"
        case .contracted: "contracted"
        case .table(let name): name
        }
    }
}

/// How much punctuation a speech engine reads aloud.
package enum Punctuation: String, CaseIterable, Sendable {
    case none
    case some
    case all
}

/// Where a setting's value came from, as `sayline config` says it.
package enum SettingSource: Equatable, Sendable {
    case builtIn
    case detected(String)
    case file(String, line: Int)
    case environment(String)
    case flag(String)

    var description: String {
        switch self {
        case .builtIn: "built in"
        case .detected(let why): "detected: \(why)"
        case .file(let path, let line): "\(path):\(line)"
        case .environment(let variable): "environment \(variable)"
        case .flag(let flag): "command line \(flag)"
        }
    }
}

/// The REPL's settings, each with where it came from.
package struct ReplSettings: Equatable, Sendable {
    package var display = DisplayMode.full
    package var motion = MotionPreference.full
    package var verbosity = Verbosity.normal
    /// Quiet time that ends a run of changes before the settled value is spoken.
    var settleMilliseconds = 300
    package var color = true
    package var speech = SpeechEngineChoice.none
    /// -100 (slowest) to 100 (fastest); 0 is the engine's own rate.
    package var rate = 0
    package var voice: String?
    package var punctuation: Punctuation?
    var detectScreenReader = true
    /// Write the scene's values back to its file at exit.
    package var autosave = false
    /// A command run when a value settles; from the command line or the preferences file only.
    package var onChange: String?
    package var braille = BrailleChoice.auto
    package var brailleCode = BrailleCode.auto
    var sources: [String: SettingSource] = [:]

    /// Every setting at its built-in default.
    package init() {}

    package var settle: Double { Double(settleMilliseconds) / 1000 }

    func source(of key: String) -> SettingSource { sources[key] ?? .builtIn }
}

/// One setting: its preference key, its flag, the environment variable that sets it, its values
/// and help, and how to apply and show it. `SettingTable.all` drives the REPL's flags, the
/// environment, the preferences file, `sayline config`, `--help` and the man page's options.
package struct SettingSpec: Sendable {
    /// The preferences file's key and `sayline config`'s name.
    package let key: String
    /// The long flag, such as `--display`.
    let flag: String
    /// The argument's name in usage (`MODE`); nil for a setting whose flag takes none.
    let argument: String?
    /// What the flag means when given without its argument (`--speak` alone is `auto`).
    let valueWithoutArgument: String?
    /// Other flags that set a fixed value: `--plain` is `display = plain`.
    let aliases: [(flag: String, value: String)]
    /// The variable and how its value reads as the setting's, if the environment can set it.
    let environment: (variable: String, read: @Sendable (String) -> String?)?
    /// The words the value may be, for help and completion; empty when it is free.
    let values: [String]
    let help: String
    /// Sets the setting from a word; what is wrong with the word otherwise, the setting named as
    /// `name` (its key, or the flag as it was given: "--settle takes …").
    let applyNamed: @Sendable (inout ReplSettings, String, _ name: String) -> String?
    let show: @Sendable (ReplSettings) -> String?
    /// What `show`'s nil means, in words.
    var unsetWords = "the engine's own"

    /// Sets the setting from a word; what is wrong with the word otherwise, naming its key.
    func apply(_ settings: inout ReplSettings, _ word: String) -> String? { applyNamed(&settings, word, key) }
}

package enum SettingTable {
    package static let all: [SettingSpec] = [
        choice("display", flag: "--display", argument: "MODE", aliases: [("--plain", "plain")],
               environment: ("ACCESSIBLE", { $0.isEmpty || $0 == "0" ? nil : "screen-reader" }),
               help: "full (drawn, animated), plain (append-only lines) or screen-reader (append-only, every line as it is spoken, the last on the cursor line); TERM=dumb means plain; chosen for you when a running screen reader is found",
               get: { $0.display }, set: { $0.display = $1 }),
        choice("motion", flag: "--motion", argument: "MOTION", aliases: [("--reduce-motion", "reduce")],
               environment: ("SAYLINE_REDUCE_MOTION", { $0.isEmpty || $0 == "0" ? nil : "reduce" }),
               help: "full, or reduce: changes jump, nothing animates, the tour never runs",
               get: { $0.motion }, set: { $0.motion = $1 }),
        choice("verbosity", flag: "--verbosity", argument: "LEVEL", help: "how much is said on focus and on every change: terse, normal or verbose", get: { $0.verbosity }, set: { $0.verbosity = $1 }),
        SettingSpec(key: "settle", flag: "--settle", argument: "MS", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: [],
                    help: "quiet time in milliseconds that ends a run of changes, 0 to 10000",
                    applyNamed: { settings, word, name in
                        guard let milliseconds = Int(word), (0...10_000).contains(milliseconds) else {
                            return translated("%s takes milliseconds from 0 to 10000, not %s", name, TextSanitiser.echo(word))
                        }
                        settings.settleMilliseconds = milliseconds
                        return nil
                    }, show: { String($0.settleMilliseconds) }),
        onOff("color", flag: "--color", aliases: [("--no-color", "off"), ("--no-colour", "off")],
              environment: ("NO_COLOR", { $0.isEmpty ? nil : "off" }),
              help: "colour in the full display", get: { $0.color }, set: { $0.color = $1 }),
        SettingSpec(key: "speech", flag: "--speak", argument: "ENGINE", valueWithoutArgument: "auto", aliases: [],
                    environment: nil, values: ["auto", "speech-dispatcher", "espeak-ng", "none"],
                    help: "speak every announcement too: auto (speech-dispatcher where it runs or can start, else espeak-ng), speech-dispatcher, none, or a command and its arguments, run without a shell with the text after --",
                    applyNamed: { settings, word, name in
                        let choice = SpeechEngineChoice(word)
                        if case .command(let words) = choice, words.isEmpty { return translated("%s takes an engine or a command", name) }
                        settings.speech = choice
                        return nil
                    }, show: { $0.speech.text }),
        SettingSpec(key: "rate", flag: "--rate", argument: "N", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: [],
                    help: "speech rate from -100 (slowest) to 100 (fastest), 0 the engine's own",
                    applyNamed: { settings, word, name in
                        guard let rate = Int(word), (-100...100).contains(rate) else {
                            return translated("%s takes a whole number from %s to %s, not %s", name, "-100", "100", TextSanitiser.echo(word))
                        }
                        settings.rate = rate
                        return nil
                    }, show: { String($0.rate) }),
        SettingSpec(key: "voice", flag: "--voice", argument: "NAME", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: [],
                    help: "the engine's voice, such as en-gb for espeak-ng",
                    applyNamed: { settings, word, name in
                        let clean = TextSanitiser.clean(word)
                        guard !clean.isEmpty, !clean.contains(" ") else { return translated("%s takes one word, not %s", name, TextSanitiser.echo(word)) }
                        settings.voice = clean
                        return nil
                    }, show: { $0.voice }),
        SettingSpec(key: "punctuation", flag: "--punctuation", argument: "LEVEL", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: Punctuation.allCases.map(\.rawValue),
                    help: "how much punctuation the engine reads: none, some or all",
                    applyNamed: { settings, word, name in
                        guard let level = Punctuation(rawValue: word) else { return choices(name, Punctuation.allCases.map(\.rawValue), word) }
                        settings.punctuation = level
                        return nil
                    }, show: { $0.punctuation?.rawValue }),
        SettingSpec(key: "autosave", flag: "--autosave", argument: "on|off", valueWithoutArgument: "on", aliases: [],
                    environment: nil, values: ["on", "off"],
                    help: "write the values back into the scene file at exit, as save does, instead of asking about unsaved changes",
                    applyNamed: { settings, word, name in
                        guard let on = onOff(word) else { return choices(name, ["on", "off"], word) }
                        settings.autosave = on
                        return nil
                    }, show: { $0.autosave ? "on" : "off" }),
        SettingSpec(key: "on-change", flag: "--on-change", argument: "COMMAND", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: [],
                    help: "run COMMAND when a value settles, split into words and run without a shell; {id}, {value} and {text} in its words, and SAYLINE_ID, SAYLINE_VALUE and SAYLINE_TEXT in its environment, are the control and its value; never from a scene file, nor from a preferences file that others can write",
                    applyNamed: { settings, word, name in
                        guard !CommandWords.split(word).isEmpty else { return translated("%s takes a command", name) }
                        settings.onChange = word
                        return nil
                    }, show: { $0.onChange }, unsetWords: "none"),
        choice("braille", flag: "--braille", argument: "WHEN",
               help: "show the focused control on a braille display through BRLTTY: auto (where BRLTTY answers, silently otherwise), on (saying why not when it cannot) or off",
               get: { $0.braille }, set: { $0.braille = $1 }),
        SettingSpec(key: "braille-code", flag: "--braille-code", argument: "CODE", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: ["auto", "computer", "contracted"],
                    help: "how the braille display writes text: auto (contracted when BRLTTY's text style is, else computer braille), computer (uncontracted, BRLTTY's text table), contracted (BRLTTY's contraction table, or Unified English Braille grade 2), or a liblouis table such as en-us-g2.ctb",
                    applyNamed: { settings, word, name in
                        guard let code = BrailleCode(word) else { return translated("%s takes auto, computer, contracted or one liblouis table, not %s", name, TextSanitiser.echo(word)) }
                        settings.brailleCode = code
                        return nil
                    }, show: { $0.brailleCode.text }),
        onOff("detect-screen-reader", flag: "--detect-screen-reader",
              environment: ("SAYLINE_DETECT_SCREEN_READER", { $0 == "0" || $0 == "off" ? "off" : ($0.isEmpty ? nil : "on") }),
              help: "look for a running screen reader (Fenrir, Orca, speakup, BRLTTY) and choose the screen-reader display when one is found",
              get: { $0.detectScreenReader }, set: { $0.detectScreenReader = $1 }),
    ]

    static func spec(key: String) -> SettingSpec? {
        let key = otherSpellings[key] ?? key
        return all.first { $0.key == key }
    }

    /// Keys the preferences file takes in another spelling, as the flags do (`--no-colour`).
    static let otherSpellings = ["colour": "color"]

    /// A setting that is one of an enumeration's words.
    private static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, flag: String, argument: String, aliases: [(flag: String, value: String)] = [],
        environment: (variable: String, read: @Sendable (String) -> String?)? = nil, help: String,
        get: @escaping @Sendable (ReplSettings) -> Value, set: @escaping @Sendable (inout ReplSettings, Value) -> Void
    ) -> SettingSpec where Value.RawValue == String {
        let words = Value.allCases.map(\.rawValue)
        return SettingSpec(key: key, flag: flag, argument: argument, valueWithoutArgument: nil, aliases: aliases,
                           environment: environment, values: words, help: help,
                           applyNamed: { settings, word, name in
                               guard let value = Value(rawValue: word) else { return choices(name, words, word) }
                               set(&settings, value)
                               return nil
                           }, show: { get($0).rawValue })
    }

    /// A setting that is on or off.
    private static func onOff(_ key: String, flag: String, aliases: [(flag: String, value: String)] = [],
                              environment: (variable: String, read: @Sendable (String) -> String?)?, help: String,
                              get: @escaping @Sendable (ReplSettings) -> Bool, set: @escaping @Sendable (inout ReplSettings, Bool) -> Void) -> SettingSpec {
        SettingSpec(key: key, flag: flag, argument: "on|off", valueWithoutArgument: nil, aliases: aliases,
                    environment: environment, values: ["on", "off"], help: help,
                    applyNamed: { settings, word, name in
                        guard let on = onOff(word) else { return choices(name, ["on", "off"], word) }
                        set(&settings, on)
                        return nil
                    }, show: { get($0) ? "on" : "off" })
    }

    /// - Parameter name: the setting as it is named here: its key, or the flag given.
    private static func choices(_ name: String, _ values: [String], _ word: String) -> String {
        translated("%s takes %s, not %s", name, values.joined(separator: ", "), TextSanitiser.echo(word))
    }

    private static func onOff(_ word: String) -> Bool? {
        switch word {
        case "on", "yes", "true", "1": true
        case "off", "no", "false", "0": false
        default: nil
        }
    }

    /// The settings' flags as command-line options: each setting's flag, then its aliases.
    /// - Parameter keys: the settings a command takes; all of them when nil.
    /// - Parameter preferences: whether the command reads the preferences file too.
    /// - Complexity: one loop into one array: every start reads its command line against these
    ///   (Docs/performance.md).
    package static func options(_ keys: [String]? = nil, preferences: Bool = true) -> [OptionSpec] {
        let defaults = ReplSettings()
        var options: [OptionSpec] = []
        options.reserveCapacity(all.count + 4)
        for spec in all where keys?.contains(spec.key) ?? true {
            options.append(OptionSpec(spec.flag, argument: spec.argument, impliedArgument: spec.valueWithoutArgument,
                                      completion: spec.values.isEmpty ? .none : .words(spec.values),
                                      defaultWords: spec.show(defaults) ?? spec.unsetWords,
                                      environment: spec.environment?.variable, preference: preferences ? spec.key : nil, help: spec.help))
            for alias in spec.aliases {
                options.append(OptionSpec(alias.flag, help: "the same as " + spec.flag + " " + alias.value))
            }
        }
        return options
    }

    /// The setting an option sets, and the value it sets when the option is an alias.
    static func setting(forOption name: String) -> (spec: SettingSpec, fixedValue: String?)? {
        for spec in all {
            if spec.flag == name { return (spec, nil) }
            if let alias = spec.aliases.first(where: { $0.flag == name }) { return (spec, alias.value) }
        }
        return nil
    }

    /// Applies the environment, then the options given, over `settings` (which may hold the
    /// preferences file's): flags win over the environment, which wins over the file.
    package static func apply(_ parsed: ParsedArguments, environment: [String: String], to settings: ReplSettings) -> Result<ReplSettings, UsageError> {
        var settings = settings
        for spec in all {
            guard let (variable, read) = spec.environment, let raw = environment[variable], let value = read(raw),
                  spec.apply(&settings, value) == nil else { continue }
            settings.sources[spec.key] = .environment(variable)
        }
        if environment["TERM"] == "dumb" {
            switch settings.source(of: "display") {
            case .environment, .flag: break
            default:
                settings.display = .plain
                settings.sources["display"] = .environment("TERM=dumb")
            }
        }
        for given in parsed.given {
            guard let (spec, fixedValue) = setting(forOption: given.option.name), let value = fixedValue ?? given.value else { continue }
            // "--settle takes …" when it was a flag, where the preferences file says "settle takes …".
            if let problem = spec.applyNamed(&settings, value, given.spelled) {
                return .failure(UsageError(problem))
            }
            settings.sources[spec.key] = .flag(given.spelled)
        }
        return .success(settings)
    }
}

/// Splits a command written in a flag or a preferences line into words, as a shell would for
/// plain words and quotes, but never runs a shell: no variables, globs or pipes.
package enum CommandWords {
    package static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil } else if character == "\\" && open == "\"" { escaped = true } else { current.append(character) }
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
