import SaylineText
import SaylineSession
import SaylineScene
import SaylineAudit
import SaylineCommandLine

/// Every command of `sayline`, with the REPL's own line first. What the man page, the command
/// reference, usage errors and the shell completions say about the command line comes from here.
package enum CommandLineTable {
    static var subcommands: [any Subcommand.Type] {
        [RunCommand.self, AuditCommand.self, DescribeCommand.self, AppsCommand.self, SceneCommand.self, PickCommand.self, ConfigCommand.self, CompletionsCommand.self,
         InstallCommand.self, UninstallCommand.self, HelpCommand.self]
    }

    static var all: [CommandLineSpec] { [Options.commandLine] + subcommands.map { $0.commandLine } }

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        // An option is never a command: `sayline --settle 0` must not build every command's
        // table (their help and option lists) only to find none matches.
        guard !name.hasPrefix("-") else { return nil }
        return subcommands.first { $0.commandLine.name == name }
    }

    /// The subcommands and what each does (messages of the catalogs), for the REPL's `--help`.
    static var commandList: [(term: String, meaning: String)] {
        subcommands.map { $0.commandLine }.map { spec in (spec.invocation + (spec.operands.map { " " + $0 } ?? ""), spec.summaryMessage) }
    }
}

/// The docs generated from the tables, and where each goes: `swift run sayline-docs` writes
/// them, a docs test compares them. Each section stands between a BEGIN and an END marker.
public enum GeneratedDocs {
    public struct Section: Sendable {
        /// The file, from the package root.
        public let file: String
        public let name: String
        public let text: String

        public var begin: String { file.hasSuffix(".md") ? "<!-- BEGIN GENERATED \(name) -->\n" : ".\\\" BEGIN GENERATED \(name)\n" }
        public var end: String { file.hasSuffix(".md") ? "<!-- END GENERATED \(name) -->\n" : ".\\\" END GENERATED \(name)\n" }

        /// The file's text with this section's part replaced, or nil when the markers are missing.
        public func replacing(in page: String) -> String? {
            guard let start = page.ranges(of: begin).first, let stop = page.ranges(of: end).first, start.upperBound <= stop.lowerBound else { return nil }
            var result = page
            result.replaceSubrange(start.upperBound..<stop.lowerBound, with: text)
            return result
        }

        /// What stands between the markers in `page`, or nil when they are missing.
        public func current(in page: String) -> String? {
            guard let start = page.ranges(of: begin).first, let stop = page.ranges(of: end).first, start.upperBound <= stop.lowerBound else { return nil }
            return String(page[start.upperBound..<stop.lowerBound])
        }
    }

    /// Files written whole from a table.
    public static var wholeFiles: [(file: String, text: String)] {
        Phrasebook.using(.english) { [("Docs/commands.md", CommandTable.markdownReference())] }
    }

    /// Every generated section: the English pages' (English whatever language this thread
    /// speaks: the files in Docs/ are the English manuals) and, for each language with a
    /// catalog, its man pages'.
    public static var sections: [Section] { Phrasebook.using(.english) { englishSections } + translatedManSections }

    /// The generated sections of the English docs, made with the phrasebook in use.
    static var englishSections: [Section] {
        [
            Section(file: "Docs/sayline.1", name: "SYNOPSIS", text: ManPage.synopsis()),
            Section(file: "Docs/sayline.1", name: "OPTIONS", text: ManPage.options(Options.commandLine.options)),
            Section(file: "Docs/sayline.1", name: "SUBCOMMANDS", text: ManPage.subcommands()),
            Section(file: "Docs/sayline.1", name: "COMMANDS", text: CommandTable.manReference()),
            Section(file: "Docs/sayline.1", name: "KEYS", text: KeyReference.man()),
            Section(file: "Docs/sayline.1", name: "BRAILLE KEYS", text: KeyReference.brailleMan()),
            Section(file: "Docs/command-line.md", name: "REFERENCE", text: CommandLineReference.markdown()),
            Section(file: "Docs/keys.md", name: "KEYS", text: KeyReference.markdown()),
            Section(file: "Docs/keys.md", name: "BRAILLE KEYS", text: KeyReference.brailleMarkdown()),
            Section(file: "Docs/audit-rules.md", name: "RULES", text: AuditRuleReference.markdown()),
            Section(file: "Docs/sayline-audit-rules.7", name: "RULES", text: AuditRuleReference.man()),
            Section(file: "Docs/sayline-scene.5", name: "EVERY CONTROL", text: ManPage.fields(SceneField.shared(for: .standard))),
            Section(file: "Docs/scene.md", name: "EVERY CONTROL", text: SceneField.markdownTable(of: SceneField.shared(for: .standard))),
        ] + SceneKinds.standard.all.filter { !$0.fields.isEmpty }.flatMap { kind in
            // One table a kind with keys of its own, between markers named after the kind.
            [Section(file: "Docs/scene.md", name: kind.name.uppercased(), text: SceneField.markdownTable(of: kind.fields)),
             Section(file: "Docs/sayline-scene.5", name: kind.name.uppercased(), text: ManPage.fields(kind.fields))]
        }
    }

