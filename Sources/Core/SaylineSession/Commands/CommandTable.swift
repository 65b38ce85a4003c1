import SaylineText
import SaylineControls
/// Every command Sayline understands, in the order `help` lists them.
public enum CommandTable {
    /// Every command, in the order `help` lists them.
    public static let all: [CommandSpec] = [
        CommandSpec(name: "list", aliases: ["ls"], argument: .none, usage: "list",
                    summary: translatable("Say every control with its value, one line each.")) { _ in .success(.list) },
        CommandSpec(name: "focus", aliases: ["f"], argument: .control(optional: false), usage: "focus NAME|N",
                    summary: translatable("Move focus to a control by its id or its number in the list.")) { argument in
            argument.map { .success(.focus($0)) } ?? .failure(.missingArgument(translated("a control's id or number")))
        },
        CommandSpec(name: "next", aliases: ["n"], argument: .none, usage: "next",
                    summary: translatable("Move focus to the next control.")) { _ in .success(.next) },
        CommandSpec(name: "prev", aliases: ["p", "previous"], argument: .none, usage: "prev",
                    summary: translatable("Move focus to the previous control.")) { _ in .success(.previous) },
        CommandSpec(name: "inc", aliases: ["+", "up", "increment"], argument: .optionalCount, usage: "inc [N]",
                    summary: translatable("Increase the focused control by one step, or by N steps.")) { argument in
            count(argument, opposite: "dec").map(Command.increment)
        },
        CommandSpec(name: "dec", aliases: ["-", "down", "decrement"], argument: .optionalCount, usage: "dec [N]",
                    summary: translatable("Decrease the focused control by one step, or by N steps.")) { argument in
            count(argument, opposite: "inc").map(Command.decrement)
        },
        CommandSpec(name: "page", aliases: [], argument: .choice(PageDirection.allCases.map(\.rawValue)), usage: "page up|down",
                    summary: translatable("Move by the control's page step.")) { chosen($0, Command.page) },
        CommandSpec(name: "min", aliases: ["home", "minimum"], argument: .none, usage: "min",
                    summary: translatable("Go to the minimum.")) { _ in .success(.minimum) },
        CommandSpec(name: "max", aliases: ["end", "maximum"], argument: .none, usage: "max",
                    summary: translatable("Go to the maximum.")) { _ in .success(.maximum) },
        CommandSpec(name: "set", aliases: ["="], argument: .value, usage: "set VALUE",
                    summary: translatable("Set a typed value, such as 62.5, 62.5 kilograms or max, to the nearest step.")) { argument in
            argument.map { .success(.set($0)) } ?? .failure(.missingArgument(translated("a value")))
        },
        CommandSpec(name: "say", aliases: ["where"], argument: .none, usage: "say",
                    summary: translatable("Say the focused control again, its label and value.")) { _ in .success(.say) },
        CommandSpec(name: "describe", aliases: ["?", "d"], argument: .control(optional: true), usage: "describe [NAME]",
                    summary: translatable("Describe a control, its label, value, range and step.")) { argument in
            .success(.describe(argument))
        },
        CommandSpec(name: "motion", aliases: [], argument: .choice([MotionPreference.reduce, .full].map(\.rawValue)), usage: "motion reduce|full",
                    summary: translatable("Reduce motion makes every change jump, full motion animates.")) { chosen($0, Command.motion) },
        CommandSpec(name: "verbosity", aliases: ["v"], argument: .choice(Verbosity.allCases.map(\.rawValue)), usage: "verbosity terse|normal|verbose",
                    summary: translatable("How much is said on focus and on every change.")) { chosen($0, Command.verbosity) },
        CommandSpec(name: "undo", aliases: ["u"], argument: .none, usage: "undo",
                    summary: translatable("Put back the value before the last change.")) { _ in .success(.undo) },
        CommandSpec(name: "redo", aliases: [], argument: .none, usage: "redo",
                    summary: translatable("Make the last undone change again.")) { _ in .success(.redo) },
        CommandSpec(name: "tour", aliases: [], argument: .none, usage: "tour",
                    summary: translatable("Play the ruler demo's tour. Any change of yours stops it.")) { _ in .success(.tour) },
        CommandSpec(name: "help", aliases: ["h"], argument: .command, usage: "help [COMMAND]",
                    summary: translatable("Say what the keys and commands are, or explain one.")) { argument in .success(.help(argument)) },
        CommandSpec(name: "save", aliases: ["w"], argument: .value, usage: "save [FILE]",
                    summary: translatable("Write the values into the scene's file, or the scene to another file.")) { argument in
            .success(.save(SaveRequest(file: argument)))
        },
        CommandSpec(name: "overwrite", aliases: ["save!", "w!"], argument: .value, usage: "overwrite [FILE]",
                    summary: translatable("Save even over other changes to the file, or over a read only file.")) { argument in
            .success(.save(SaveRequest(file: argument, overwrite: true)))
        },
        CommandSpec(name: "quit", aliases: ["q", "exit"], argument: .none, usage: "quit",
                    summary: translatable("Leave Sayline.")) { _ in .success(.quit) },
    ]

