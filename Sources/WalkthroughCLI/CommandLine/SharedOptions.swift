import WalkthroughKit

/// The options every command that touches the seen store shares: `--user NAME` and `--db PATH`.
///
/// A command lists ``specs`` among its options and reads them back with
/// ``init(parsed:)``, so both spell and explain them the same way. ``user(environment:command:)``
/// and ``databasePath(environment:)`` apply the defaults and the checks, the same way for every
/// command.
struct StoreOptions: Sendable, Hashable {
    /// `--user <name>`, defaulting to the login name.
    static let userSpec = OptionSpec.option(
        "user", value: "name", help: "The user to act for (default: the login name).")
    /// `--db <path>`.
    static let databaseSpec = OptionSpec.option(
        "db", value: "path",
        help:
            "The seen database: a file, or a postgresql:// URL (default: $WALKTHROUGH_DB, else "
            + "under $XDG_STATE_HOME).")
    /// The options as the parser and help know them.
    static let specs: [OptionSpec] = [userSpec, databaseSpec]

    /// `--user`, if given.
    var user: String?
    /// `--db`, if given.
    var database: String?

    /// Reads the options back from parsed arguments.
    init(parsed: ParsedArguments) {
        user = parsed.value("user")
        database = parsed.value("db")
    }

    /// The user to act for: `--user`, else the login name (`UserName.current(environment:)`),
    /// checked with `UserName.validate`.
    ///
    /// - Throws: A usage error (exit 64) naming the problem, for a name that is empty, longer
    ///   than 256 bytes or holds a control character.
    func user(environment: [String: String], command: String) throws(CommandLineError) -> String {
        if let user {
            return try Self.validated(user, command: command)
        }
        let name = UserName.current(environment: environment)
        do {
            try UserName.validate(name)
        } catch {
            throw .usage(
                "Invalid login name: \(error.description). Pass the user with --user <name>.",
                command: command)
        }
        return name
    }

    /// `name` when it is a valid value of `--user <name>`.
    ///
    /// - Throws: A usage error with the problem, for example `Invalid value for '--user <name>':
    ///   the user name is empty; give 1 to 256 bytes`.
    static func validated(_ name: String, command: String) throws(CommandLineError) -> String {
        do {
            try UserName.validate(name)
        } catch {
            throw .usage(
                "Invalid value for '\(userSpec.display)': \(error.description)", command: command)
        }
        return name
    }

    /// The database: `--db`, else `WALKTHROUGH_DB`, else the `db` of the administrator's
    /// policy, else the default SQLite file (`SeenStoreBackend.defaultLocation`).
    ///
    /// - Throws: A usage error for an empty `--db`; ``SeenStoreError/noHomeDirectory`` when
    ///   nothing gives a location.
    func databasePath(
        environment: [String: String], command: String, policy: AdministratorPolicy? = nil
    ) throws -> String {
        if let database {
            guard !database.isEmpty else {
                throw CommandLineError.usage(
                    "Invalid value for '\(Self.databaseSpec.display)': the path is empty",
                    command: command)
            }
            return database
        }
        return try SeenStoreBackend.defaultLocation(
            environment: environment,
            policy: policy ?? AdministratorPolicy.inForce(environment: environment))
    }
}
