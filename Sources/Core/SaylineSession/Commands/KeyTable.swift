import SaylineText

/// A key that acts on an empty line without Enter: its name as people say it, the named
/// function users rebind, the command it runs, and its help. `KeyTable.all` drives the
/// terminal's bindings, `help`, the commands' key column, Docs/keys.md and the man page's keys.
public struct KeySpec: Sendable, Equatable {
    /// The readline function, such as `sayline-increment`; nil for a key readline handles itself.
    public let function: String?
    /// The keys, as people name them: "Up", "Page Up", "+".
    public let keys: [String]
    /// The command the key runs, such as `.page(.up)`; nil when it runs none.
    public let command: Command?
    /// What the key does, for help and the key map.
    public let help: String

    /// The command's name in the command table ("page").
    public var commandName: String? { command?.name }
}

/// Keys that do one thing together, as `help` names them first: "Arrow keys adjust the value."
public struct KeyGroup: Sendable {
    /// The keys together, as said: "Arrow keys", "Page Up and Page Down".
    public let name: String
    /// The readline functions of the key table's entries it stands for.
    public let functions: [String]
    /// What they do: "adjust the value".
    public let does: String
}

/// Every key Sayline binds, with the command each runs: bindings, `--help`, Docs/keys.md and the man page come from it.
public enum KeyTable {
    /// Every key, in the order the key map lists them.
    public static let all: [KeySpec] = [
        KeySpec(function: "sayline-increment", keys: ["Up", "Right", "+"], command: .increment(1), help: translatable("increase by one step, or by five after Alt 5")),
        KeySpec(function: "sayline-decrement", keys: ["Down", "Left", "-"], command: .decrement(1), help: translatable("decrease by one step")),
        KeySpec(function: "sayline-page-up", keys: ["Page Up"], command: .page(.up), help: translatable("increase by the control's page step")),
        KeySpec(function: "sayline-page-down", keys: ["Page Down"], command: .page(.down), help: translatable("decrease by the control's page step")),
        KeySpec(function: "sayline-minimum", keys: ["Home"], command: .minimum, help: translatable("go to the minimum")),
        KeySpec(function: "sayline-maximum", keys: ["End"], command: .maximum, help: translatable("go to the maximum")),
        KeySpec(function: "sayline-next", keys: ["Tab"], command: .next, help: translatable("move focus to the next control")),
        KeySpec(function: "sayline-previous", keys: ["Shift-Tab"], command: .previous, help: translatable("move focus to the previous control")),
        KeySpec(function: "sayline-describe", keys: ["?"], command: .describe(nil), help: translatable("describe the focused control, its label, value, range and step")),
        KeySpec(function: nil, keys: ["Ctrl-C"], command: nil, help: translatable("clear the line, and stop an animation or the tour")),
        KeySpec(function: nil, keys: ["Ctrl-D"], command: .quit, help: translatable("leave, on an empty line")),
    ]

    /// The keys that adjust and move, in the groups `help` names them by, in its order. Every
    /// key of the table with a readline function is in one group (a test holds them to it).
    public static let groups = [
        KeyGroup(name: translatable("Arrow keys"), functions: ["sayline-increment", "sayline-decrement"], does: translatable("adjust the value")),
        KeyGroup(name: translatable("Page Up and Page Down"), functions: ["sayline-page-up", "sayline-page-down"], does: translatable("move a page")),
        KeyGroup(name: translatable("Home and End"), functions: ["sayline-minimum", "sayline-maximum"], does: translatable("go to the ends")),
        KeyGroup(name: translatable("Tab and Shift Tab"), functions: ["sayline-next", "sayline-previous"], does: translatable("move between controls")),
        KeyGroup(name: translatable("Question mark"), functions: ["sayline-describe"], does: translatable("describes the control")),
    ]