    /// The spec for a name or alias, case-insensitively.
    public static func spec(named word: String) -> CommandSpec? {
        let lowered = word.lowercased()
        return all.first { $0.name == lowered || $0.aliases.contains(lowered) }
    }

    /// Parses a line. Blank lines and `#` comments give nil.
    /// - Complexity: O(n) in the line's length.
    public static func parse(_ line: String) -> Result<Command, Rejection>? {
        let trimmed = line.trimmingWhitespace()
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        if trimmed.count > 1_000 { return .failure(Rejection(.tooLong(characters: trimmed.count), input: trimmed)) }
        let (word, rest) = splitFirstWord(trimmed)
        guard let spec = spec(named: word) else {
            // "70", "62.5 kg", "-6 dB", "$12,480": a value typed as a person says it sets the
            // focused control, as the prompt invites; `set` is only the long way round.
            if startsAsANumber(trimmed) { return .success(.set(trimmed)) }
            return .failure(Rejection(.unknownCommand(suggestion: suggestion(for: word, among: all.map(\.name))), input: word))
        }
        if rest != nil, spec.argument == .none {
            return .failure(Rejection(.unexpectedArgument, input: trimmed))
        }
        if let rest, spec.argument != .value, rest.contains(" ") {
            return .failure(Rejection(.unexpectedArgument, input: trimmed))
        }
        // A choice is checked against the words the table gives for it: the build gets one of them.
        if case .choice(let words) = spec.argument {
            let listed = words.count > 1 ? translated("%s or %s", words.dropLast().joined(separator: ", "), words.last ?? "") : words.joined()
            guard let rest else { return .failure(Rejection(.missingArgument(listed), input: spec.name)) }
            guard words.contains(rest.lowercased()) else {
                return .failure(Rejection(.notAllowed(translated("%s takes %s, not %s", spec.name, listed, TextSanitiser.echo(rest))), input: spec.name))
            }
            return spec.build(rest.lowercased()).mapError { Rejection($0, input: spec.name) }
        }
        return spec.build(rest).mapError { Rejection($0, input: $0.echoesArgument ? (rest ?? "") : spec.name) }
    }

