import WalkthroughKit

/// `walkthrough import FILE|- [--db PATH] [--dry-run]`: merges records that `walkthrough
/// export` wrote into the store.
///
/// An imported record replaces the stored one only when it wins by the store's rule: the
/// higher version; at one version `completed` beats `skipped`, which beats `inProgress`; then
/// the later `updatedAt`. Every line is read and checked first, and the merge is one
/// transaction: a malformed line (exit 65, naming its number) or a store error (exit 74)
/// imports nothing. Prints how many records were added, updated and kept.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "import",
        abstract: "Merge records from walkthrough export into the store.",
        discussion: """
            Reads JSON Lines as walkthrough export writes them (- for standard input). A record \
            replaces the stored one only if it wins: the higher version; at one version \
            completed > skipped > inProgress; then the later updatedAt. All in one transaction: \
            a malformed line imports nothing.
            """,
        arguments: [
            ArgumentSpec(name: "file", help: "The records to import, or - for standard input.")
        ],
        options: [
            StoreOptions.databaseSpec,
            .flag("dry-run", help: "Say what would change, and change nothing."),
        ])

    /// The `FILE|-` argument.
    var file: String
    /// `--db`, through the shared options.
    var store: StoreOptions
    /// `--dry-run`.
    var dryRun: Bool

    init(parsed: ParsedArguments) {
        file = parsed.argument("file")[0]
        store = StoreOptions(parsed: parsed)
        dryRun = parsed.flag("dry-run")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let path = try store.databasePath(
            environment: context.environment, command: Self.configuration.name)
        let records: [SeenRecord]
        do {
            records = try RecordLines.parse(try RecordLines.contents(of: file))
        } catch let problem as RecordLines.Problem {
            let name = file == "-" ? "standard input" : file
            throw CommandLineError.failure(
                "Error: \(name):\(problem.line): \(problem.message); nothing was imported (each "
                    + "line must be a record as walkthrough export writes it)",
                exitCode: .invalidDefinition)
        }
        let summary: SeenMergeSummary
        if dryRun {
            // A dry run creates nothing: into a store that does not exist yet, every record
            // (the winner of each key) would be added.
            summary =
                try SeenStores.openIfPresent(
                    path, readOnly: false, environment: context.environment)?.merge(
                    records, dryRun: true)
                ?? Self.summaryIntoEmptyStore(records)
        } else {
            summary = try SeenStores.open(path, environment: context.environment).merge(
                records, dryRun: false)
        }
        let counts =
            "\(summary.added) added, \(summary.updated) updated, \(summary.kept) kept"
        let location = SeenStoreBackend.displayed(path)
        if dryRun {
            context.print(
                "Would import \(Wording.counted(records.count, "record")) into \(location): "
                    + "\(counts) (dry run: nothing was changed).")
        } else {
            context.print(
                "Imported \(Wording.counted(records.count, "record")) into \(location): "
                    + "\(counts).")
        }
        return .success
    }

    /// What merging `records` into an empty store does: the first record of each key is added,
    /// each later one of that key updates it when it wins, else is kept.
    static func summaryIntoEmptyStore(_ records: [SeenRecord]) -> SeenMergeSummary {
        var summary = SeenMergeSummary()
        // Keys by bytes, as the stores compare them (names hold no NUL: they were checked).
        var winners: [[UInt8]: SeenRecord] = [:]
        for record in records {
            let key = Array(record.user.utf8) + [0] + Array(record.walkthrough.utf8)
            if let stored = winners[key] {
                if record.replaces(stored) {
                    winners[key] = record
                    summary.updated += 1
                } else {
                    summary.kept += 1
                }
            } else {
                winners[key] = record
                summary.added += 1
            }
        }
        return summary
    }
}
