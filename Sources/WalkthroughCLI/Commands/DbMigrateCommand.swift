import WalkthroughKit

/// `walkthrough db migrate [--db PATH] [--row-security]`: creates or migrates the store's
/// schema, exit 0 when it is up to date.
///
/// Any command that writes does the same on its way; this one lets an administrator create the
/// PostgreSQL tables ahead of time with a role that may, so that everyday roles need only
/// SELECT, INSERT, UPDATE and DELETE on them. `--row-security` (PostgreSQL only) also turns on
/// row security: a role without BYPASSRLS that does not own the tables then reads and changes
/// only the records whose user is its own name, and `--user` defaults to that name.
struct DbMigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "db migrate",
        abstract: "Create or migrate the seen store's schema.",
        discussion: """
            Creates the database or the PostgreSQL tables when missing and brings an older \
            schema up to date; exit 0 when it is up to date. --row-security (PostgreSQL) makes \
            each role without BYPASSRLS see and change only the records of the user named like \
            the role; the tables' owner and superusers still see everyone's.
            """,
        options: [
            StoreOptions.databaseSpec,
            .flag(
                "row-security",
                help: "Also let each PostgreSQL role reach only its own records."),
        ])

    /// `--db`, through the shared options.
    var store: StoreOptions
    /// `--row-security`.
    var rowSecurity: Bool

    init(parsed: ParsedArguments) {
        store = StoreOptions(parsed: parsed)
        rowSecurity = parsed.flag("row-security")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let name = Self.configuration.name
        let path = try store.databasePath(environment: context.environment, command: name)
        let backend = SeenStoreBackend(location: path)
        if rowSecurity, backend != .postgresql {
            throw CommandLineError.usage(
                "'--row-security' needs a PostgreSQL store (--db postgresql://…): an SQLite file "
                    + "belongs to one Unix user, who may change every record in it",
                command: name)
        }
        let before: Int
        do {
            before =
                try SeenStores.openIfPresent(path, environment: context.environment)?.info()
                .schemaVersion ?? 0
        } catch {
            // An older schema that only a writer may migrate, for example.
            before = -1
        }
        let seenStore = try SeenStores.open(path, environment: context.environment)
        let info = try seenStore.info()
        let location = info.location
        if before == info.schemaVersion {
            context.print(
                "The walkthrough schema at \(location) is up to date (version "
                    + "\(info.schemaVersion)).")
        } else if before == 0 {
            context.print(
                "Created the walkthrough schema (version \(info.schemaVersion)) at \(location).")
        } else {
            let from = before > 0 ? " from version \(before)" : ""
            context.print(
                "Migrated the walkthrough schema at \(location)\(from) to version "
                    + "\(info.schemaVersion).")
        }
        if let administered = seenStore as? any RowSecurityAdministration {
            // The events' partitions of this month and the next two.
            try administered.makeEventPartitionsAhead()
        }
        if rowSecurity {
            guard let administered = seenStore as? any RowSecurityAdministration else {
                preconditionFailure("a postgresql:// store administers its row security")
            }
            try administered.enableRowSecurity()
            context.print(
                "Row security is on: a role without BYPASSRLS reads and changes only the "
                    + "records whose user is its own name.")
        }
        return .success
    }
}
