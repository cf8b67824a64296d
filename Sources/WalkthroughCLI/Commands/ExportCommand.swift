import WalkthroughKit

/// `walkthrough export [--db PATH] [--user NAME]`: every record as JSON Lines, sorted by user
/// then walkthrough.
///
/// One object a line, `{"user","walkthrough","version","outcome","lastPage","updatedAt"}`, the
/// keys and values of `status --json` (`lastPage` from 1, `updatedAt` ISO 8601 in UTC with
/// milliseconds): what `walkthrough import` reads back, so that
/// `walkthrough export --db OLD.sqlite3 | walkthrough import - --db postgresql://…` moves a
/// machine's state into the fleet store. It only reads, a page of records at a time; on a
/// database that does not exist yet it prints nothing.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "export",
        abstract: "Print every record as JSON Lines, for walkthrough import.",
        discussion: """
            One JSON object a line, sorted by user then walkthrough: {user, walkthrough, \
            version, outcome, lastPage, updatedAt}, as status --json writes them. Only reads. \
            To move a machine's records into a shared store: walkthrough export --db \
            OLD.sqlite3 | walkthrough import - --db postgresql://HOST/DB
            """,
        options: [
            .option("user", value: "name", help: "Only this user's records (default: everyone's)."),
            StoreOptions.databaseSpec,
        ])

    /// `--user`, if given.
    var user: String?
    /// `--db`, through the shared options.
    var store: StoreOptions

    init(parsed: ParsedArguments) throws(CommandLineError) {
        store = StoreOptions(parsed: parsed)
        user = try parsed.value("user").map { (name) throws(CommandLineError) in
            try StoreOptions.validated(name, command: Self.configuration.name)
        }
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let path = try store.databasePath(
            environment: context.environment, command: Self.configuration.name)
        try SeenStores.openIfPresent(path, environment: context.environment)?.forEachRecord(
            user: user
        ) { record in
            context.print(RecordLines.line(for: record))
        }
        return .success
    }
}
