import WalkthroughKit

/// `walkthrough mark FILE|ID [--user NAME] [--db PATH] [--skipped]`: records a walkthrough as
/// seen without playing it, for example for users who went through it another way.
///
/// Records `completed` (or `skipped`) at the definition's current version; the store keeps a
/// seen record of a newer version rather than replace it. Creates the database when missing.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "mark",
        abstract: "Record a walkthrough as seen by a user without playing it.",
        discussion: """
            Records the definition's current version as completed (or skipped with \
            --skipped). Creates the database and its folder when they do not exist.
            """,
        arguments: [
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id.")
        ],
        options: StoreOptions.specs + [
            .flag("skipped", help: "Record it as skipped rather than completed.")
        ])

    /// The `FILE|ID` argument.
    var walkthrough: String
    /// `--user` and `--db`.
    var store: StoreOptions
    /// `--skipped`.
    var skipped: Bool

    init(parsed: ParsedArguments) {
        walkthrough = parsed.argument("walkthrough")[0]
        store = StoreOptions(parsed: parsed)
        skipped = parsed.flag("skipped")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let gate = try store.gate(
            environment: context.environment, command: Self.configuration.name)
        let definition = try gate.load(.named(walkthrough))
        let outcome: Navigator.FinishOutcome = skipped ? .skipped : .completed
        let marked = try gate.mark(definition, outcome: outcome)
        let user = marked.user
        let title = Wording.name(of: definition)
        if marked.kept, let record = marked.prior, record.version > definition.version {
            context.print(
                "Kept: \(user) had already \(Wording.outcome(record.outcome)) \(title) at the "
                    + "newer version \(record.version); version \(definition.version) changes "
                    + "nothing.")
        } else if marked.kept, let record = marked.prior {
            context.print(
                "Kept: \(user) had already completed \(title) (version \(record.version)); "
                    + "marking it skipped changes nothing.")
        } else {
            context.print(
                "Recorded: \(user) \(outcome.rawValue) \(title) (version \(definition.version)).")
        }
        return .success
    }
}
