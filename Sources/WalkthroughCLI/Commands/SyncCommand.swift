import WalkthroughFleet
import WalkthroughKit

/// `walkthrough sync [--db DB] [--retry-refused] [--json]`: pushes the replica's outbox to the
/// fleet store and refreshes every user the replica holds.
///
/// Exit 0 when everything is pushed, 74 when the server cannot be reached or refused writes
/// (which the replica keeps); the counts are printed either way. A store without a replica
/// (an SQLite file, or `WALKTHROUGH_REPLICA=off`) has nothing to sync: it says so, exit 0 (`--json`:
/// all counts 0, `"server": "none"`).
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "sync",
        abstract: "Push this machine's writes to the fleet store and refresh its replica.",
        discussion: """
            With a postgresql:// store, each machine answers from a local replica and pushes \
            its writes when it can. sync pushes everything still waiting and refreshes the \
            records of every user the replica holds, waiting for the server as long as libpq \
            does. A write the server refuses (a missing grant, row security, a constraint) is \
            kept in the replica with the server's reason; --retry-refused sends those again \
            (after the grant is fixed). Prints pushed, pending, refused and pulled counts and \
            whether the server was reached; --json prints {pushed, pending, refused, pulled, \
            server}. Exit 0 when all is pushed, 74 when the server cannot be reached or \
            refused writes.
            """,
        options: [
            StoreOptions.databaseSpec,
            .flag("retry-refused", help: "Send the writes the server refused again."),
            .flag("json", help: "Print a JSON object instead of a line."),
        ])

    /// `--db`, through the shared options.
    var store: StoreOptions
    /// `--retry-refused`.
    var retryRefused: Bool
    /// `--json`.
    var json: Bool

    init(parsed: ParsedArguments) {
        store = StoreOptions(parsed: parsed)
        retryRefused = parsed.flag("retry-refused")
        json = parsed.flag("json")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let path = try store.databasePath(
            environment: context.environment, command: Self.configuration.name)
        let opened = try SeenStores.open(path, environment: context.environment)
        guard let replica = opened as? ReplicaSeenStore else {
            // A SQLite file, or a server used directly: every write is already where it goes.
            if json {
                context.print(Self.json(ReplicaSeenStore.SyncReport(), server: "none"))
            } else {
                context.print(
                    "Nothing to sync: "
                        + CharacterSafety.quoted(SeenStoreBackend.displayed(path))
                        + " is not a fleet replica "
                        + "(its writes are already in the store).")
            }
            return .success
        }
        let report = replica.sync(retryingRefused: retryRefused)
        let reached = report.reached
        if json {
            context.print(Self.json(report, server: reached ? "reached" : "unreachable"))
        } else {
            let refused = report.refused > 0 ? "\(report.refused) refused, " : ""
            context.print(
                "Pushed \(Wording.counted(report.pushed, "write")), "
                    + "\(report.pending) pending, \(refused)pulled "
                    + "\(Wording.counted(report.pulled, "record")); the server "
                    + (reached ? "was reached." : "could not be reached."))
        }
        // The writes kept are what a user must hear of first; a refused read after them
        // (the same missing grant, say) adds nothing they can act on.
        if report.refused == 0, let failure = report.failure { throw failure }
        if report.refused > 0 {
            throw CommandLineError.failure(
                "Error: the PostgreSQL server at \(replica.location) refused "
                    + "\(Wording.counted(report.refused, "write")), kept in the replica "
                    + "\(replica.path): \(report.refusal ?? "no reason given"); give the role "
                    + "what 'walkthrough db grant ROLE' prints (or fix what the reason names), "
                    + "then run 'walkthrough sync --retry-refused'",
                exitCode: .ioError)
        }
        return report.pending == 0 ? .success : .ioError
    }

    /// The `--json` object: exactly `pushed`, `pending`, `refused`, `pulled` and `server`
    /// (`reached`, `unreachable`, or `none` for a store that is not a replica).
    static func json(_ report: ReplicaSeenStore.SyncReport, server: String) -> String {
        JSONText.object([
            ("pushed", .integer(report.pushed)),
            ("pending", .integer(report.pending)),
            ("refused", .integer(report.refused)),
            ("pulled", .integer(report.pulled)),
            ("server", .string(server)),
        ]).rendered()
    }
}
