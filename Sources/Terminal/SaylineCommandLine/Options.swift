import SaylineText
import SaylineSession

/// What the command line, the environment and the preferences file asked for, resolved once
/// at start. Flags win over the environment, the environment over the preferences file, the
/// file over what was detected, and that over the built-in defaults.
package struct Options: Equatable {
    package enum Mode: Equatable {
        case repl
        case help
        case version
    }

    package var mode: Mode = .repl
    package var scenePath: String?
    /// Where `--events` writes: a file, `-` or `fd:N`.
    package var eventsTarget: String?
    /// `--app`: the running application whose controls the session adjusts.
    package var application: String?
    package var settings = ReplSettings()
    /// Lines of the preferences file that were skipped, as FILE:LINE: reason.
    package var warnings: [String] = []
    /// The screen reader found running, if one was looked for and found: "brltty".
    package var screenReader: String?

    /// The REPL's options: what `sayline` and `sayline config` take.
    package static var replOptions: [OptionSpec] { [SharedOptions.scene, SharedOptions.app] + SettingTable.options() + [events, LanguageChoice.option, SharedOptions.help, SharedOptions.version] }

    package static let events = OptionSpec("--events", argument: "FILE|-|fd:N", completion: .files,
                                   help: translatable("write every event (start, focus, change, settled, bound, rejected, saved, dropped, quit) as JSON Lines to FILE, standard output (-; announcements then go to the terminal) or an open descriptor (one JSON object a line, as man sayline describes); a reader that stalls is never waited on"))

    package static let versionNumber = "0.1.0"
    /// What `--version` answers, for `sayline` and every subcommand.
    /// With the licence, as GNU tools give it: the binary links GNU readline, so it is GPL-3.0.
    package static var versionLine: String {
        "sayline \(versionNumber)\n"
            // Translators: as GNU's own programs say it in your language; keep the address.
            + translated("License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>, as sayline links GNU readline.") + "\n"
            + translated("This is free software: you are free to change and redistribute it.") + "\n"
            + translated("There is NO WARRANTY, to the extent permitted by law.") + "\n"
    }

    /// Reads arguments (without the program name), the environment and the preferences file.
    /// - Parameters:
    ///   - displayIsTerminal: whether standard error is a terminal; if not, nothing is drawn.
    ///   - preferences: the preferences file's path and text, if there is one.
    ///   - detectScreenReader: what a running screen reader is called, if one is found; only
    ///     asked when the display was not chosen otherwise.
    static func parse(_ arguments: [String], environment: [String: String], displayIsTerminal: Bool,
                      preferences: (path: String, text: String)? = nil,
                      detectScreenReader: () -> String? = { nil }) -> Result<Options, UsageError> {
        do throws(UsageError) {
            let parsed = try CommandLineParser.parse(arguments, options: replOptions)
            return resolve(parsed, environment: environment, displayIsTerminal: displayIsTerminal,
                           preferences: preferences, detectScreenReader: detectScreenReader)
        } catch {
            return .failure(error)
        }
    }

    /// Resolves a command line read against `commandLine` with the environment, the
    /// preferences file and detection.
    package static func resolve(_ parsed: ParsedArguments, environment: [String: String], displayIsTerminal: Bool,
                        preferences: (path: String, text: String)? = nil,
                        detectScreenReader: () -> String? = { nil }) -> Result<Options, UsageError> {
        var options = Options()
        if let extra = parsed.extraOperand() { return .failure(extra) }
        if parsed.has(SharedOptions.help.name) { options.mode = .help } else if parsed.has(SharedOptions.version.name) { options.mode = .version }
        options.scenePath = parsed.value(SharedOptions.scene.name)
        options.eventsTarget = parsed.value(events.name)
        options.application = parsed.value(SharedOptions.app.name)

        var settings = ReplSettings()
        if let preferences {
            for line in PreferencesFile.parse(preferences.text) {
                switch line {
                case .setting(let key, let value, let number):
                    // The language is chosen before anything else is read (LanguageChoice).
                    if key == "language" { continue }
                    guard let spec = SettingTable.spec(key: key) else {
                        // Translators: %1$s is the key as written in the file, %2$s the keys the file takes, as they are typed.
                        options.warnings.append("\(preferences.path):\(number): " + translated("unknown setting %1$s; known: %2$s", TextSanitiser.echo(key), (SettingTable.all.map(\.key) + ["language"]).joined(separator: ", ")))
                        continue
                    }
                    if let problem = spec.apply(&settings, value) {
                        options.warnings.append("\(preferences.path):\(number): \(problem)")
                    } else {
                        settings.sources[spec.key] = .file(preferences.path, line: number)
                    }
                case .malformed(let number):
                    // Translators: keep KEY = VALUE as it is: the form of a line of the preferences file.
                    options.warnings.append("\(preferences.path):\(number): " + translated("not a KEY = VALUE line"))
                }
            }
        }
        switch SettingTable.apply(parsed, environment: environment, to: settings) {
        case .failure(let error): return .failure(error)
        case .success(let applied): settings = applied
        }
        // Only a session looks for a screen reader: `--help` and `--version` draw nothing.
        // The screen-reader display chosen by hand looks too: under BRLTTY's own review of the
        // screen, Left and Right are its routing keys' (the interactive loop).
        if options.mode == .repl, settings.detectScreenReader,
           settings.display != .plain || settings.source(of: "display") == .builtIn,
           let reader = detectScreenReader() {
            options.screenReader = reader
            if settings.source(of: "display") == .builtIn {
                settings.display = .screenReader
                // Translators: why the display was chosen, in sayline config; %s is a screen reader's name, "Orca".
                settings.sources["display"] = .detected(translated("%s is running", reader))
            } else if displayIsTerminal, settings.display == .full {
                // The person chose the full display: it stays, and they hear once how to switch.
                options.warnings.append(DisplayMode.readerRunningLine(reader))
            }
        }
        // Nothing can be drawn in place on what is not a terminal.
        if !displayIsTerminal, settings.display == .full {
            settings.display = .plain
            settings.sources["display"] = .detected(translated("standard error is not a terminal"))
        }
        options.settings = settings
        return .success(options)
    }

    /// The settings in effect and where each came from, as `sayline config` prints them: the
    /// output is itself a preferences file.
    package static func describe(_ settings: ReplSettings, language: LanguageChoice? = nil, languageName: String? = nil) -> String {
        var lines = SettingTable.all.map { spec in
            // A path in the source, or a value from a flag, may hold anything a terminal acts on.
            let source = "# " + TextSanitiser.clean(settings.source(of: spec.key).description)
            guard let value = spec.show(settings) else { return "# \(spec.key) = (\(Phrasebook.current.text(spec.unsetWords)))" }
            let clean = TextSanitiser.clean(value)
            // A line break would end the setting and start another: such a value cannot be a
            // line of the file, so it is shown cleaned, as a comment.
            let line = clean == value ? "\(spec.key) = \(value)" : "# \(spec.key) = \(clean)"
            let note = clean == value ? "" : " " + translated("(holds control characters or a line break, so it cannot be written as a setting)")
            return line + String(repeating: " ", count: max(1, 32 - line.count)) + source + note
        }
        if let language {
            // What was asked, and what is spoken when no catalog has it.
            let line = "language = " + (language.code ?? "en")
            var source = "# " + TextSanitiser.clean(language.source.description) + (languageName.map { " (" + TextSanitiser.clean($0) + ")" } ?? "")
            if let asked = language.asked, language.code == nil, !LanguageChoice.candidates(asked).contains(where: { $0 == "en" || $0.hasPrefix("en_") }) {
                // Translators: after where the language came from in sayline config; %s is the language asked for, as written ("ja_JP.UTF-8").
                source += translated(", asked %s: no catalog, so English", TextSanitiser.clean(asked))
            }
            lines.insert(line + String(repeating: " ", count: max(1, 32 - line.count)) + source, at: 0)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
