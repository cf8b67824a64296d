/// Writes help and usage texts in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, SUBCOMMANDS, labels in a 26-column gutter, text wrapped at 80 columns.
enum HelpFormatter {
    /// Where descriptions start.
    static let gutter = 26
    /// Where lines wrap.
    static let width = 80

    /// `walkthrough validate <file> ... [--strict] [--json]`; several forms go one a line,
    /// aligned under the first after `USAGE: ` or `Usage: `.
    static func usage(of configuration: CommandConfiguration) -> String {
        let prefix = ToolIdentity.name + " " + configuration.name
        if !configuration.usageForms.isEmpty {
            return configuration.usageForms.map { prefix + " " + $0 }
                .joined(separator: "\n" + String(repeating: " ", count: "USAGE: ".count))
        }
        var parts = [ToolIdentity.name, configuration.name]
        parts += configuration.arguments.map(\.usage)
        parts += configuration.options.map { "[\($0.display)]" }
        return parts.joined(separator: " ")
    }

    /// The usage of a subcommand on one line, for error messages: several forms are joined
    /// with `|`.
    static func oneLineUsage(of configuration: CommandConfiguration) -> String {
        let prefix = ToolIdentity.name + " " + configuration.name
        guard !configuration.usageForms.isEmpty else { return usage(of: configuration) }
        return configuration.usageForms.map { prefix + " " + $0 }.joined(separator: " | ")
    }

    /// The full help of a subcommand.
    static func help(of configuration: CommandConfiguration) -> String {
        var sections = [paragraph("OVERVIEW: " + configuration.abstract)]
        if !configuration.discussion.isEmpty {
            sections.append(paragraph(configuration.discussion))
        }
        sections.append("USAGE: " + usage(of: configuration))
        if !configuration.arguments.isEmpty {
            let rows = configuration.arguments.map { row("<\($0.name)>", $0.help) }
            sections.append("ARGUMENTS:\n" + rows.joined(separator: "\n"))
        }
        let options =
            configuration.options.map { row($0.label, $0.help) } + [row("-h, --help", helpText)]
        sections.append("OPTIONS:\n" + options.joined(separator: "\n"))
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The help of the root command, listing `commands`.
    static func rootHelp(commands: [CommandConfiguration]) -> String {
        let subcommands =
            (commands.map { row($0.name, $0.abstract) }
            + [row("help", helpCommandAbstract)])
            .joined(separator: "\n")
        let sections = [
            paragraph("OVERVIEW: " + ToolIdentity.abstract),
            "USAGE: " + ToolIdentity.usage,
            "OPTIONS:\n" + row("--version", "Show the version.") + "\n"
                + row("-h, --help", helpText),
            "SUBCOMMANDS:\n" + subcommands + "\n\n"
                + "  See '\(ToolIdentity.name) help <subcommand>' for detailed help.",
        ]
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `text` wrapped at ``width``.
    static func paragraph(_ text: String) -> String {
        wrap(text, width: width).joined(separator: "\n")
    }

    static let helpText = "Show help information."

    /// What the `help` command does, in the root help's list and in the man page.
    static let helpCommandAbstract = "Show help for the tool or for one subcommand."

    /// `  label                   text`, wrapped; a long label puts the text on the next line.
    /// No final newline.
    static func row(_ label: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: gutter)
        let lines = wrap(text, width: width - gutter)
        var result = "  " + label
        if result.count + 2 > gutter {
            result += "\n" + indent
        } else {
            result += String(repeating: " ", count: gutter - result.count)
        }
        result += lines.joined(separator: "\n" + indent)
        return result
    }

    /// Words of `text` in lines of at most `width` characters (a longer word gets its own line).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines
    }
}
