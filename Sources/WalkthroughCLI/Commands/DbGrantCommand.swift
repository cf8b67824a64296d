import WalkthroughFleet
import WalkthroughKit

/// `walkthrough db grant ROLE [--admin] [--db DB] [--apply]`: the `GRANT` statements a
/// PostgreSQL role needs for the current schema, printed (or run with `--apply`).
///
/// The statements come from the schema this version writes, not from a page of the docs: a
/// migration that adds a table adds it here, and `db grant` prints it.
struct DbGrantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "db grant",
        abstract: "Print (or run) the grants a PostgreSQL role needs for the store.",
        discussion: """
            Prints one SQL statement a line: what an everyday role needs (every command, the \
            gate and the replica's pushes: SELECT, INSERT, UPDATE and DELETE on the store's \
            tables, SELECT on walkthrough_schema) for the schema this version writes. --admin \
            adds BYPASSRLS, so that under row security the role sees and resets every user's \
            records (stats, reset --all-users); that statement needs a superuser. --apply runs \
            them in one transaction on the store (--db or WALKTHROUGH_DB, a postgresql:// URL), \
            as a role that may grant (the tables' owner).
            """,
        arguments: [
            ArgumentSpec(name: "role", help: "The PostgreSQL role to grant to.")
        ],
        options: [
            StoreOptions.databaseSpec,
            .flag("admin", help: "Grant what an administering role needs."),
            .flag("apply", help: "Run the statements on the store instead of printing them."),
        ])

    /// The `ROLE` argument.
    var role: String
    /// `--admin`.
    var admin: Bool
    /// `--apply`.
    var apply: Bool
    /// `--db`, through the shared options.
    var store: StoreOptions

    init(parsed: ParsedArguments) throws(CommandLineError) {
        role = parsed.argument("role")[0]
        // PostgreSQL's own limits on a role name: not empty, no NUL, at most 63 bytes.
        guard !role.isEmpty, !role.utf8.contains(0), role.utf8.count <= 63 else {
            throw .usage(
                "Invalid role name \(CharacterSafety.quoted(role)): a PostgreSQL role name is 1 "
                    + "to 63 bytes", command: Self.configuration.name)
        }
        admin = parsed.flag("admin")
        apply = parsed.flag("apply")
        store = StoreOptions(parsed: parsed)
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let name = Self.configuration.name
        let statements = PostgresSeenStore.grantStatements(role: role, admin: admin)
        guard apply else {
            for statement in statements { context.print(statement + ";") }
            return .success
        }
        let path = try store.databasePath(environment: context.environment, command: name)
        guard SeenStoreBackend(location: path) == .postgresql else {
            throw CommandLineError.usage(
                "'--apply' needs a PostgreSQL store (--db postgresql://…): an SQLite file has no "
                    + "roles", command: name)
        }
        let seenStore = try SeenStores.open(path, environment: context.environment)
        guard let administered = seenStore as? any RowSecurityAdministration else {
            preconditionFailure("a postgresql:// store administers its grants")
        }
        try administered.grant(role: role, admin: admin)
        context.print(
            "Granted \(CharacterSafety.quoted(role)) what "
                + (admin ? "an administering" : "an everyday")
                + " role needs at \(SeenStoreBackend.displayed(path)) "
                + "(\(Wording.counted(statements.count, "statement"))).")
        return .success
    }
}
