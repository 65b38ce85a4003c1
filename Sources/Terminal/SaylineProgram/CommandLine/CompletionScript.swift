import SaylineCommandLine

/// Shell completion scripts made from the command-line tables: subcommands, options, the
/// values an option takes, and files where an option or operand names one.
package enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash
        case zsh
        case fish
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    private static var subcommands: [CommandLineSpec] { CommandLineTable.subcommands.map { $0.commandLine } }

    /// The help's first clause, short enough for a completion menu, with nothing a shell's
    /// quoting could trip on.
    private static func brief(_ text: String) -> String {
        var cut = text.prefix { $0 != ";" && $0 != "(" && $0 != ":" }
        while cut.last == " " || cut.last == "," { cut = cut.dropLast() }
        return String(cut.filter { !"'\"[]\\`$".contains($0) })
    }

    // MARK: bash

    private static func bash() -> String {
        func names(_ option: OptionSpec) -> [String] { [option.name] + (option.short.map { ["-\($0)"] } ?? []) }
        func reply(_ completion: ArgumentCompletion) -> String {
            switch completion {
            case .none: "COMPREPLY=()"
            case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
            case .files: "_sayline_files"
            case .sceneFiles: "_sayline_scene_files"
            }
        }
        var out = """
        # bash completion for sayline, made by `sayline completions bash` from its option tables.
        _sayline_files() {
            local IFS=$'\\n'
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur"))
            return 0
        }
        _sayline_scene_files() {
            local IFS=$'\\n'
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
            return 0
        }
        _sayline() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=
            (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
            # bash splits --format=json at the "=": the option is the word before it.
            if [[ $cur == "=" ]]; then
                cur=
            elif [[ $prev == "=" ]] && (( COMP_CWORD > 1 )); then
                prev=${COMP_WORDS[COMP_CWORD-2]}
            fi
            local command=
            if (( COMP_CWORD > 1 )); then
                case ${COMP_WORDS[1]} in
                    \(subcommands.map(\.name).joined(separator: "|"))) command=${COMP_WORDS[1]} ;;
                esac
            fi
            case "$command $prev" in

        """
        for spec in CommandLineTable.all {
            for option in spec.options where option.argument != nil {
                let patterns = names(option).map { "\"\(spec.name) \($0)\"" }.joined(separator: "|")
                out += "        \(patterns)) \(reply(option.completion)); return 0 ;;\n"
            }
        }
        out += """
            esac
            if [[ $cur == -* ]]; then
                case $command in

        """
        for spec in CommandLineTable.all {
            let words = spec.options.flatMap(names).joined(separator: " ")
            out += "            \(spec.name.isEmpty ? "\"\"" : spec.name)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")) ;;\n"
        }
        out += """
                esac
                return 0
            fi
            case $command in
                "") (( COMP_CWORD == 1 )) && COMPREPLY=($(compgen -W "\(subcommands.map(\.name).joined(separator: " "))" -- "$cur")) ;;

        """
        for spec in subcommands where spec.operands != nil {
            out += "        \(spec.name)) \(reply(spec.operandCompletion)) ;;\n"
        }
        out += """
            esac
            return 0
        }
        complete -F _sayline sayline

        """
        return out
    }

    // MARK: zsh

    private static func zsh() -> String {
        func argumentSpec(_ option: OptionSpec) -> String {
            guard let argument = option.argument else { return "" }
            let action: String
            switch option.completion {
            case .none: action = " "
            case .words(let words): action = "(\(words.joined(separator: " ")))"
            case .files: action = "_files"
            case .sceneFiles: action = "_files -g \"*.json(-.)\""
            }
            let name = argument.lowercased()
            return option.impliedArgument == nil ? ":\(name):\(action)" : "::\(name):\(action)"
        }
        func optionSpec(_ option: OptionSpec) -> String {
            let help = "[\(brief(option.help))]"
            let argument = argumentSpec(option)
            let long = option.name + (option.argument == nil ? "" : (option.impliedArgument == nil ? "=" : "=-"))
            guard let short = option.short else { return "'\(long)\(help)\(argument)'" }
            let shortForm = "-\(short)" + (option.argument == nil ? "" : "+")
            return "'(-\(short) \(option.name))'{\(shortForm),\(long)}'\(help)\(argument)'"
        }
        func arguments(_ spec: CommandLineSpec, extra: [String]) -> String {
            (["_arguments -s -S"] + spec.options.map(optionSpec) + extra).joined(separator: " \\\n        ")
        }
        var out = """
        #compdef sayline
        # zsh completion for sayline, made by `sayline completions zsh` from its option tables.
        _sayline_commands() {
            local -a commands
            commands=(

        """
        for spec in subcommands { out += "        '\(spec.name):\(brief(spec.summary))'\n" }
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
            var extra: [String] = []
            if let operands = spec.operands {
                let action: String
                switch spec.operandCompletion {
                case .words(let words): action = "(\(words.joined(separator: " ")))"
                case .sceneFiles: action = "_files -g \"*.json(-.)\""
                case .files: action = "_files"
                case .none: action = " "
                }
                extra.append("'1:\(operands.lowercased()):\(action)'")
            }
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

    // MARK: fish

    private static func fish() -> String {
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
            words.append("-d '\(brief(option.help))'")
            return words.joined(separator: " ") + "\n"
        }
        var out = """
        # fish completion for sayline, made by `sayline completions fish` from its option tables.
        complete -c sayline -f

        """
        let noCommand = "not __fish_seen_subcommand_from \(all)"
        for spec in subcommands {
            out += "complete -c sayline -n '\(noCommand)' -a \(spec.name) -d '\(brief(spec.summary))'\n"
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