    /// Every option name of every command, for the docs tests.
    public static var optionNames: [String: [String]] {
        Dictionary(uniqueKeysWithValues: CommandLineTable.all.map { ($0.name, $0.options.map(\.name)) })
    }

    /// Every preference key.
    public static var preferenceKeys: [String] { SettingTable.all.map(\.key) }
}

/// The man pages' generated parts, in roff, in the phrasebook of the moment: English for
/// Docs/sayline.1 (`GeneratedDocs`), another language's under `Phrasebook.using`.
package enum ManPage {
    static func escape(_ text: String) -> String {
        // "…" has no form in every output device: three dots.
        text.replacing("\\", with: "\\e").replacing("-", with: "\\-").replacing("…", with: "...")
    }

    /// Text written for Markdown (code in backticks, links) as roff: the marks dropped.
    static func fromMarkdown(_ text: String) -> String {
        var plain = text.replacing("`", with: "")
        // "[text](target)" keeps its text.
        while let open = plain.firstIndex(of: "["), let close = plain[open...].firstIndex(of: "]"),
              plain.index(after: close) < plain.endIndex, plain[plain.index(after: close)] == "(",
              let end = plain[close...].firstIndex(of: ")") {
            plain.replaceSubrange(open...end, with: plain[plain.index(after: open)..<close])
        }
        return escape(plain)
    }

    /// sayline-scene(5)'s tables: one `.TP` entry a key, its type, default and meaning.
    static func fields(_ fields: [SceneField]) -> String {
        fields.map { field in
            let book = Phrasebook.current
            // Translators: a scene key's type and default in the man page: "Type: number; default: 1."
            let detail = translated("Type: %1$s; default: %2$s.", book.text(field.typeWords), book.text(field.defaultWords))
            return ".TP\n.B \(escape(field.key))\n\(fromMarkdown(book.text(field.meaning))). \(fromMarkdown(detail))\n"
        }.joined()
    }

    /// `[\fB\-\-scene\fR \fIFILE\fR]`, choices in bold.
    static func synopsis(of option: OptionSpec) -> String {
        var text = "\\fB\(escape(option.name))\\fR"
        if let argument = option.argument {
            let shown: String
            if case .words(let words) = option.completion, option.impliedArgument == nil {
                shown = words.map { "\\fB\(escape($0))\\fR" }.joined(separator: "|")
            } else {
                shown = "\\fI\(escape(argument))\\fR"
            }
            text += option.impliedArgument == nil ? " \(shown)" : " [\(shown)]"
        }
        return "[\(text)]"
    }

    static func synopsis() -> String {
        CommandLineTable.all.map { spec in
            var lines = [".B \(escape(spec.invocation))"]
            if let operands = spec.operands {
                lines.append(operands.split(separator: "|").map { $0 == "-" ? "\\fB\\-\\fR" : "\\fI\(escape(String($0)))\\fR" }.joined(separator: "|"))
            }
            lines += spec.options.filter { $0.name != SharedOptions.help.name }.map(synopsis(of:))
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: ".br\n")
    }

    /// One `.TP` entry an option: names, argument, help, default, environment, preference.
    static func options(_ options: [OptionSpec]) -> String {
        options.map { option in
            var names = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
            names += "\\fB\(escape(option.name))\\fR"
            if let argument = option.argument {
                names += option.impliedArgument == nil ? " \\fI\(escape(argument))\\fR" : " [\\fI\(escape(argument))\\fR]"
            }
            var text = escape(option.help) + "."
            if let defaultWords = option.defaultWords { text += " " + sentence(translatable("Default: %s."), escape(defaultWords)) }
            if let environment = option.environment { text += " " + sentence(translatable("Environment: %s."), "\\fB\(escape(environment))\\fR") }
            if let preference = option.preference { text += " " + sentence(translatable("Preference: %s."), "\\fB\(escape(preference))\\fR") }
            return ".TP\n\(names)\n\(text)\n"
        }.joined()
    }

    /// A sentence of the man page in the phrasebook of the moment, its words escaped and `argument`,
    /// roff already, put in its place.
    private static func sentence(_ message: String, _ argument: String) -> String {
        Phrasebook.fill(escape(Phrasebook.current.text(message)), [argument])
    }

    static func subcommands() -> String {
        CommandLineTable.subcommands.map { $0.commandLine }.map { spec in
            let heading = ".SS \(escape(spec.invocation))\(spec.operands.map { " " + escape($0) } ?? "")\n"
            let paragraphs = spec.description.split(separator: "\n\n", omittingEmptySubsequences: true).map { paragraph in
                let lines = paragraph.split(separator: "\n")
                let body = lines.map { line in
                    // A line starting with a dot or a quote would be read as a request.
                    let text = escape(String(line))
                    return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
                }.joined(separator: "\n")
                // Indented lines are a table of examples: kept as they are, not filled.
                return lines.allSatisfy({ $0.hasPrefix("  ") }) ? ".nf\n\(body)\n.fi" : body
            }
            return heading + paragraphs.joined(separator: "\n.PP\n") + "\n" + options(spec.options)
        }.joined()
    }
}

