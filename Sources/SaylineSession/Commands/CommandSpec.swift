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

    /// The help paragraph for `help NAME`.
    public var helpText: String {
        var text = "\(usage)\n  \(summary)"
        if !aliases.isEmpty { text += "\n  Also: \(aliases.joined(separator: ", "))" }
        if let keys { text += "\n  Keys: \(keys)" }
        return text
    }
}
