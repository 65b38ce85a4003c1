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

/// What an option is when it is not given: a value as typed (`300`, `full`), or words in
/// English, a message of the catalogs said in the language of the moment (`the demo scene`),
/// or words made when they are shown (the kinds' default ranges).
package enum OptionDefault: Sendable {
    case typed(String)
    case words(String)
    case made(@Sendable () -> String)

    /// The default as the phrasebook of the moment shows it.
    package var text: String {
        switch self {
        case .typed(let value): value
        case .words(let message): Phrasebook.current.text(message)
        case .made(let make): make()
        }
    }
}

/// One option of a command line. The tables of these (one per command, the shared ones defined
/// once in `SharedOptions`) drive parsing, usage and `--help`, the man page's synopsis and
/// options, Docs/command-line.md and the shell completions. Its words are kept in English, each
/// a message of the catalogs (marked with `translatable` where the table is written), and said
/// in the phrasebook of the moment when they are shown: the same table prints the English man
/// page and the help in German (`Phrasebook.using`).
package struct OptionSpec: Sendable {
    /// The long form, such as `--scene`.
    package let name: String
    package var short: Character?
    /// The argument's name in usage (`FILE`); nil for an option that takes none.
    package var argument: String?
    /// What the option means when its argument is left out (`--speak` alone is `auto`).
    package var impliedArgument: String?
    package var completion = ArgumentCompletion.none
    /// The value in effect when the option is not given.
    package var fallback: OptionDefault?
    /// The environment variable that sets the same thing.
    package var environment: String?
    /// The preferences file's key for the same thing.
    package var preference: String?
    /// What the option does, in English: the catalogs' message.
    package let helpMessage: String
    /// What fills the help's `%s`, asked when it is shown (the languages with a catalog are
    /// looked for then, never when a command line is read).
    package var helpArguments: (@Sendable () -> [String])?
    /// Whether the help is written in Markdown (a scene key's meaning): shown without its backticks.
    package var markdown = false

    package init(_ name: String, short: Character? = nil, argument: String? = nil, impliedArgument: String? = nil,
         completion: ArgumentCompletion = .none, defaultWords: String? = nil, defaultValue: String? = nil, environment: String? = nil,
         preference: String? = nil, help: String, helpArguments: (@Sendable () -> [String])? = nil) {
        self.name = name
        self.short = short
        self.argument = argument
        self.impliedArgument = impliedArgument
        self.completion = completion
        fallback = defaultValue.map(OptionDefault.typed) ?? defaultWords.map(OptionDefault.words)
        self.environment = environment
        self.preference = preference
        helpMessage = help
        self.helpArguments = helpArguments
    }

    /// What the option does, in the phrasebook of the moment.
    package var help: String {
        var text = Phrasebook.current.text(helpMessage)
        if let helpArguments { text = Phrasebook.fill(text, helpArguments()) }
        return markdown ? text.replacing("`", with: "") : text
    }

    /// The value in effect when the option is not given, in the phrasebook of the moment.
    package var defaultWords: String? { fallback?.text }

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

/// A command's line: its name, operands, options and what it does. Its words are English
/// messages of the catalogs, said in the phrasebook of the moment when shown, as an option's are.
package struct CommandLineSpec: Sendable {
    /// The subcommand's name; empty for `sayline` itself (the REPL).
    package let name: String
    /// The operands in usage, such as `SCRIPT|-`; nil when it takes none.
    package var operands: String?
    package var operandCompletion = ArgumentCompletion.none
    /// One line for the list of commands, in English: the catalogs' message.
    package let summaryMessage: String
    /// What `--help` says between the usage and the options: paragraphs, each a message of the
    /// catalogs (its lines refilled to the width; an indented line is a row of examples, kept).
    package let paragraphs: [String]
    /// Paragraphs made when the help is shown, in its language, after those: the keys, from
    /// the key table.
    package var madeParagraphs: (@Sendable () -> [String])?
    /// Lists of terms and what each means, after the description (the REPL's commands): the
    /// title and the meanings are messages of the catalogs, the terms are typed as they are.
    package var lists: [(title: String, rows: [(term: String, meaning: String)])]
    package let options: [OptionSpec]

    package init(name: String, operands: String? = nil, operandCompletion: ArgumentCompletion = .none, summary: String,
                 description: [String], madeParagraphs: (@Sendable () -> [String])? = nil,
                 lists: [(title: String, rows: [(term: String, meaning: String)])] = [], options: [OptionSpec]) {
        self.name = name
        self.lists = lists
        self.operands = operands
        self.operandCompletion = operandCompletion
        summaryMessage = summary
        paragraphs = description
        self.madeParagraphs = madeParagraphs
        self.options = options
    }

    package var invocation: String { name.isEmpty ? "sayline" : "sayline \(name)" }

    /// One line for the list of commands, in the phrasebook of the moment.
    package var summary: String { Phrasebook.current.text(summaryMessage) }

    /// The description in the phrasebook of the moment: its paragraphs, a blank line between.
    package var description: String {
        let book = Phrasebook.current
        return (paragraphs.map { book.text($0) } + (madeParagraphs?() ?? [])).joined(separator: "\n\n")
    }

    /// The usage line: every option, as `--help` shows it.
    package var usage: String { usageParts.joined(separator: " ") }

    /// The usage line's parts, each kept whole when the line is wrapped (`[--display full|plain]`).
    private var usageParts: [String] {
        // Translators: the first word of a command's usage line, before "sayline [--scene FILE] …"; "Aufruf:" in German, as GNU tools write it.
        var words = [translated("usage:"), invocation]
        if let operands { words.append(operands) }
        return words + options.filter { $0.name != SharedOptions.help.name }.map { "[\($0.synopsis)]" }
    }

    /// The whole of `--help` at `width` columns, broken between words: usage, description,
    /// options, and the exit statuses (`sayline --help` lists them; a subcommand points there,
    /// so the table is written once). In the phrasebook of the moment.
    package func help(width: Int) -> String {
        let book = Phrasebook.current
        // A no-break space inside each part keeps it on one line; it is a space again after.
        let parts = usageParts
        let kept = parts.map { String($0.map { $0 == " " ? "\u{00A0}" : $0 }) }.joined(separator: " ")
        // The lines after the first stand under the command, after the first word and its space.
        let by = (parts.first?.count ?? 6) + 1
        let usageLines = String(TextLayout.hanging(kept, indent: 0, by: by, width: width).map { $0 == "\u{00A0}" ? " " : $0 })
        var out = usageLines + "\n\n" + TextLayout.reflow(description, width: width) + "\n\n"
        for list in lists {
            // Translators: a list's title in --help, such as "Commands", and its colon.
            out += translatedIn("a list's title in --help", "%s:", book.text(list.title)) + "\n"
                + TextLayout.definitions(list.rows.map { ($0.term, book.text($0.meaning)) }, width: width) + "\n\n"
        }
        out += translated("Options:") + "\n"
        for option in options {
            out += "  \(option.helpName)\n" + TextLayout.wrap(option.helpWithDetails, indent: 6, width: width) + "\n"
        }
        // The installed manuals, not the source tree's Markdown, which an installed sayline lacks.
        // Translators: keep each "man …" command as it is typed.
        let manuals = translated("The manuals: man sayline, man 5 sayline-scene (the scene format), man 7 sayline-audit-rules.")
        guard name.isEmpty else {
            // Translators: %s is the sentence naming the manuals; keep "sayline --help" and "man sayline" as they are typed.
            return out + "\n" + TextLayout.wrap(translated("Exit statuses: sayline --help, or man sayline. %s", manuals), indent: 0, width: width)
        }
        return out + "\n" + translated("Exit status:") + "\n"
            + TextLayout.definitions(ExitStatus.rows.map { ($0.status, book.text($0.meaning)) }, width: width)
            + "\n" + TextLayout.wrap(manuals, indent: 0, width: width)
    }

    /// What a usage error prints after its message: where to look, in one line.
    package var tryHelp: String {
        // Translators: %s is the command as typed, "sayline" or "sayline run"; keep it and --help as they are.
        translated("Try '%s --help'.", invocation)
    }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
}

extension OptionSpec {
    /// The help with the default, the environment variable and the preference after it, as
    /// `--help` shows it: "… (default: full; environment: ACCESSIBLE; preference: display)".
    package var helpWithDetails: String {
        var extra: [String] = []
        // Translators: after an option's help in --help, in parentheses; %s is the default value or words.
        if let defaultWords { extra.append(translated("default: %s", defaultWords)) }
        // Translators: after an option's help in --help; %s is an environment variable, as it is typed.
        if let environment { extra.append(translated("environment: %s", environment)) }
        // Translators: after an option's help in --help; %s is the preferences file's key, as it is typed.
        if let preference { extra.append(translated("preference: %s", preference)) }
        guard !extra.isEmpty else { return help }
        // Translators: an option's help and, in parentheses, its default, environment variable and preference: "show … (default: full; environment: ACCESSIBLE)".
        return translatedIn("an option's help and its details", "%s (%s)", help, extra.joined(separator: translatedIn("between an option's default, environment variable and preference", "; ")))
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