/// Docs/command-line.md's reference: every command, its usage and its options.
package enum CommandLineReference {
    static func markdown() -> String {
        CommandLineTable.all.map { spec in
            var out = "## `\(spec.invocation)`\n\n\(spec.summary.prefix(1).uppercased() + spec.summary.dropFirst()).\n\n"
            out += "```\n\(spec.usage)\n```\n\n"
            out += "| option | argument | default | environment | preference | meaning |\n|---|---|---|---|---|---|\n"
            for option in spec.options {
                let names = (option.short.map { "`-\($0)`, " } ?? "") + "`\(option.name)`"
                var argument = option.argument.map { "`\($0)`" } ?? ""
                if case .words(let words) = option.completion { argument = words.map { "`\($0)`" }.joined(separator: ", ") }
                if let implied = option.impliedArgument { argument += " (optional; alone: `\(implied)`)" }
                let cells = [names, argument, option.defaultWords ?? "", option.environment.map { "`\($0)`" } ?? "",
                             option.preference.map { "`\($0)`" } ?? "", option.help]
                out += "| " + cells.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |\n"
            }
            return out
        }.joined(separator: "\n")
    }
}

/// Docs/audit-rules.md's table of rules, from the rules themselves.
package enum AuditRuleReference {
    /// sayline-audit-rules(7)'s entries: one `.TP` a rule, its impact, criteria and advice.
    static func man() -> String {
        AuditRules.all.map { rule in
            let criteria = rule.criteria.isEmpty ? "best practice" : rule.criteria.map { "\($0.number) \($0.name) (\($0.level.rawValue))" }.joined(separator: "; ")
            return ".TP\n.B \(ManPage.escape(rule.id))\n\(ManPage.escape(rule.impact.rawValue)); WCAG 2.2: \(ManPage.fromMarkdown(criteria)). "
                + "\(ManPage.fromMarkdown(rule.description)). \(ManPage.fromMarkdown(rule.help)).\n"
        }.joined()
    }

    static func markdown() -> String {
        var out = "| rule | impact | WCAG 2.2 | tags | checks | what to do |\n|---|---|---|---|---|---|\n"
        for rule in AuditRules.all {
            let criteria = rule.criteria.isEmpty ? "best practice" : rule.criteria.map { "\($0.number) \($0.name) (\($0.level.rawValue))" }.joined(separator: "; ")
            let tags = rule.tags.map { "`\($0)`" }.joined(separator: " ")
            out += "| [`\(rule.id)`](#\(rule.id)) | \(rule.impact.rawValue) | \(criteria) | \(tags) | \(rule.description) | \(rule.help) |\n"
        }
        return out
    }
}
