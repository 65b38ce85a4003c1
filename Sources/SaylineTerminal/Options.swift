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
    var settings = ReplSettings()
    /// Lines of the preferences file that were skipped, as FILE:LINE: reason.
    var warnings: [String] = []

    static let version = "0.1.0"

    static let usage = """
    usage: sayline [--scene FILE] [--display full|plain|screen-reader] [--reduce-motion] [--verbosity terse|normal|verbose] [--settle MS] [--speak [ENGINE]] [--rate N] [--voice NAME] [--punctuation none|some|all] [--no-color]
           sayline run SCRIPT|- [OPTIONS]     (sayline run --help)
           sayline audit [OPTIONS]            (sayline audit --help)
           sayline describe [OPTIONS]         (sayline describe --help)
           sayline scene --print | --check FILE
           sayline config [OPTIONS]           the settings in effect and where each came from
    """

    static var help: String {
        """
        \(usage)

        A keyboard- and screen-reader-first front for adjustable controls. Announcements go to
        standard output, one line each, so `sayline | espeak-ng` speaks every change as it happens.
        The prompt, the drawn controls and help go to the terminal (standard error).

        Options (each also a line `KEY = VALUE` in $XDG_CONFIG_HOME/sayline/config, by default
        ~/.config/sayline/config; flags win over the environment, which wins over the file):
          --scene FILE
              load controls from a scene file instead of the demo scene
        \(SettingTable.helpText)
          -h, --help
              show this help
          --version
              show the version

        Keys on an empty line: Up/Right or + increase, Down/Left or - decrease, Page Up/Page Down
        move a page, Home/End go to the minimum/maximum, Tab/Shift-Tab move focus, ? describes.
        Type help for the commands. Ctrl-C stops an animation; Ctrl-D or quit leaves.

        \(ExitStatus.table)
        """
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
        var options = Options()
        var flagged: [(spec: SettingSpec, value: String, flag: String)] = []
        var reader = Arguments(arguments)
        do throws(UsageError) {
            while let item = reader.next() {
                guard case .option(let word) = item else { throw UsageError.unknown(item) }
                let (flag, inline) = Self.splitInline(word)
                switch flag {
                case "-h", "--help": options.mode = .help
                case "--version": options.mode = .version
                case "--scene":
                    if let inline { options.scenePath = inline } else { options.scenePath = try reader.value(for: flag) }
                default:
                    if let spec = SettingTable.all.first(where: { $0.flag == flag }) {
                        let value: String
                        if let inline {
                            value = inline
                        } else if let fallback = spec.valueWithoutArgument {
                            value = reader.optionalValue() ?? fallback
                        } else {
                            value = try reader.value(for: flag)
                        }
                        flagged.append((spec, value, flag))
                    } else if let spec = SettingTable.all.first(where: { $0.aliases.contains { $0.flag == flag } }),
                              let alias = spec.aliases.first(where: { $0.flag == flag }), inline == nil {
                        flagged.append((spec, alias.value, flag))
                    } else {
                        throw UsageError.unknown(item)
                    }
                }
            }
        } catch {
            return .failure(error)
        }

        var settings = ReplSettings()
        if let preferences {
            for line in PreferencesFile.parse(preferences.text) {
                switch line {
                case .setting(let key, let value, let number):
                    guard let spec = SettingTable.spec(key: key) else {
                        options.warnings.append("\(preferences.path):\(number): unknown setting \(TextSanitiser.echo(key)); known: \(SettingTable.all.map(\.key).joined(separator: ", "))")
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
        for spec in SettingTable.all {
            guard let (variable, read) = spec.environment, let raw = environment[variable], let value = read(raw),
                  spec.apply(&settings, value) == nil else { continue }
            settings.sources[spec.key] = .environment(variable)
        }
        if environment["TERM"] == "dumb", !Self.isExplicit(settings.source(of: "display")) {
            settings.display = .plain
            settings.sources["display"] = .environment("TERM=dumb")
        }
        for (spec, value, flag) in flagged {
            if let problem = spec.apply(&settings, value) {
                // "settle takes …" reads "--settle takes …" when it was a flag.
                return .failure(UsageError(problem.hasPrefix(spec.key + " ") ? flag + problem.dropFirst(spec.key.count) : problem))
            }
            settings.sources[spec.key] = .flag(flag)
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

    /// `--display=plain` as the flag and its value.
    private static func splitInline(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private static func isExplicit(_ source: SettingSource) -> Bool {
        switch source {
        case .environment, .flag: true
        default: false
        }
    }

    /// The settings in effect and where each came from, as `sayline config` prints them: the
    /// output is itself a preferences file.
    static func describe(_ settings: ReplSettings) -> String {
        SettingTable.all.map { spec in
            let source = "# " + settings.source(of: spec.key).description
            guard let value = spec.show(settings) else { return "# \(spec.key) = (the engine's own)" }
            let line = "\(spec.key) = \(value)"
            return line + String(repeating: " ", count: max(1, 32 - line.count)) + source
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
