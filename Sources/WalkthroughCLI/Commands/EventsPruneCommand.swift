import FoundationEssentials
import WalkthroughKit

/// `walkthrough events prune --before DATE [--db DB] [--dry-run]`: removes the events older
/// than `DATE`, every user's and every walkthrough's; the records stay.
///
/// With `--dry-run` it only counts them, opening the store read-only. A store that does not
/// exist yet holds nothing to remove and is not created.
struct EventsPruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "events prune",
        abstract: "Remove the events older than a date; the records stay.",
        discussion: """
            Removes every user's events recorded before DATE (YYYY-MM-DD, midnight UTC, or \
            RFC 3339), and says how many. Who has seen what is kept: only the funnel of \
            'walkthrough stats' forgets those sessions.
            """,
        options: [
            .option("before", value: "date", help: "Remove the events recorded before DATE."),
            StoreOptions.databaseSpec,
            .flag("dry-run", help: "Count what would be removed, and remove nothing."),
        ],
        usageForms: ["--before <date> [--db <path>] [--dry-run]"])

    /// `--before`.
    var before: Timestamp
    /// `--db`, through the shared options.
    var store: StoreOptions
    /// `--dry-run`.
    var dryRun: Bool

    init(parsed: ParsedArguments) throws(CommandLineError) {
        let name = Self.configuration.name
        guard let before = try Timestamp.option("before", in: parsed, command: name) else {
            throw .usage("Missing '--before <date>': say which events to remove", command: name)
        }
        self.before = before
        store = StoreOptions(parsed: parsed)
        dryRun = parsed.flag("dry-run")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let path = try store.databasePath(
            environment: context.environment, command: Self.configuration.name)
        let when = Timestamp.human(before)
        guard
            let seenStore = try SeenStores.openIfPresent(
                path, readOnly: dryRun, environment: context.environment)
        else {
            context.print(
                "Nothing to remove: the database \(SeenStoreBackend.displayed(path)) does not "
                    + "exist yet.")
            return .success
        }
        let count = try seenStore.pruneEvents(before: before, dryRun: dryRun)
        let events = Wording.counted(count, "event")
        if dryRun {
            context.print(
                "Would remove \(events) recorded before \(when) (dry run: nothing was removed).")
        } else {
            context.print("Removed \(events) recorded before \(when).")
        }
        return .success
    }
}
