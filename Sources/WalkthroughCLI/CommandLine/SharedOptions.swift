/// The options every command that touches the seen store shares: `--user NAME` and `--db PATH`.
///
/// A command lists ``specs`` among its options and reads them back with
/// ``init(parsed:)``, so both spell and explain them the same way.
struct StoreOptions: Sendable, Hashable {
    /// The options as the parser and help know them.
    static let specs: [OptionSpec] = [
        .option("user", value: "name", help: "The user to act for (default: the login name)."),
        .option(
            "db", value: "path",
            help: "The seen database (default: $WALKTHROUGH_DB, else under $XDG_STATE_HOME)."),
    ]

    /// `--user`, if given.
    var user: String?
    /// `--db`, if given.
    var database: String?

    /// Reads the options back from parsed arguments.
    init(parsed: ParsedArguments) {
        user = parsed.value("user")
        database = parsed.value("db")
    }
}
