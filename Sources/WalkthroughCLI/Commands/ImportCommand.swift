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
            records = try RecordLines.read(file)
        } catch let problem as SeenRecordReader.Problem {
            let name = file == "-" ? "standard input" : file
            throw CommandLineError.failure(
                "Error: \(name):\(problem.line): \(problem.message); nothing was imported (each "
                    + "line must be a record as walkthrough export writes it)",
                exitCode: .invalidDefinition)
        }
        let summary: SeenMergeSummary
        if dryRun {
            // A dry run opens the store read-only, as `seen` does: no migration, no journal
            // switch, no rollback of an interrupted write, not one byte changed. It works out
            // the counts from the stored records; into a store that does not exist yet, every
            // record (the winner of each key) would be added.
            let store = try SeenStores.openIfPresent(path, environment: context.environment)
            summary = try Self.summary(of: records) { user, walkthrough in
                try store?.record(user: user, walkthrough: walkthrough)
            }
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

    /// What merging `records` into a store holding what `stored` returns does: a record is
    /// added when its key has none yet, updates the one it replaces by
    /// ``SeenRecord/replaces(_:)`` (the stores' merge rule), else is kept.
    static func summary(
        of records: [SeenRecord], stored: (String, String) throws -> SeenRecord?
    ) rethrows -> SeenMergeSummary {
        var summary = SeenMergeSummary()
        // Keys by bytes, as the stores compare them (names hold no NUL: they were checked).
        var winners: [[UInt8]: SeenRecord?] = [:]
        for record in records {
            let key = Array(record.user.utf8) + [0] + Array(record.walkthrough.utf8)
            let current: SeenRecord?
            if let known = winners[key] {
                current = known
            } else {
                current = try stored(record.user, record.walkthrough)
            }
            if let current {
                if record.replaces(current) {
                    winners[key] = record
                    summary.updated += 1
                } else {
                    winners[key] = current
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
