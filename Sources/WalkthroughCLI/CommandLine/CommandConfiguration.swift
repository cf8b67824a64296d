/// What a command is called, what it does and what it accepts: everything help and the parser
/// need to know about it.
struct CommandConfiguration: Sendable {
    /// The word that selects the command (`validate`).
    var name: String
    /// One line for the SUBCOMMANDS list and the OVERVIEW.
    var abstract: String
    /// More text after the overview, if any.
    var discussion: String = ""
    /// Positional arguments, in order; at most the last one repeats.
    var arguments: [ArgumentSpec] = []
    /// Options and flags, in the order help lists them (`--help` is added automatically).
    var options: [OptionSpec] = []
    /// The usage, one form a line, after the program and command names, for a command whose
    /// options combine in ways the generated line cannot show (`reset`); empty: generated from
    /// ``arguments`` and ``options``.
    var usageForms: [String] = []
}

/// A positional argument.
struct ArgumentSpec: Sendable, Hashable {
    /// The name help shows in angle brackets (`<file>`), also the key to read it back.
    var name: String
    /// What it is, for the ARGUMENTS section.
    var help: String
    /// Whether it takes every remaining positional word (`<file> ...`).
    var isRepeating = false
    /// Whether it may be absent (`[<dir>]`).
    var isOptional = false

    /// `<file> ...`, `[<dir>]`, as USAGE shows it.
    var usage: String {
        let base = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(base)]" : base
    }
}

/// An option (`--user <name>`) or a flag (`--strict`, `-q`).
struct OptionSpec: Sendable, Hashable {
    /// The long name without dashes (`user`), also the key to read it back.
    var name: String
    /// A one-letter short name without the dash (`q`), if any.
    var short: Character?
    /// The value's name for help (`name` in `--user <name>`), or `nil` for a flag.
    var valueName: String?
    /// What it does, for the OPTIONS section.
    var help: String

    /// A flag: present or not.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    /// An option that takes a value.
    static func option(
        _ name: String, short: Character? = nil, value: String, help: String
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: value, help: help)
    }

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// `--user <name>` or `--strict`: how USAGE and error messages show it.
    var display: String {
        "--" + name + (valueName.map { " <\($0)>" } ?? "")
    }

    /// `-q, --quiet` or `--user <name>`: how the OPTIONS section labels it.
    var label: String {
        (short.map { "-\($0), " } ?? "") + display
    }
}
