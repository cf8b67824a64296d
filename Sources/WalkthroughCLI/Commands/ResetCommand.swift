import WalkthroughKit

/// `walkthrough reset --user NAME [ID ...]` and `walkthrough reset --all-users ID ...`, with
/// `[--db PATH] [--dry-run]`: forgets who has seen what, so walkthroughs show again.
///
/// Exactly one of `--user` and `--all-users`; `--all-users` needs at least one id. An `ID` that
/// is the path of an existing definition file counts as that file's id; any other word is taken
/// as an id as it is (a record may outlive its definition). With `--dry-run` the records that
/// would go are listed and nothing is removed. A database that does not exist yet holds nothing
/// to remove and is not created.
struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "reset",
        abstract: "Forget that users have seen walkthroughs, so they show again.",
        discussion: """
            Give either --user NAME (all of that user's records, or only the ids given) or \
            --all-users with one or more ids (those walkthroughs for everyone). An id may also \
            be the path of a definition file. Prints each record removed.
            """,
        arguments: [
            ArgumentSpec(
                name: "id", help: "A walkthrough id, or the path of its definition file.",
                isRepeating: true, isOptional: true)
        ],
        options: [
            .option("user", value: "name", help: "Remove this user's records."),
            .flag("all-users", help: "Remove the records of every user for the ids given."),
            StoreOptions.databaseSpec,
            .flag("dry-run", help: "List what would be removed, and remove nothing."),
        ],
        usageForms: [
            "--user <name> [<id> ...] [--db <path>] [--dry-run]",
            "--all-users <id> ... [--db <path>] [--dry-run]",
        ])

    /// Whose records go.
    enum Scope: Hashable {
        /// One user's: all of them (no ids) or only those of the ids.
        case user(String)
        /// Every user's records of the ids.
        case allUsers
    }

    /// Whose records go.
    var scope: Scope
    /// The `ID` arguments as given.
    var ids: [String]
    /// `--db`, through the shared options.
    var store: StoreOptions
    /// `--dry-run`.
    var dryRun: Bool

    init(parsed: ParsedArguments) throws(CommandLineError) {
        let name = Self.configuration.name
        ids = parsed.argument("id")
        store = StoreOptions(parsed: parsed)
        dryRun = parsed.flag("dry-run")
        switch (parsed.value("user"), parsed.flag("all-users")) {
        case (let user?, false):
            scope = .user(try StoreOptions.validated(user, command: name))
        case (nil, true):
            guard !ids.isEmpty else {
                throw .usage(
                    "--all-users needs the ids of the walkthroughs to reset, for example "
                        + "'walkthrough reset --all-users foodpin'",
                    command: name)
            }
            scope = .allUsers
        case (_?, true):
            throw .usage(
                "Give either '--user <name>' or '--all-users', not both", command: name)
        case (nil, false):
            throw .usage(
                "Say whose records to remove: '--user <name>', or '--all-users' with ids",
                command: name)
        }
    }

    func run(in context: CommandContext) throws -> ExitCode {
        var walkthroughs: [String] = []
        for id in ids {
            let resolved = try Definitions.id(forRecordArgument: id)
            if !walkthroughs.contains(where: { Self.same($0, resolved) }) {
                walkthroughs.append(resolved)
            }
        }
        let path = try store.databasePath(
            environment: context.environment, command: Self.configuration.name)
        guard
            let seenStore = try SeenStores.openIfPresent(
                path, readOnly: dryRun, administrative: scope == .allUsers,
                environment: context.environment)
        else {
            context.print(
                "Nothing to remove: the database \(SeenStoreBackend.displayed(path)) does not "
                    + "exist yet.")
            return .success
        }
        let doomed = try records(in: seenStore, of: walkthroughs)
        if dryRun {
            context.print(
                "Would remove \(Wording.counted(doomed.count, "record")) (dry run: nothing "
                    + "was removed)" + (doomed.isEmpty ? "." : ":"))
            for record in doomed { context.print("  " + Self.describe(record)) }
            return .success
        }
        var removed = 0
        switch scope {
        case .user(let user) where walkthroughs.isEmpty:
            removed = try seenStore.reset(user: user, walkthrough: nil)
        case .user(let user):
            for id in walkthroughs { removed += try seenStore.reset(user: user, walkthrough: id) }
        case .allUsers:
            for id in walkthroughs { removed += try seenStore.resetAllUsers(walkthrough: id) }
        }
        context.print(
            "Removed \(Wording.counted(removed, "record"))" + (removed == 0 ? "." : ":"))
        // The records read just before; another process may have changed one in between, and
        // the count above is what the store actually removed.
        if removed > 0 {
            for record in doomed { context.print("  " + Self.describe(record)) }
        }
        return .success
    }

    /// The records the reset applies to, as they are now.
    private func records(
        in store: any SeenStore, of walkthroughs: [String]
    ) throws -> [SeenRecord] {
        switch scope {
        case .user(let user):
            let all = try store.records(user: user)
            return walkthroughs.isEmpty ? all : all.filter { applies(to: $0, walkthroughs) }
        case .allUsers:
            // Page through the whole store, keeping only the matches: a store of a million
            // records is never held in memory at once.
            var matches: [SeenRecord] = []
            try store.forEachRecord(user: nil) { record in
                if applies(to: record, walkthroughs) { matches.append(record) }
            }
            return matches
        }
    }

    private func applies(to record: SeenRecord, _ walkthroughs: [String]) -> Bool {
        walkthroughs.contains { Self.same($0, record.walkthrough) }
    }

    /// Ids compare by their bytes, as the store compares them (Swift's `==` would call two
    /// spellings of `é` equal).
    private static func same(_ first: String, _ second: String) -> Bool {
        first.utf8.elementsEqual(second.utf8)
    }

    /// `alice  foodpin  completed, version 1, 2026-11-29 22:47:03 UTC`.
    static func describe(_ record: SeenRecord) -> String {
        "\(record.user)  \(record.walkthrough)  \(Wording.outcome(record.outcome)), version "
            + "\(record.version), \(Timestamp.human(record.updatedAt))"
    }
}
