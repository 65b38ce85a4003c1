import SaylineCore
import SaylineSystem

/// What a shell completes an option's argument or a command's operand to.
package enum ArgumentCompletion: Equatable, Sendable {
    /// Free text, such as a number or a name: nothing to offer.
    case none
    case words([String])
    case files
    /// Scene files: `*.json`, and folders to find them in.
    case sceneFiles
}

/// One option of a command line. The tables of these (one per command, the shared ones defined
/// once in `SharedOptions`) drive parsing, usage and `--help`, the man page's synopsis and
/// options, Docs/command-line.md and the shell completions.
package struct OptionSpec: Sendable {
    /// The long form, such as `--scene`.
    package let name: String
    package var short: Character?
    /// The argument's name in usage (`FILE`); nil for an option that takes none.
    package var argument: String?
    /// What the option means when its argument is left out (`--speak` alone is `auto`).
    package var impliedArgument: String?
    package var completion = ArgumentCompletion.none
    /// The value in effect when the option is not given, in words.
    package var defaultWords: String?
    /// The environment variable that sets the same thing.
    package var environment: String?
    /// The preferences file's key for the same thing.
    package var preference: String?
    package let help: String

    package init(_ name: String, short: Character? = nil, argument: String? = nil, impliedArgument: String? = nil,
         completion: ArgumentCompletion = .none, defaultWords: String? = nil, environment: String? = nil,
         preference: String? = nil, help: String) {
        self.name = name
        self.short = short
        self.argument = argument
        self.impliedArgument = impliedArgument
        self.completion = completion
        self.defaultWords = defaultWords
        self.environment = environment
        self.preference = preference
        self.help = help
    }

    /// `--verbosity terse|normal|verbose`, `--speak [ENGINE]`, `--keep-going`.
    var synopsis: String {
        guard let argument else { return name }
        let shown = if case .words(let words) = completion, impliedArgument == nil { words.joined(separator: "|") } else { argument }
        return impliedArgument == nil ? "\(name) \(shown)" : "\(name) [\(shown)]"
    }

    /// `-s, --scene FILE` as `--help` lists it.
    var helpName: String {
        (short.map { "-\($0), " } ?? "") + synopsis
    }
}

/// A command's line: its name, operands, options and what it does.
package struct CommandLineSpec: Sendable {
    /// The subcommand's name; empty for `sayline` itself (the REPL).
    package let name: String
    /// The operands in usage, such as `SCRIPT|-`; nil when it takes none.
    package var operands: String?
    package var operandCompletion = ArgumentCompletion.none
    /// One line for the list of commands.
    package let summary: String
    /// What `--help` says between the usage and the options.
    package let description: String
    package let options: [OptionSpec]

    package init(name: String, operands: String? = nil, operandCompletion: ArgumentCompletion = .none, summary: String,
                 description: String, options: [OptionSpec]) {
        self.name = name
        self.operands = operands
        self.operandCompletion = operandCompletion
        self.summary = summary
        self.description = description
        self.options = options
    }

    package var invocation: String { name.isEmpty ? "sayline" : "sayline \(name)" }

    /// The usage line: every option, as `--help` and usage errors show it.
    package var usage: String {
        var words = ["usage:", invocation]
        if let operands { words.append(operands) }
        words += options.filter { $0.name != SharedOptions.help.name }.map { "[\($0.synopsis)]" }
        return words.joined(separator: " ")
    }

    /// The whole of `--help`: usage, description, options, exit statuses.
    package var help: String {
        var out = usage + "\n\n" + description + "\n\nOptions:\n"
        for option in options {
            var extra: [String] = []
            if let defaultWords = option.defaultWords { extra.append("default: \(defaultWords)") }
            if let environment = option.environment { extra.append("environment: \(environment)") }
            if let preference = option.preference { extra.append("preference: \(preference)") }
            let detail = option.help + (extra.isEmpty ? "" : " (\(extra.joined(separator: "; ")))")
            out += "  \(option.helpName)\n" + TextLayout.wrap(detail, indent: 6, width: 92) + "\n"
        }
        return out + "\n" + ExitStatus.table
    }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
}

/// Options more than one command takes, defined once.
package enum SharedOptions {
    package static let help = OptionSpec("--help", short: "h", help: "show this help and exit")
    package static let scene = OptionSpec("--scene", short: "s", argument: "FILE", completion: .sceneFiles, defaultWords: "the demo scene",
                                  help: "the controls, from a scene file (Docs/scene.md)")
    package static let output = OptionSpec("--output", short: "o", argument: "FILE", completion: .files, defaultWords: "standard output",
                                   help: "write to FILE instead, atomically; - is standard output")

    package static func format(_ formats: [String], help: String) -> OptionSpec {
        OptionSpec("--format", short: "f", argument: "FORMAT", completion: .words(formats), defaultWords: formats.first, help: help)
    }
}

/// Word wrapping for help text.
package enum TextLayout {
    package static func wrap(_ text: String, indent: Int, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        let pad = String(repeating: " ", count: indent)
        return lines.map { pad + $0 }.joined(separator: "\n")
    }
}
