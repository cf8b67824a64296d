import WalkthroughKit

/// `walkthrough status [--user NAME] [--json] [--db PATH]`: every record in the store, or one
/// user's.
///
/// A table by default; with `--json` an array of `{user, walkthrough, version, outcome,
/// lastPage, updatedAt}` where `outcome` is `completed`, `skipped`, `inProgress` or `snoozed`
/// (which adds `snoozedUntil`), `lastPage` counts from 1 and `updatedAt` is ISO 8601 in UTC
/// with milliseconds (`2026-11-29T22:47:03.123Z`). It only reads: on a database that does not exist yet the list
/// is empty (`[]`) and nothing is created. Records are read a page at a time
/// (`SeenStore.forEachRecord`) and printed as they come, so a store of a million records never
/// sits in memory; the table reads them twice, once to size its columns.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "status",
        abstract: "List who has seen which walkthrough, and where unfinished ones stand.",
        discussion: """
            Lists every record in the database, or only one user's with --user. --json prints \
            an array of {user, walkthrough, version, outcome, lastPage, updatedAt}: outcome is \
            completed, skipped, inProgress or snoozed (with snoozedUntil), lastPage counts from \
            1, updatedAt is ISO 8601 in UTC. Only reads: no store is created (a postgresql:// URL refreshes its local \
            replica).
            """,
        options: [
            .option("user", value: "name", help: "Only this user's records (default: everyone's)."),
            .flag("json", help: "Print a JSON array instead of a table."),
            StoreOptions.databaseSpec,
        ])

    /// `--user`, if given (no default: without it, everyone's records).
    var user: String?
    /// `--db`, through the shared options.
    var store: StoreOptions
    /// `--json`.
    var json: Bool

    init(parsed: ParsedArguments) throws(CommandLineError) {
        store = StoreOptions(parsed: parsed)
        json = parsed.flag("json")
        user = try parsed.value("user").map { (name) throws(CommandLineError) in
            try StoreOptions.validated(name, command: Self.configuration.name)
        }
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let path = try store.databasePath(
            environment: context.environment, command: Self.configuration.name)
        // The records are read a page at a time and printed as they come: a store of a million
        // records never sits in memory at once.
        let seenStore = try SeenStores.openIfPresent(path, environment: context.environment)
        if json {
            try printJSON(seenStore, context: context)
        } else if let seenStore, try printTable(seenStore, context: context) {
            return .success
        } else {
            let whose = user.map { " for \($0)" } ?? ""
            context.print("No walkthrough records\(whose) in \(SeenStoreBackend.displayed(path)).")
        }
        return .success
    }

    /// The JSON array, one element at a time; the same text as rendering the whole array.
    private func printJSON(_ store: (any SeenStore)?, context: CommandContext) throws {
        // Each element is held back until the next one says whether it needs a comma.
        var previous: String?
        try store?.forEachRecord(user: user) { record in
            if let previous { context.print(previous + ",") } else { context.print("[") }
            let object = record.jsonObject.rendered()
            previous = "  " + object.split(separator: "\n").joined(separator: "\n  ")
        }
        if let previous {
            context.print(previous)
            context.print("]")
        } else {
            context.print("[]")
        }
    }

    /// The table in two passes over the records: the first sizes the columns, the second prints
    /// the rows. Returns `false`, printing nothing, when there is no record.
    private func printTable(_ store: any SeenStore, context: CommandContext) throws -> Bool {
        let header = Table.printable(Self.header)
        var widths = [Int](repeating: 0, count: header.count)
        Table.widen(&widths, toFit: header)
        var count = 0
        try store.forEachRecord(user: user) { record in
            Table.widen(&widths, toFit: Table.printable(Self.row(for: record)))
            count += 1
        }
        guard count > 0 else { return false }
        context.print(Table.line(header, widths: widths))
        try store.forEachRecord(user: user) { record in
            context.print(Table.line(Table.printable(Self.row(for: record)), widths: widths))
        }
        return true
    }

    private static let header = [
        "USER", "WALKTHROUGH", "VERSION", "OUTCOME", "LAST PAGE", "UPDATED",
    ]

    private static func row(for record: SeenRecord) -> [String] {
        [
            record.user, record.walkthrough, String(record.version),
            Wording.outcome(record.outcome), String(record.lastPage + 1),
            Timestamp.human(record.updatedAt),
        ]
    }
}
