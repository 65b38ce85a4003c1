import SaylineText
import SaylineControls
/// One command's definition. The table of these drives the parser, `help`, tab completion
/// and the command reference, so nothing about a command is written twice.
public struct CommandSpec: Sendable, Equatable {
    /// What follows the command's name.
    public enum Argument: Sendable, Equatable {
        case none
        /// An optional whole number of steps, 1 by default.
        case optionalCount
        /// One word from a fixed list.
        case choice([String])
        /// A control's id or its number in the list.
        case control(optional: Bool)
        /// A command's name, optional.
        case command
        /// The rest of the line, as typed.
        case value
    }

    /// The command's name as typed: "inc".
    public let name: String
    /// Other names that do the same: "+".
    public let aliases: [String]
    /// What follows the name.
    public let argument: Argument
    /// "inc [N]"
    public let usage: String
    /// What the command does, in one line.
    public let summary: String
    /// Keys that do the same without typing, from the key table.
    public var keys: String? { KeyTable.keys(forCommand: name) }
    let build: @Sendable (String?) -> Result<Command, Rejection.Reason>

    /// Two specs are the same command when their names are.
    public static func == (lhs: CommandSpec, rhs: CommandSpec) -> Bool { lhs.name == rhs.name }

    /// How the command is typed, in words: "inc, or inc and a number", "page up or page down".
    public var spokenUsage: String {
        switch argument {
        case .none: name
        case .optionalCount: translated("%s, or %s and a number", name, name)
        case .choice(let words) where words.count == 2: translated("%s or %s", "\(name) \(words[0])", "\(name) \(words[1])")
        case .choice(let words): translated("%s or %s", "\(name) \(words.dropLast().joined(separator: ", "))", words.last ?? "")
        case .control(let optional): optional ? translated("%s, or %s and a control", name, name) : translated("%s and a control", name)
        case .command: translated("%s, or %s and a topic", name, name)
        case .value: name == "set" ? translated("set and a value") : translated("%s, or %s and a file", name, name)
        }
    }

    /// `help NAME` in the words a screen reader says well: how it is typed, what it does,
    /// its other names and keys.
    public var spokenHelp: [String] {
        var lines = [translated("%s. %s", spokenUsage, Phrasebook.current.text(summary))]
        let others = aliases.filter { $0.allSatisfy { $0.isLetter } }
        if !others.isEmpty { lines.append(translated("Also typed as %s.", others.joined(separator: translated(" or ")))) }
        let keyNames = KeyTable.all.filter { $0.commandName == name }.flatMap(\.keys).map(KeyTable.spokenName(of:))
        if !keyNames.isEmpty { lines.append(translated("Keys, %s, on an empty line.", keyNames.joined(separator: ", "))) }
        return lines
    }

    /// The help paragraph for `help NAME`.
    public var helpText: String {
        var text = "\(usage)\n  \(Phrasebook.current.text(summary))"
        // Translators: the other names a command is typed by, as typed: "Also: ls".
        if !aliases.isEmpty { text += "\n  " + translated("Also: %s", aliases.joined(separator: ", ")) }
        // Translators: the keys that run a command: "Keys: Tab".
        if let keys { text += "\n  " + translated("Keys: %s", keys) }
        return text
    }
}
