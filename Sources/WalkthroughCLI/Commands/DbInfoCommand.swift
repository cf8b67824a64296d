import FoundationEssentials
import WalkthroughKit

/// `walkthrough db info [--db PATH] [--json]`: which store the command uses and what it holds.
///
/// `backend` (`sqlite` or `postgresql`), `location` (the file, or the URL without its
/// password), `schemaVersion`, `records`, `users` and `serverVersion` (the SQLite library's, or
/// the PostgreSQL server's). It only reads: a store that does not exist yet shows schema
/// version 0 and no records, and nothing is created. On a PostgreSQL store with row security,
/// the counts are those this role may see.
struct DbInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "db info",
        abstract: "Show which seen store is used, and what it holds.",
        discussion: """
            Prints the backend (sqlite or postgresql), the location (a URL without its \
            password), the schema version, how many records and users it holds, and the \
            SQLite or server version. --json prints them as one object: {backend, location, \
            schemaVersion, records, users, serverVersion}. Only reads: no store is created (a \
            postgresql:// URL refreshes its local replica).
            """,
        options: [
            StoreOptions.databaseSpec,
            .flag("json", help: "Print a JSON object instead of lines."),
        ])

    /// `--db`, through the shared options.
    var store: StoreOptions
    /// `--json`.
    var json: Bool

    init(parsed: ParsedArguments) {
        store = StoreOptions(parsed: parsed)
        json = parsed.flag("json")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let path = try store.databasePath(
            environment: context.environment, command: Self.configuration.name)
        let info =
            try SeenStores.openIfPresent(path, environment: context.environment)?.info()
            ?? SeenStoreInfo(
                backend: SeenStoreBackend(location: path).rawValue,
                location: SeenStoreBackend.displayed(path), schemaVersion: 0, records: 0,
                users: 0, serverVersion: nil)
        if json {
            context.print(
                JSONText.object(
                    [
                        ("backend", .string(info.backend)),
                        ("location", .string(info.location)),
                        ("schemaVersion", .integer(info.schemaVersion)),
                        ("records", .integer(info.records)),
                        ("users", .integer(info.users)),
                        ("serverVersion", info.serverVersion.map(JSONText.string) ?? .null),
                    ] + Self.replicaJSON(info.replica)
                ).rendered())
            return .success
        }
        var rows = [
            ["backend:", info.backend],
            ["location:", info.location],
            [
                "schemaVersion:",
                info.schemaVersion == 0 ? "0 (nothing created yet)" : String(info.schemaVersion),
            ],
            ["records:", String(info.records)],
            ["users:", String(info.users)],
            ["serverVersion:", info.serverVersion ?? "-"],
        ]
        if let rowSecurity = info.rowSecurity {
            rows.append(["rowSecurity:", rowSecurity ? "on" : "off"])
        }
        if let replica = info.replica {
            rows += [
                ["replica:", replica.path],
                ["pending:", String(replica.pending)],
                ["refused:", String(replica.refused)],
                ["lastPush:", replica.lastPush.map(Timestamp.json) ?? "-"],
                ["lastPull:", replica.lastPull.map(Timestamp.json) ?? "-"],
            ]
        }
        var widths = [0, 0]
        for row in rows { Table.widen(&widths, toFit: Table.printable(row)) }
        for row in rows { context.print(Table.line(Table.printable(row), widths: widths)) }
        return .success
    }

    /// `"replica": {"path","pending","refused","lastPush","lastPull"}` for a store with a
    /// replica.
    private static func replicaJSON(_ replica: ReplicaInfo?) -> [(String, JSONText)] {
        guard let replica else { return [] }
        func time(_ date: Timestamp?) -> JSONText {
            date.map { .string(Timestamp.json($0)) } ?? .null
        }
        return [
            (
                "replica",
                .object([
                    ("path", .string(replica.path)),
                    ("pending", .integer(replica.pending)),
                    ("refused", .integer(replica.refused)),
                    ("lastPush", time(replica.lastPush)),
                    ("lastPull", time(replica.lastPull)),
                ])
            )
        ]
    }
}
