import WalkthroughKit

/// `walkthrough seen FILE|ID [--user NAME] [--db PATH] [-q]`: the first-run gate.
///
/// Exit 0 when the user completed or skipped the current version, 1 when not. It only reads:
/// on a database that does not exist yet the answer is "not seen" and nothing is created. The
/// work is the least that answers: resolve, load, open, one lookup.
///
/// ```sh
/// walkthrough seen foodpin -q || walkthrough play foodpin
/// ```
struct SeenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "seen",
        abstract: "Tell whether a user has seen a walkthrough (exit 0) or not (exit 1).",
        discussion: """
            Seen means completed or skipped at the definition's current version or a later \
            one. Only reads: a database that does not exist yet means not seen, and no store is \
            created (a postgresql:// URL refreshes its local replica). For scripts: walkthrough seen ID -q || walkthrough play ID
            """,
        arguments: [
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id.")
        ],
        options: StoreOptions.specs + [
            .flag("quiet", short: "q", help: "Print nothing; answer with the exit status only.")
        ])

    /// The `FILE|ID` argument.
    var walkthrough: String
    /// `--user` and `--db`.
    var store: StoreOptions
    /// `-q`: print nothing.
    var quiet: Bool

    init(parsed: ParsedArguments) {
        walkthrough = parsed.argument("walkthrough")[0]
        store = StoreOptions(parsed: parsed)
        quiet = parsed.flag("quiet")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let gate = try store.gate(
            environment: context.environment, command: Self.configuration.name)
        // The gate's one decision, its memo first: what the library answers too.
        let status = try gate.status(of: .named(walkthrough))
        if !quiet {
            context.print(
                Self.answer(
                    user: status.user, walkthrough: status.walkthrough, record: status.record))
        }
        return status.isSeen ? .success : .notSeen
    }

    /// One sentence: seen (how and when), or not seen (and where the user stands).
    static func answer(user: String, walkthrough: Walkthrough, record: SeenRecord?) -> String {
        let name = "\(Wording.name(of: walkthrough)) (version \(walkthrough.version))"
        guard let record else { return "\(user) has not seen \(name)." }
        let when = Timestamp.human(record.updatedAt)
        if record.isSeen(atLeast: walkthrough.version) {
            return "\(user) has seen \(name): \(Wording.outcome(record.outcome)) on \(when)."
        }
        if record.outcome == .snoozed, let until = record.snoozedUntil {
            return "\(user) has not seen \(name): snoozed until \(Timestamp.human(until)), "
                + "last on \(when)."
        }
        if record.outcome == .inProgress {
            let place =
                record.version == walkthrough.version
                ? "in progress at page "
                    + Wording.position(
                        min(record.lastPage, walkthrough.pages.count - 1),
                        of: walkthrough.pages.count)
                : "started version \(record.version)"
            return "\(user) has not seen \(name): \(place), last on \(when)."
        }
        return
            "\(user) has not seen \(name): \(Wording.outcome(record.outcome)) version "
            + "\(record.version) on \(when)."
    }
}
