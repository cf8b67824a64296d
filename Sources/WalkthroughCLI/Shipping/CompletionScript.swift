/// Shell completion scripts for `walkthrough`, made from the same command descriptions as
/// `--help` (`walkthrough --generate-completion-script bash|zsh|fish`, swift-argument-parser's
/// flag).
///
/// Every script completes the subcommands (and `db info`, `db migrate`), each command's options,
/// files for `--db` and file arguments, folders for `list`, `export --html` and
/// `export --client`, and definition ids: the `.json` files in each folder of
/// `$WALKTHROUGH_PATH` and in `./walkthroughs`, found by the shell when the user presses Tab,
/// so ids added later complete too.
enum CompletionScript {
    /// The shells there is a script for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The script for `shell`.
    static func script(for shell: Shell, commands: [CommandConfiguration]) -> String {
        switch shell {
        case .bash: return bash(commands)
        case .zsh: return zsh(commands)
        case .fish: return fish(commands)
        }
    }

    // MARK: - What completes where

    /// What a command's positional argument is.
    enum ArgumentKind {
        /// A definition file or an id.
        case definition
        /// Any file (or `-`).
        case file
        /// A folder.
        case folder
        /// Nothing to complete.
        case none
    }

    static func argumentKind(of command: CommandConfiguration) -> ArgumentKind {
        switch command.arguments.first?.name {
        case "walkthrough", "id": return .definition
        case "file": return command.name == "validate" ? .definition : .file
        case "translations": return .file
        case "dir": return .folder
        default: return .none
        }
    }