    /// The sentences of some groups: "Arrow keys adjust the value. Page Up and Page Down move a page."
    public static func groupSentences(_ groups: ArraySlice<KeyGroup>) -> String {
        groups.map { translated("%s %s.", Phrasebook.current.text($0.name), Phrasebook.current.text($0.does)) }.joined(separator: " ")
    }

    /// The keys that run a command, as the command reference lists them: "Up, Right, +".
    public static func keys(forCommand name: String) -> String? {
        let keys = all.filter { $0.commandName == name }.flatMap { spec in
            // Translators: a key that runs the command only when the line is empty: "Ctrl-D on an empty line".
            spec.function == nil ? spec.keys.map { translated("%s on an empty line", shownName(of: $0)) } : spec.keys.map(shownName(of:))
        }
        return keys.isEmpty ? nil : keys.joinedText(separator: ", ")
    }

    /// The key that describes the focused control ("?"), for the start's hint.
    public static var describeKey: String { keys(forCommand: "describe") ?? "describe" }

    /// A key as help and the man page write it: as the keyboard names it in English ("Page
    /// Up"), by the language's own name in another ("Bild auf"); a symbol stays a symbol.
    public static func shownName(of key: String) -> String {
        Phrasebook.speaksEnglish || key.count == 1 ? key : spokenName(of: key)
    }

    /// A key as it is said, with no symbol a screen reader would name: "question mark",
    /// "plus", "Control C".
    public static func spokenName(of key: String) -> String {
        switch key {
        case "?": translatedIn("key name", "question mark")
        case "+": translatedIn("key name", "plus")
        case "-": translatedIn("key name", "minus")
        case "Page Up": translatedIn("key name", "Page Up")
        case "Page Down": translatedIn("key name", "Page Down")
        case "Home": translatedIn("key name", "Home")
        case "End": translatedIn("key name", "End")
        case "Up": translatedIn("key name", "Up")
        case "Down": translatedIn("key name", "Down")
        case "Left": translatedIn("key name", "Left")
        case "Right": translatedIn("key name", "Right")
        case "Tab": translatedIn("key name", "Tab")
        case "Shift-Tab": translatedIn("key name", "Shift Tab")
        case "Ctrl-C": translatedIn("key name", "Control C")
        case "Ctrl-D": translatedIn("key name", "Control D")
        default: key.replacing("Ctrl-", with: "Control ").replacing("-", with: " ")
        }
    }

    /// `help keys`: one line a key, in words, each a sentence that starts with a capital.
    public static var spokenReference: [String] {
        all.map { spec in
            let names = spec.keys.map(spokenName(of:))
            let keys = names.count > 1 ? translated("%s or %s", names.dropLast().joined(separator: ", "), names.last ?? "") : names.joined()
            // Each line is a sentence: "Question mark, describe…", "Le point d'interrogation, …".
            return translated("%s, %s.", keys, Phrasebook.current.text(spec.help)).startingASentence
        }
    }

    /// Said when Left or Right is pressed on an empty line while BRLTTY reviews the screen
    /// without Sayline holding the display: its routing keys move the cursor by sending them,
    /// so there they leave the value alone.
    public static var arrowsLeftToRouting: String { translated("Left and Right do not step here: BRLTTY's routing keys send them. Up and Down step.") }

    /// The entry of a readline function, if it is Sayline's.
    public static func spec(function name: String) -> KeySpec? { all.first { $0.function == name } }

    /// The keys in one paragraph, for `--help` and `help`: in English as the keyboard names
    /// them ("Up/Right/+"), in another language by its own names for them ("Pfeil auf/Pfeil
    /// rechts/+"), the ones `help keys` says; a symbol stays a symbol.
    public static var helpParagraph: String {
        let english = Phrasebook.speaksEnglish
        let book = Phrasebook.current
        return translated("Keys on an empty line: %s.", all.map { spec in
            let names = spec.keys.map { key in english || key.count == 1 ? key : spokenName(of: key) }
            return "\(names.joined(separator: "/")) \(book.text(spec.help))"
        }.joined(separator: "; "))
    }
}
