import WalkthroughKit

/// `walkthrough sync [--db DB] [--json]`: pushes the replica's outbox to the fleet store and
/// refreshes every user the replica holds.
///
/// Exit 0 when everything is pushed, 74 when the server cannot be reached; the counts are
/// printed either way. A store without a replica (an SQLite file, or
/// `WALKTHROUGH_REPLICA=off`) has nothing to sync: exit 0, all counts 0.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "sync",
        abstract: "Push this machine's writes to the fleet store and refresh its replica.",
        discussion: """
            With a postgresql:// store, each machine answers from a local replica and pushes \
            its writes when it can. sync pushes everything still waiting and refreshes the \
            records of every user the replica holds, waiting for the server as long as libpq \
            does. Prints pushed, pending and pulled counts and whether the server was \
            reached; --json prints {pushed, pending, pulled, server}. Exit 0 when all is \
            pushed, 74 when the server cannot be reached.
            """,
        options: [
            StoreOptions.databaseSpec,
            .flag("json", help: "Print a JSON object instead of a line."),
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
        let opened = try SeenStores.open(path, environment: context.environment)
        let report = (opened as? ReplicaSeenStore)?.sync() ?? ReplicaSeenStore.SyncReport()
        let reached = report.failure == nil
        if json {
            context.print(
                JSONText.object([
                    ("pushed", .integer(report.pushed)),
                    ("pending", .integer(report.pending)),
                    ("pulled", .integer(report.pulled)),
                    ("server", .string(reached ? "reached" : "unreachable")),
                ]).rendered())
        } else {
            context.print(
                "Pushed \(Wording.counted(report.pushed, "write")), "
                    + "\(report.pending) pending, pulled "
                    + "\(Wording.counted(report.pulled, "record")); the server "
                    + (reached ? "was reached." : "could not be reached."))
        }
        if let failure = report.failure { throw failure }
        return report.pending == 0 ? .success : .ioError
    }
}
