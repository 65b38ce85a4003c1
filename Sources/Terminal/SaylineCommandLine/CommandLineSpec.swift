import SaylineText
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
    /// What `--help` says between the usage and the options: paragraphs, refilled to the width.
    package let description: String
    /// Lists of terms and what each means, after the description (the REPL's commands).
    package var lists: [(title: String, rows: [(term: String, meaning: String)])]
    package let options: [OptionSpec]

    package init(name: String, operands: String? = nil, operandCompletion: ArgumentCompletion = .none, summary: String,
                 description: String, lists: [(title: String, rows: [(term: String, meaning: String)])] = [], options: [OptionSpec]) {
        self.name = name
        self.lists = lists
        self.operands = operands
        self.operandCompletion = operandCompletion
        self.summary = summary
        self.description = description
        self.options = options
    }

    package var invocation: String { name.isEmpty ? "sayline" : "sayline \(name)" }

    /// The usage line: every option, as `--help` shows it.
    package var usage: String { usageParts.joined(separator: " ") }

    /// The usage line's parts, each kept whole when the line is wrapped (`[--display full|plain]`).
    private var usageParts: [String] {
        var words = ["usage:", invocation]
        if let operands { words.append(operands) }
        return words + options.filter { $0.name != SharedOptions.help.name }.map { "[\($0.synopsis)]" }
    }

    /// The whole of `--help` at `width` columns, broken between words: usage, description,
    /// options, and the exit statuses (`sayline --help` lists them; a subcommand points there,
    /// so the table is written once).
    package func help(width: Int) -> String {
        // A no-break space inside each part keeps it on one line; it is a space again after.
        let kept = usageParts.map { String($0.map { $0 == " " ? "\u{00A0}" : $0 }) }.joined(separator: " ")
        let usageLines = String(TextLayout.hanging(kept, indent: 0, by: 7, width: width).map { $0 == "\u{00A0}" ? " " : $0 })
        var out = usageLines + "\n\n" + TextLayout.reflow(description, width: width) + "\n\n"
        for list in lists { out += list.title + ":\n" + TextLayout.definitions(list.rows, width: width) + "\n\n" }
        out += "Options:\n"
        for option in options {
            var extra: [String] = []
            if let defaultWords = option.defaultWords { extra.append("default: \(defaultWords)") }
            if let environment = option.environment { extra.append("environment: \(environment)") }
            if let preference = option.preference { extra.append("preference: \(preference)") }
            let detail = option.help + (extra.isEmpty ? "" : " (\(extra.joined(separator: "; ")))")
            out += "  \(option.helpName)\n" + TextLayout.wrap(detail, indent: 6, width: width) + "\n"
        }
        // The installed manuals, not the source tree's Markdown, which an installed sayline lacks.
        let manuals = "The manuals: man sayline, man 5 sayline-scene (the scene format), man 7 sayline-audit-rules."
        guard name.isEmpty else {
            return out + "\n" + TextLayout.wrap("Exit statuses: sayline --help, or man sayline. " + manuals, indent: 0, width: width)
        }
        return out + "\nExit status:\n" + TextLayout.definitions(ExitStatus.rows.map { ($0.status, $0.meaning) }, width: width)
            + "\n" + TextLayout.wrap(manuals, indent: 0, width: width)
    }

    /// What a usage error prints after its message: where to look, in one line.
    package var tryHelp: String {
        // Translators: %s is the command as typed, "sayline" or "sayline run"; keep it and --help as they are.
        translated("Try '%s --help'.", invocation)
    }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
}

/// Options more than one command takes, defined once.
package enum SharedOptions {
    package static let help = OptionSpec("--help", short: "h", help: "show this help and exit")
    package static let version = OptionSpec("--version", help: "show the version and exit")
    package static let scene = OptionSpec("--scene", short: "s", argument: "FILE", completion: .sceneFiles, defaultWords: "the demo scene",
                                  help: "the controls, from a scene file (man 5 sayline-scene)")
    package static let output = OptionSpec("--output", short: "o", argument: "FILE", completion: .files, defaultWords: "standard output",
                                   help: "write to FILE instead, whole (never through a link to a file, into a device, or over an input); a pipe, a FIFO with a reader, a terminal or /dev/stdout is written as a stream; - is standard output")

    package static func format(_ formats: [String], help: String) -> OptionSpec {
        OptionSpec("--format", short: "f", argument: "FORMAT", completion: .words(formats), defaultWords: formats.first, help: help)
    }
}

/// Word wrapping for help text: lines are broken between words, never inside one (a word
/// longer than the width stands alone on its line).
package enum TextLayout {
    /// Text written as paragraphs at any width, fitted to `width`: a paragraph of plain lines
    /// is refilled; an indented line (a list item) is wrapped on its own, its continuation
    /// lines indented `hangingIndent` more than it.
    package static func reflow(_ text: String, width: Int, hangingIndent: Int = 4) -> String {
        var out: [String] = []
        var paragraph: [Substring] = []
        func flush() {
            if !paragraph.isEmpty { out.append(wrap(paragraph.joined(separator: " "), indent: 0, width: width)) }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                flush()
                out.append("")
            } else if line.first == " " {
                flush()
                // An indented line (a table row, an example) that fits keeps its spacing.
                if line.count < width {
                    out.append(String(line))
                    continue
                }
                let indent = line.prefix { $0 == " " }.count
                out.append(hanging(String(line.dropFirst(indent)), indent: indent, by: hangingIndent, width: width))
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return out.joined(separator: "\n")
    }

    /// Terms and their meanings in two columns, the meanings wrapped within theirs; when the
    /// terms would leave the meanings less than half the width, each meaning goes below its
    /// term instead.
    package static func definitions(_ rows: [(term: String, meaning: String)], width: Int) -> String {
        let column = 2 + (rows.map(\.term.count).max() ?? 0) + 2
        let below = column > width / 2
        return rows.map { row in
            if below { return "  " + row.term + "\n" + wrap(row.meaning, indent: 6, width: width) }
            let meaning = hanging(row.meaning, indent: 0, by: column, width: width)
            return "  " + row.term + String(repeating: " ", count: column - 2 - row.term.count) + meaning
        }.joined(separator: "\n")
    }

    /// `text` wrapped with its first line indented `indent` and the rest `by` more.
    package static func hanging(_ text: String, indent: Int, by: Int, width: Int) -> String {
        let lines = wrap(text, indent: indent + by, width: width).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first else { return "" }
        return ([String(repeating: " ", count: indent) + first.drop { $0 == " " }] + lines.dropFirst().map(String.init)).joined(separator: "\n")
    }

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
        return lines.map { pad + $0 }.joinedText(separator: "\n")
    }
}
