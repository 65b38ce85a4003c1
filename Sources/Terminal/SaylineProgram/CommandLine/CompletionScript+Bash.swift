import SaylineCommandLine

/// bash's completion: a function that looks at the command (the first word) and the word
/// before the cursor, and offers an option's values, the command's options, or its operands.
extension CompletionScript {
    /// The script `sayline completions bash` prints and `install` puts where bash looks.
    static func bash() -> String {
        var out = bashPrologue()
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

    /// The helpers for file names, and the start of the completion function, up to its first
    /// `case`: the command, and the option before the cursor (`--format=` split at the "=").
    private static func bashPrologue() -> String {
        """
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
    }

    /// An option's spellings: `--format`, `-f`.
    private static func names(_ option: OptionSpec) -> [String] { [option.name] + (option.short.map { ["-\($0)"] } ?? []) }
    /// What bash offers for an argument or operand.
    private static func reply(_ completion: ArgumentCompletion) -> String {
        switch completion {
        case .none: "COMPREPLY=()"
        case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        case .files: "_sayline_files"
        case .sceneFiles: "_sayline_scene_files"
        }
    }
}