    /// The words a command's options are typed as: `--user`, `-q`, `--help`.
    static func optionWords(of command: CommandConfiguration) -> [String] {
        command.options.flatMap { option in
            ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? [])
        } + ["--help"]
    }

    /// The options that take a value.
    static func valueOptions(of command: CommandConfiguration) -> [String] {
        command.options.filter(\.takesValue).map { "--" + $0.name }
    }

    /// The first words of the commands, `db` once for its two.
    static func firstWords(_ commands: [CommandConfiguration]) -> [String] {
        var words: [String] = []
        for command in commands {
            let first = String(command.name.split(separator: " ")[0])
            if !words.contains(first) { words.append(first) }
        }
        return words + ["help"]
    }

    /// The second words of two-word commands, by first word (`db` → `info`, `migrate`).
    static func secondWords(_ commands: [CommandConfiguration]) -> [(String, [String])] {
        var groups: [(String, [String])] = []
        for command in commands {
            let words = command.name.split(separator: " ").map(String.init)
            guard words.count == 2 else { continue }
            if let index = groups.firstIndex(where: { $0.0 == words[0] }) {
                groups[index].1.append(words[1])
            } else {
                groups.append((words[0], [words[1]]))
            }
        }
        return groups
    }

    static let rootOptions = [
        "--help", "--version", "--generate-completion-script", "--generate-manual",
    ]

    /// A shell function body line that prints the definition ids (bash and zsh share it).
    private static let idsFunction = """
        _walkthrough_ids() {
            local IFS=: dir file
            for dir in ${WALKTHROUGH_PATH:+$WALKTHROUGH_PATH:}./walkthroughs; do
                [ -d "$dir" ] || continue
                for file in "$dir"/*.json; do
                    [ -f "$file" ] || continue
                    file=${file##*/}
                    file=${file%.json}
                    [ "$file" = schema ] || printf '%s\\n' "$file"
                done
            done | sort -u
        }
        """

    // MARK: - bash

    private static func bash(_ commands: [CommandConfiguration]) -> String {
        var cases = ""
        for command in commands {
            let kind: String
            switch argumentKind(of: command) {
            case .definition: kind = "definition"
            case .file: kind = "file"
            case .folder: kind = "folder"
            case .none: kind = "none"
            }
            cases += """
                        "\(command.name)")
                            options="\(optionWords(of: command).joined(separator: " "))"
                            values="\(valueOptions(of: command).joined(separator: " "))"
                            kind=\(kind) ;;

                """
        }
        var twoWords = ""
        for (first, seconds) in secondWords(commands) {
            twoWords += """
                    if [ "$command" = \(first) ]; then
                        if [ "$COMP_CWORD" -eq 2 ]; then
                            COMPREPLY=($(compgen -W "\(seconds.joined(separator: " "))" -- "$cur"))
                            return
                        fi
                        command="\(first) ${COMP_WORDS[2]}"
                        start=3
                    fi

                """
        }
        return """
            # bash completion for walkthrough
            # Generated by `walkthrough --generate-completion-script bash`; install it as
            # share/bash-completion/completions/walkthrough (scripts/install.sh does).

            \(idsFunction)

            _walkthrough() {
                local cur prev command options values kind start=2
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(firstWords(commands).joined(separator: " ")) \(rootOptions.joined(separator: " "))" -- "$cur"))
                    return
                fi
                command="${COMP_WORDS[1]}"
                case "$command" in
                    --generate-completion-script)
                        COMPREPLY=($(compgen -W "\(Shell.allCases.map(\.rawValue).joined(separator: " "))" -- "$cur"))
                        return ;;
                    help)
                        COMPREPLY=($(compgen -W "\(firstWords(commands).joined(separator: " "))" -- "$cur"))
                        return ;;
                esac
            \(twoWords)    case "$command" in
            \(cases)        *) return ;;
                esac
                case " $values " in
                    *" $prev "*)
                        [ "$prev" = --db ] && COMPREPLY=($(compgen -f -- "$cur"))
                        [ "$prev" = --html ] || [ "$prev" = --client ] && COMPREPLY=($(compgen -d -- "$cur"))
                        return ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                    return
                fi
                case "$kind" in
                    definition)
                        COMPREPLY=($(compgen -W "$(_walkthrough_ids)" -- "$cur") $(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur")) ;;
                    file) COMPREPLY=($(compgen -f -- "$cur")) ;;
                    folder) COMPREPLY=($(compgen -d -- "$cur")) ;;
                esac
            }

            complete -F _walkthrough walkthrough

            """
    }

    // MARK: - zsh

    private static func zsh(_ commands: [CommandConfiguration]) -> String {
        var cases = ""
        for command in commands {
            let options = command.options.map { option -> String in
                let help = zshQuoted(option.help)
                var value = option.takesValue ? ":\(option.valueName!): " : ""
                if option.name == "db" { value = ":\(option.valueName!):_files" }
                if option.name == "html" || option.name == "client" {
                    value = ":\(option.valueName!):_files -/"
                }
                let names =
                    option.short.map { "'(-\($0) --\(option.name))'{-\($0),--\(option.name)}" }
                    ?? "--\(option.name)"
                return "\(names)'[\(help)]\(value)'"
            }
            let argument: String
            switch argumentKind(of: command) {
            case .definition: argument = "'*:walkthrough:_walkthrough_definitions'"
            case .file: argument = "'*:file:_files'"
            case .folder: argument = "'*:folder:_files -/'"
            case .none: argument = ""
            }
            cases +=
                "        \"\(command.name)\")\n            _arguments "
                + (options + ["'(- *)--help[Show help information.]'", argument])
                .filter { !$0.isEmpty }.joined(separator: " ") + " ;;\n"
        }
        let subcommands = firstWords(commands).map { "'\($0)'" }.joined(separator: " ")
        var twoWords = ""
        for (first, seconds) in secondWords(commands) {
            twoWords += """
                    if [[ $command == \(first) ]]; then
                        if (( CURRENT == 3 )); then
                            compadd -- \(seconds.joined(separator: " "))
                            return
                        fi
                        command="\(first) ${words[3]}"
                        shift words
                        (( CURRENT-- ))
                    fi

                """
        }
        return """
            #compdef walkthrough
            # zsh completion for walkthrough
            # Generated by `walkthrough --generate-completion-script zsh`; install it as
            # share/zsh/site-functions/_walkthrough (scripts/install.sh does).

            \(idsFunction)

            _walkthrough_definitions() {
                local -a ids
                ids=(${(f)"$(_walkthrough_ids)"})
                compadd -a ids
                _files -g '*.json'
            }

            _walkthrough() {
                local command
                if (( CURRENT == 2 )); then
                    compadd -- \(subcommands) \(rootOptions.joined(separator: " "))
                    return
                fi
                command=${words[2]}
                case $command in
                    --generate-completion-script) compadd -- \(Shell.allCases.map(\.rawValue).joined(separator: " ")); return ;;
                    help) compadd -- \(subcommands); return ;;
                esac
            \(twoWords)    shift words
                (( CURRENT-- ))
                case $command in
            \(cases)    esac
            }

            _walkthrough "$@"

            """
    }

    private static func zshQuoted(_ text: String) -> String {
        text.replacing("'", with: "'\\''")
            .replacing("[", with: "\\[").replacing("]", with: "\\]")
    }

    // MARK: - fish

    private static func fish(_ commands: [CommandConfiguration]) -> String {
        var lines: [String] = [
            "# fish completion for walkthrough",
            "# Generated by `walkthrough --generate-completion-script fish`; install it as",
            "# share/fish/vendor_completions.d/walkthrough.fish (scripts/install.sh does).",
            "",
            "function __walkthrough_ids",
            "    set -l dirs ./walkthroughs",
            "    if set -q WALKTHROUGH_PATH",
            "        set dirs (string split : -- $WALKTHROUGH_PATH) $dirs",
            "    end",
            "    for dir in $dirs",
            "        for file in $dir/*.json",
            "            set -l id (string replace -r '\\.json$' '' -- (basename $file))",
            "            test \"$id\" = schema; or echo $id",
            "        end",
            "    end",
            "end",
            "",
            "complete -c walkthrough -f",
        ]
        let firsts = firstWords(commands)
        let none = "not __fish_seen_subcommand_from " + firsts.joined(separator: " ")
        for command in commands where !command.name.contains(" ") {
            lines.append(
                "complete -c walkthrough -n '\(none)' -a \(command.name) -d '\(fishQuoted(command.abstract))'"
            )
        }
        for (first, seconds) in secondWords(commands) {
            lines.append("complete -c walkthrough -n '\(none)' -a \(first)")
            for second in seconds {
                let abstract = commands.first { $0.name == "\(first) \(second)" }?.abstract ?? ""
                lines.append(
                    "complete -c walkthrough -n '__fish_seen_subcommand_from \(first); and not "
                        + "__fish_seen_subcommand_from \(seconds.joined(separator: " "))' -a \(second) "
                        + "-d '\(fishQuoted(abstract))'")
            }
        }
        lines.append(
            "complete -c walkthrough -n '\(none)' -a help -d 'Show help for the tool or for one subcommand.'"
        )
        lines.append("complete -c walkthrough -n '\(none)' -l version -d 'Show the version.'")
        lines.append(
            "complete -c walkthrough -n '\(none)' -l generate-completion-script -x -a 'bash zsh fish'"
        )
        lines.append("complete -c walkthrough -n '\(none)' -l generate-manual")
        for command in commands {
            let words = command.name.split(separator: " ")
            let condition = words.map { "__fish_seen_subcommand_from \($0)" }
                .joined(separator: "; and ")
            for option in command.options {
                var line = "complete -c walkthrough -n '\(condition)' -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.takesValue {
                    switch option.name {
                    case "db": line += " -r -F"
                    case "html", "client": line += " -x -a '(__fish_complete_directories)'"
                    default: line += " -x"
                    }
                }
                line += " -d '\(fishQuoted(option.help))'"
                lines.append(line)
            }
            switch argumentKind(of: command) {
            case .definition:
                lines.append(
                    "complete -c walkthrough -n '\(condition)' -a '(__walkthrough_ids)' -F")
            case .file, .folder:
                lines.append("complete -c walkthrough -n '\(condition)' -F")
            case .none:
                break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishQuoted(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }
}
