import WalkthroughKit

/// `walkthrough status [--user NAME] [--json] [--db PATH]`: every record in the store, or one
/// user's.
///
/// A table by default; with `--json` an array of `{user, walkthrough, version, outcome,
/// lastPage, updatedAt}` where `outcome` is `completed`, `skipped` or `inProgress`, `lastPage`
/// counts from 1 and `updatedAt` is ISO 8601 in UTC with milliseconds
/// (`2026-11-29T22:47:03.123Z`). It only reads: on a database that does not exist yet the list
/// is empty (`[]`) and nothing is created.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "status",
        abstract: "List who has seen which walkthrough, and where unfinished ones stand.",
        discussion: """
            Lists every record in the database, or only one user's with --user. --json prints \
            an array of {user, walkthrough, version, outcome, lastPage, updatedAt}: outcome is \
            completed, skipped or inProgress, lastPage counts from 1, updatedAt is ISO 8601 in \
            UTC. Only reads: nothing is created.
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
        let records = try SeenStores.openIfPresent(path)?.records(user: user) ?? []
        if json {
            context.print(JSONText.array(records.map(Self.jsonObject(for:))).rendered())
        } else if records.isEmpty {
            let whose = user.map { " for \($0)" } ?? ""
            context.print("No walkthrough records\(whose) in \(path).")
        } else {
            var table = Table(
                header: ["USER", "WALKTHROUGH", "VERSION", "OUTCOME", "LAST PAGE", "UPDATED"])
            table.rows = records.map { record in
                [
                    record.user, record.walkthrough, String(record.version),
                    Wording.outcome(record.outcome), String(record.lastPage + 1),
                    Timestamp.human(record.updatedAt),
                ]
            }
            for line in table.lines() { context.print(line) }
        }
        return .success
    }

    /// One record as DESIGN.md fixes the keys; `lastPage` 1-based.
    static func jsonObject(for record: SeenRecord) -> JSONText {
        .object([
            ("user", .string(record.user)),
            ("walkthrough", .string(record.walkthrough)),
            ("version", .integer(record.version)),
            ("outcome", .string(record.outcome.rawValue)),
            ("lastPage", .integer(record.lastPage + 1)),
            ("updatedAt", .string(Timestamp.json(record.updatedAt))),
        ])
    }
}
