import SaylineCommandLine

/// zsh's completion: the commands with their summaries, and `_arguments` for each command's
/// options, their values and its operands; a file that is the function when loaded from
/// `$fpath` and registers itself when sourced.
extension CompletionScript {
    /// The script `sayline completions zsh` prints and `install` puts where zsh looks.
    static func zsh() -> String {
        var out = """
        #compdef sayline
        # zsh completion for sayline, made by `sayline completions zsh` from its option tables.
        _sayline_commands() {
            local -a commands
            commands=(

        """
        for spec in subcommands { out += "        '\(spec.name):\(zshQuoted(brief(spec.summary)))'\n" }
        out += """
            )
            _describe -t commands 'sayline command' commands
        }
        _sayline() {
            if (( CURRENT > 2 )); then
                local command=$words[2]
                case $command in

        """
        for spec in subcommands {
            let extra = spec.operands.map { ["'1:\($0.lowercased()):\(action(spec.operandCompletion))'"] } ?? []
            out += "        \(spec.name))\n            shift words; (( CURRENT-- ))\n            "
            out += arguments(spec, extra: extra) + "\n            return ;;\n"
        }
        out += """
                esac
            fi
            \(arguments(Options.commandLine, extra: ["'1: :_sayline_commands'"]))
        }
        # Loaded from $fpath, this file is the function; sourced, it registers itself.
        if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
            _sayline "$@"
        else
            compdef _sayline sayline
        fi

        """
        return out
    }

    /// One `_arguments` call: every option of the command, then `extra` (its operands).
    private static func arguments(_ spec: CommandLineSpec, extra: [String]) -> String {
        (["_arguments -s -S"] + spec.options.map(optionSpec) + extra).joined(separator: " \\\n        ")
    }

    /// An option as `_arguments` takes it: `'(-f --format)'{-f+,--format=}'[help]:format:(…)'`.
    private static func optionSpec(_ option: OptionSpec) -> String {
        let help = "[\(zshExplanation(brief(option.help)))]"
        let argument = argumentSpec(option)
        let long = option.name + (option.argument == nil ? "" : (option.impliedArgument == nil ? "=" : "=-"))
        guard let short = option.short else { return "'\(long)\(help)\(argument)'" }
        let shortForm = "-\(short)" + (option.argument == nil ? "" : "+")
        return "'(-\(short) \(option.name))'{\(shortForm),\(long)}'\(help)\(argument)'"
    }

    /// An option's argument: `:name:action`, or `::name:action` when it may be left out.
    private static func argumentSpec(_ option: OptionSpec) -> String {
        guard let argument = option.argument else { return "" }
        let name = argument.lowercased()
        return option.impliedArgument == nil ? ":\(name):\(action(option.completion))" : "::\(name):\(action(option.completion))"
    }

    /// What zsh offers for an argument or operand.
    private static func action(_ completion: ArgumentCompletion) -> String {
        switch completion {
        case .none: " "
        case .words(let words): "(\(words.joined(separator: " ")))"
        case .files: "_files"
        case .sceneFiles: "_files -g \"*.json(-.)\""
        }
    }
}
