import SaylineText
import SaylineControls
import SaylineSession

/// The setting table: every REPL setting once, each a `SettingSpec`, driving its flags, its
/// environment variable, the preferences file's key, `sayline config`, `--help` and the man
/// page. Precedence: flag > environment > preferences file > detection > built-in default.
package enum SettingTable {
    package static let all: [SettingSpec] = [
        choice("display", flag: "--display", argument: "MODE", aliases: [("--plain", "plain")],
               environment: ("ACCESSIBLE", { $0.isEmpty || $0 == "0" ? nil : "screen-reader" }),
               help: translatable("full (drawn, animated), plain (append-only lines) or screen-reader (append-only, every line as it is spoken, the last on the cursor line); TERM=dumb means plain; chosen for you when a running screen reader is found"),
               get: { $0.display }, set: { $0.display = $1 }),
        choice("motion", flag: "--motion", argument: "MOTION", aliases: [("--reduce-motion", "reduce")],
               environment: ("SAYLINE_REDUCE_MOTION", { $0.isEmpty || $0 == "0" ? nil : "reduce" }),
               help: translatable("full, or reduce: changes jump, nothing animates, the tour never runs"),
               get: { $0.motion }, set: { $0.motion = $1 }),
        choice("verbosity", flag: "--verbosity", argument: "LEVEL", help: translatable("how much is said on focus and on every change: terse, normal or verbose"), get: { $0.verbosity }, set: { $0.verbosity = $1 }),
        SettingSpec(key: "settle", flag: "--settle", argument: "MS", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: [],
                    help: translatable("quiet time in milliseconds that ends a run of changes, 0 to 10000"),
                    applyNamed: { settings, word, name in
                        guard let milliseconds = Int(word), (0...10_000).contains(milliseconds) else {
                            return translated("%s takes milliseconds from 0 to 10000, not %s", name, TextSanitiser.echo(word))
                        }
                        settings.settleMilliseconds = milliseconds
                        return nil
                    }, show: { String($0.settleMilliseconds) }),
        onOff("color", flag: "--color", aliases: [("--no-color", "off"), ("--no-colour", "off")],
              environment: ("NO_COLOR", { $0.isEmpty ? nil : "off" }),
              help: translatable("colour in the full display"), get: { $0.color }, set: { $0.color = $1 }),
        SettingSpec(key: "speech", flag: "--speak", argument: "ENGINE", valueWithoutArgument: "auto", aliases: [],
                    environment: nil, values: ["auto", "speech-dispatcher", "espeak-ng", "none"],
                    help: translatable("speak every announcement too: auto (speech-dispatcher where it runs or can start, else espeak-ng), speech-dispatcher, none, or a command and its arguments, run without a shell with the text after --"),
                    applyNamed: { settings, word, name in
                        let choice = SpeechEngineChoice(word)
                        if case .command(let words) = choice, words.isEmpty { return translated("%s takes an engine or a command", name) }
                        settings.speech = choice
                        return nil
                    }, show: { $0.speech.text }),
        SettingSpec(key: "rate", flag: "--rate", argument: "N", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: [],
                    help: translatable("speech rate from -100 (slowest) to 100 (fastest), 0 the engine's own"),
                    applyNamed: { settings, word, name in
                        guard let rate = Int(word), (-100...100).contains(rate) else {
                            return translated("%s takes a whole number from %s to %s, not %s", name, "-100", "100", TextSanitiser.echo(word))
                        }
                        settings.rate = rate
                        return nil
                    }, show: { String($0.rate) }),
        SettingSpec(key: "voice", flag: "--voice", argument: "NAME", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: [],
                    help: translatable("the engine's voice, such as en-gb for espeak-ng"),
                    applyNamed: { settings, word, name in
                        let clean = TextSanitiser.clean(word)
                        guard !clean.isEmpty, !clean.contains(" ") else { return translated("%s takes one word, not %s", name, TextSanitiser.echo(word)) }
                        settings.voice = clean
                        return nil
                    }, show: { $0.voice }),
        SettingSpec(key: "punctuation", flag: "--punctuation", argument: "LEVEL", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: Punctuation.allCases.map(\.rawValue),
                    help: translatable("how much punctuation the engine reads: none, some or all"),
                    applyNamed: { settings, word, name in
                        guard let level = Punctuation(rawValue: word) else { return choices(name, Punctuation.allCases.map(\.rawValue), word) }
                        settings.punctuation = level
                        return nil
                    }, show: { $0.punctuation?.rawValue }),
        SettingSpec(key: "autosave", flag: "--autosave", argument: "on|off", valueWithoutArgument: "on", aliases: [],
                    environment: nil, values: ["on", "off"],
                    help: translatable("write the values back into the scene file at exit, as save does, instead of asking about unsaved changes"),
                    applyNamed: { settings, word, name in
                        guard let on = onOff(word) else { return choices(name, ["on", "off"], word) }
                        settings.autosave = on
                        return nil
                    }, show: { $0.autosave ? "on" : "off" }),
        SettingSpec(key: "on-change", flag: "--on-change", argument: "COMMAND", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: [],
                    help: translatable("run COMMAND when a value settles, split into words and run without a shell; {id}, {value} and {text} in its words, and SAYLINE_ID, SAYLINE_VALUE and SAYLINE_TEXT in its environment, are the control and its value; never from a scene file, nor from a preferences file that others can write"),
                    applyNamed: { settings, word, name in
                        guard !CommandWords.split(word).isEmpty else { return translated("%s takes a command", name) }
                        settings.onChange = word
                        return nil
                    }, show: { $0.onChange }, unsetWords: translatable("none")),
        choice("braille", flag: "--braille", argument: "WHEN",
               help: translatable("show the focused control on a braille display through BRLTTY: auto (where BRLTTY answers, silently otherwise), on (saying why not when it cannot) or off"),
               get: { $0.braille }, set: { $0.braille = $1 }),
        SettingSpec(key: "braille-code", flag: "--braille-code", argument: "CODE", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: ["auto", "computer", "contracted"],
                    help: translatable("how the braille display writes text: auto (contracted when BRLTTY's text style is, else computer braille), computer (uncontracted, BRLTTY's text table), contracted (BRLTTY's contraction table, or Unified English Braille grade 2), or a liblouis table such as en-us-g2.ctb"),
                    applyNamed: { settings, word, name in
                        guard let code = BrailleCode(word) else { return translated("%s takes auto, computer, contracted or one liblouis table, not %s", name, TextSanitiser.echo(word)) }
                        settings.brailleCode = code
                        return nil
                    }, show: { $0.brailleCode.text }),
        onOff("detect-screen-reader", flag: "--detect-screen-reader",
              environment: ("SAYLINE_DETECT_SCREEN_READER", { $0 == "0" || $0 == "off" ? "off" : ($0.isEmpty ? nil : "on") }),
              help: translatable("look for a running screen reader (Fenrir, Orca, speakup, BRLTTY) and choose the screen-reader display when one is found"),
              get: { $0.detectScreenReader }, set: { $0.detectScreenReader = $1 }),
    ] + soundSettings

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
                                      defaultWords: spec.unsetWords, defaultValue: spec.show(defaults),
                                      environment: spec.environment?.variable, preference: preferences ? spec.key : nil, help: spec.help))
            for alias in spec.aliases {
                let same = spec.flag + " " + alias.value
                // Translators: %s is an option and its value as typed, "--display plain".
                options.append(OptionSpec(alias.flag, help: translatable("the same as %s"), helpArguments: { [same] }))
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
