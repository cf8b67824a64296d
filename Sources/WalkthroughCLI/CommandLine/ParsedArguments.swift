/// What the parser read from a command line, by option and argument name.
struct ParsedArguments: Sendable, Hashable {
    /// Flags that were given, by long name.
    var flags: Set<String> = []
    /// Values of options, by long name, in the order given.
    var values: [String: [String]] = [:]
    /// Positional words, by argument name, in the order given.
    var arguments: [String: [String]] = [:]

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for option `name` (a later `--db` overrides an earlier one).
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for option `name`.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// The words of positional argument `name`.
    func argument(_ name: String) -> [String] { arguments[name] ?? [] }
}