    /// Candidates for tab completion of the word being typed.
    /// - Parameters:
    ///   - line: the text before the cursor.
    ///   - controls: ids of the scene's controls.
    public static func completions(for line: String, controls: [String]) -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let typingNewWord = line.isEmpty || line.hasSuffix(" ")
        let partial = typingNewWord ? "" : (words.last ?? "")
        let position = typingNewWord ? words.count : words.count - 1
        let candidates: [String]
        if position == 0 {
            candidates = all.map(\.name)
        } else if position == 1, let spec = spec(named: words[0]) {
            switch spec.argument {
            case .choice(let choices): candidates = choices
            case .control: candidates = controls
            case .command: candidates = all.map(\.name)
            case .value: candidates = ["min", "max"]
            case .none, .optionalCount: candidates = []
            }
        } else {
            candidates = []
        }
        return candidates.filter { $0.lowercased().hasPrefix(partial.lowercased()) }
    }

    /// Whether a line begins as a number does: a digit, perhaps after a sign, a point or a
    /// prefix such as "$" (at most three characters that are neither letters nor digits).
    static func startsAsANumber(_ text: String) -> Bool {
        for (offset, character) in text.prefix(4).enumerated() {
            if character.isWholeNumber || character.isNumber { return true }
            if character.isLetter || character.isWhitespace || offset == 3 { return false }
        }
        return false
    }

    /// The closest name, for "did you mean": only a near miss, one slip in a short word
    /// (a letter wrong, missing, extra, or two swapped) and two in a word of six letters or
    /// more, so that "abc" suggests nothing rather than "inc".
    public static func suggestion(for word: String, among names: [String]) -> String? {
        let lowered = word.lowercased()
        guard lowered.count <= 40 else { return nil }
        let allowed = lowered.count >= 6 ? 2 : 1
        var best: (name: String, distance: Int)? = nil
        for name in names {
            let distance = editDistance(lowered, name.lowercased())
            if distance <= allowed, distance < (best?.distance ?? Int.max) { best = (name, distance) }
        }
        if best == nil, let prefixed = names.first(where: { $0.lowercased().hasPrefix(lowered) && lowered.count >= 2 }) {
            return prefixed
        }
        return best?.name
    }

    /// A command of one of the table's words for a choice, which `parse` has checked: the
    /// word as the choice's type.
    private static func chosen<Choice: RawRepresentable<String>>(_ word: String?, _ make: (Choice) -> Command) -> Result<Command, Rejection.Reason> {
        guard let word, let choice = Choice(rawValue: word) else { return .failure(.missingArgument(translated("one of the choices"))) }
        return .success(make(choice))
    }

    /// A count of steps: 1 or more. A negative one says the command that goes the other way.
    private static func count(_ argument: String?, opposite: String) -> Result<Int, Rejection.Reason> {
        guard let argument else { return .success(1) }
        guard let count = Int(argument) else { return .failure(.notAWholeNumber) }
        guard count >= 1 else { return .failure(.stepCount(count, opposite: count < 0 ? opposite : nil)) }
        return .success(count)
    }

    private static func splitFirstWord(_ text: String) -> (String, String?) {
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (text, nil) }
        let rest = String(text[space...]).trimmingWhitespace()
        return (String(text[..<space]), rest.isEmpty ? nil : rest)
    }

    /// Edits between two words, two letters swapped counting as one ("qiut" is one from "quit").
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = Array(0...b.count)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}

extension Rejection.Reason {
    /// Whether the message should echo the argument rather than the command name.
    var echoesArgument: Bool {
        switch self {
        case .notAWholeNumber, .notANumber, .stepCount: true
        default: false
        }
    }
}

extension CommandTable {
    /// The command reference in Markdown, as `Docs/commands.md` holds it.
    public static func markdownReference() -> String {
        var out = "# Commands\n\n"
        out += "Generated from the command table (`Sources/Core/SaylineSession/Commands/CommandTable.swift`); "
        out += "`swift run sayline-docs` rewrites it. The same table drives the parser, "
        out += "`help`, tab completion and the man page.\n\n"
        out += "Type a command and press Enter. Blank lines and lines starting with `#` are ignored.\n"
        out += "Names are not case-sensitive. Tab completes command names, control ids and choices.\n\n"
        out += "| command | also | keys | what it does |\n|---|---|---|---|\n"
        for spec in all {
            let aliases = spec.aliases.map { "`\($0)`" }.joined(separator: ", ")
            // A bare "|" would end the table cell; Markdown takes "\|" inside code spans too.
            let usage = spec.usage.replacing("|", with: "\\|")
            out += "| `\(usage)` | \(aliases) | \(spec.keys ?? "") | \(spec.summary) |\n"
        }
        return out
    }

    /// The COMMANDS section of the man page, in roff, in the phrasebook of the moment.
    public static func manReference() -> String {
        // Translators: a man page's section heading, in capitals as the language's man pages write them.
        var out = ".SH " + translatedIn("man page heading", "COMMANDS") + "\n"
        for spec in all {
            out += ".TP\n.B \(spec.usage.replacing("-", with: "\\-"))\n"
            out += Phrasebook.current.text(spec.summary).replacing("-", with: "\\-")
            if !spec.aliases.isEmpty { out += " " + translated("Also: %s.", spec.aliases.joined(separator: ", ")).replacing("-", with: "\\-") }
            if let keys = spec.keys { out += " " + translated("Keys: %s.", keys).replacing("-", with: "\\-") }
            out += "\n"
        }
        return out
    }
}
