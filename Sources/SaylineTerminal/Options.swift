import SaylineCore

/// What the command line, the environment and the preferences file asked for, resolved once
/// at start. Flags win over the environment, the environment over the preferences file, the
/// file over what was detected, and that over the built-in defaults.
struct Options: Equatable {
    enum Mode: Equatable {
        case repl
        case help
        case version
    }

    var mode: Mode = .repl
    var scenePath: String?
    /// Where `--events` writes: a file, `-` or `fd:N`.
    var eventsTarget: String?
    var settings = ReplSettings()
    /// Lines of the preferences file that were skipped, as FILE:LINE: reason.
    var warnings: [String] = []

    /// The REPL's command line: the scene, every setting's flags, help and version.
    static var commandLine: CommandLineSpec { CommandLineSpec(
        name: "", summary: "adjust controls from the keyboard, hearing every change",
        description: """
        A keyboard- and screen-reader-first front for adjustable controls. Announcements go to
        standard output, one line each, so `sayline | espeak-ng` speaks every change as it happens.
        The prompt, the drawn controls and help go to the terminal (standard error).

        Every setting is also a line `KEY = VALUE` in $XDG_CONFIG_HOME/sayline/config (by default
        ~/.config/sayline/config); flags win over the environment, which wins over the file.

        \(TextLayout.wrap(KeyTable.helpParagraph, indent: 0, width: 92))

        Commands:
        \(CommandLineTable.commandList)
        """,
        options: replOptions) }

    /// The REPL's options: what `sayline` and `sayline config` take.
    static var replOptions: [OptionSpec] { [SharedOptions.scene] + SettingTable.options() + [events, SharedOptions.help, version] }

    static let events = OptionSpec("--events", argument: "FILE|-|fd:N", completion: .files,
                                   help: "write every event (start, focus, change, settled, bound, rejected, saved, dropped, quit) as JSON Lines to FILE, standard output (-; announcements then go to the terminal) or an open descriptor (Docs/events.md); a reader that stalls is never waited on")

    static let version = OptionSpec("--version", help: "show the version and exit")
    static let versionNumber = "0.1.0"

    /// Every command's usage line: what a usage error of `sayline` itself shows.
    static var usage: String { CommandLineTable.usage }

    static var help: String { commandLine.help }

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
    static func resolve(_ parsed: ParsedArguments, environment: [String: String], displayIsTerminal: Bool,
                        preferences: (path: String, text: String)? = nil,
                        preferencesWritableByOthers: String? = nil,
                        detectScreenReader: () -> String? = { nil }) -> Result<Options, UsageError> {
        var options = Options()
        if let operand = parsed.operands.first { return .failure(UsageError("unexpected argument: \(TextSanitiser.echo(operand))")) }
        if parsed.has(SharedOptions.help.name) { options.mode = .help } else if parsed.has(version.name) { options.mode = .version }
        options.scenePath = parsed.value(SharedOptions.scene.name)
        options.eventsTarget = parsed.value(events.name)

        var settings = ReplSettings()
        if let preferences {
            for line in PreferencesFile.parse(preferences.text) {
                switch line {
                case .setting(let key, let value, let number):
                    guard let spec = SettingTable.spec(key: key) else {
                        options.warnings.append("\(preferences.path):\(number): unknown setting \(TextSanitiser.echo(key)); known: \(SettingTable.all.map(\.key).joined(separator: ", "))")
                        continue
                    }
                    if let why = preferencesWritableByOthers, spec.runsCommand(value) {
                        options.warnings.append("\(preferences.path):\(number): \(key) ignored: it runs a command, and \(why); make the file and its folder yours alone (chmod go-w)")
                        continue
                    }
                    if let problem = spec.apply(&settings, value) {
                        options.warnings.append("\(preferences.path):\(number): \(problem)")
                    } else {
                        settings.sources[key] = .file(preferences.path, line: number)
                    }
                case .malformed(let number):
                    options.warnings.append("\(preferences.path):\(number): not a KEY = VALUE line")
                }
            }
        }
        switch SettingTable.apply(parsed, environment: environment, to: settings) {
        case .failure(let error): return .failure(error)
        case .success(let applied): settings = applied
        }
        if settings.source(of: "display") == .builtIn, settings.detectScreenReader, let reader = detectScreenReader() {
            settings.display = .screenReader
            settings.sources["display"] = .detected("\(reader) is running")
        }
        // Nothing can be drawn in place on what is not a terminal.
        if !displayIsTerminal, settings.display == .full {
            settings.display = .plain
            settings.sources["display"] = .detected("standard error is not a terminal")
        }
        options.settings = settings
        return .success(options)
    }

    /// The settings in effect and where each came from, as `sayline config` prints them: the
    /// output is itself a preferences file.
    static func describe(_ settings: ReplSettings) -> String {
        SettingTable.all.map { spec in
            // A path in the source, or a value from a flag, may hold anything a terminal acts on.
            let source = "# " + TextSanitiser.clean(settings.source(of: spec.key).description)
            guard let value = spec.show(settings) else { return "# \(spec.key) = (\(spec.unsetWords))" }
            let clean = TextSanitiser.clean(value)
            // A line break would end the setting and start another: such a value cannot be a
            // line of the file, so it is shown cleaned, as a comment.
            let line = clean == value ? "\(spec.key) = \(value)" : "# \(spec.key) = \(clean)"
            let note = clean == value ? "" : " (holds control characters or a line break, so it cannot be written as a setting)"
            return line + String(repeating: " ", count: max(1, 32 - line.count)) + source + note
        }.joined(separator: "\n") + "\n"
    }
}

/// A mistake on the command line: said on stderr with the usage line, exit 64.
struct UsageError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The preferences file: `KEY = VALUE` lines, `#` comments (whole lines, or after a value
/// following white space) and blank lines.
enum PreferencesFile {
    enum Line: Equatable {
        case setting(key: String, value: String, line: Int)
        case malformed(line: Int)
    }

    static func parse(_ text: String) -> [Line] {
        var result: [Line] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                result.append(.malformed(line: offset + 1))
                continue
            }
            let key = trimmed[..<equals].trimmingSpaces
            var rest = trimmed[trimmed.index(after: equals)...]
            // A comment after the value, as `sayline config` writes one: " # built in".
            if let hash = rest.indices.first(where: { rest[$0] == "#" && $0 > rest.startIndex && (rest[rest.index(before: $0)] == " " || rest[rest.index(before: $0)] == "\t") }) {
                rest = rest[..<hash]
            }
            let value = rest.trimmingSpaces
            guard !key.isEmpty else {
                result.append(.malformed(line: offset + 1))
                continue
            }
            result.append(.setting(key: key, value: value, line: offset + 1))
        }
        return result
    }

    /// `$XDG_CONFIG_HOME/sayline/config`, or `~/.config/sayline/config`.
    static func path(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/sayline/config" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/sayline/config" }
        return nil
    }
}

extension Substring {
    var trimmingSpaces: String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
