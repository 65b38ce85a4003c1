import SaylineCommandLine

/// fish's completion: a `complete` line for each command, and one for each option of each,
/// with its values, files or scene files.
extension CompletionScript {
    /// The script `sayline completions fish` prints and `install` puts where fish looks.
    static func fish() -> String {
        let all = subcommands.map(\.name).joined(separator: " ")
        func line(_ condition: String, _ option: OptionSpec) -> String {
            var words = ["complete -c sayline -n '\(condition)'", "-l \(option.name.dropFirst(2))"]
            if let short = option.short { words.append("-s \(short)") }
            if option.argument != nil {
                switch option.completion {
                case .none: words.append("-x")
                case .words(let values): words.append((option.impliedArgument == nil ? "-x" : "-f") + " -a '\(values.joined(separator: " "))'")
                case .files: words.append("-r -F")
                case .sceneFiles: words.append("-x -a '(__fish_complete_suffix .json)'")
                }
            }
            words.append("-d '\(fishQuoted(brief(option.help)))'")
            return words.joined(separator: " ") + "\n"
        }
        var out = """
        # fish completion for sayline, made by `sayline completions fish` from its option tables.
        complete -c sayline -f

        """
        let noCommand = "not __fish_seen_subcommand_from \(all)"
        for spec in subcommands {
            out += "complete -c sayline -n '\(noCommand)' -a \(spec.name) -d '\(fishQuoted(brief(spec.summary)))'\n"
        }
        for option in Options.commandLine.options { out += line(noCommand, option) }
        for spec in subcommands {
            let condition = "__fish_seen_subcommand_from \(spec.name)"
            for option in spec.options { out += line(condition, option) }
            switch spec.operandCompletion {
            case .words(let words): out += "complete -c sayline -n '\(condition)' -a '\(words.joined(separator: " "))'\n"
            case .files: out += "complete -c sayline -n '\(condition)' -F\n"
            case .sceneFiles: out += "complete -c sayline -n '\(condition)' -a '(__fish_complete_suffix .json)'\n"
            case .none: break
            }
        }
        return out
    }
}
