import WalkthroughKit

/// `walkthrough mark FILE|ID [--user NAME] [--db PATH] [--skipped | --snoozed [--until TIME]]`:
/// records a walkthrough as seen without playing it, for example for users who went through it
/// another way; or, with `--snoozed`, as put off ("later") until a time.
///
/// Records `completed` (or `skipped`) at the definition's current version; the store keeps a
/// seen record of a newer version rather than replace it. `--snoozed` records `snoozed` until
/// TIME (by default now plus the definition's `snooze`), keeping a seen record of this
/// version or a newer one. Creates the database when missing.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "mark",
        abstract: "Record a walkthrough as seen by a user without playing it.",
        discussion: """
            Records the definition's current version as completed (or skipped with \
            --skipped). --snoozed records it as put off instead: not seen, and not due until \
            --until TIME (YYYY-MM-DD or RFC 3339), by default now plus the definition's snooze \
            (24h unless it says otherwise). Creates the database and its folder when they do \
            not exist.
            """,
        arguments: [
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id.")
        ],
        options: StoreOptions.specs + [
            .flag("skipped", help: "Record it as skipped rather than completed."),
            .flag("snoozed", help: "Record it as put off (later) rather than seen."),
            .option(
                "until", value: "time",
                help: "With --snoozed: not due until TIME (default: now plus its snooze)."),
        ])

    /// The `FILE|ID` argument.
    var walkthrough: String
    /// `--user` and `--db`.
    var store: StoreOptions
    /// `--skipped`.
    var skipped: Bool
    /// `--snoozed`.
    var snoozed: Bool
    /// `--until`.
    var until: Timestamp?

    init(parsed: ParsedArguments) throws(CommandLineError) {
        let name = Self.configuration.name
        walkthrough = parsed.argument("walkthrough")[0]
        store = StoreOptions(parsed: parsed)
        skipped = parsed.flag("skipped")
        snoozed = parsed.flag("snoozed")
        until = try Timestamp.option("until", value: "time", in: parsed, command: name)
        if skipped, snoozed {
            throw .usage("'--skipped' and '--snoozed' cannot be used together", command: name)
        }
        if until != nil, !snoozed {
            throw .usage("'--until <time>' is only for '--snoozed'", command: name)
        }
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let gate = try store.gate(
            environment: context.environment, command: Self.configuration.name)
        let definition = try gate.load(.named(walkthrough))
        if snoozed { return try snooze(definition, gate: gate, context: context) }
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

    /// `--snoozed`: the record put off until `--until` (or the definition's `snooze` from now).
    private func snooze(
        _ definition: Walkthrough, gate: FirstRunGate, context: CommandContext
    ) throws -> ExitCode {
        let marked = try gate.snooze(definition, until: until)
        let title = Wording.name(of: definition)
        if marked.kept, let record = marked.prior {
            context.print(
                "Kept: \(marked.user) had already \(Wording.outcome(record.outcome)) \(title) "
                    + "(version \(record.version)); snoozing it changes nothing.")
        } else {
            context.print(
                "Recorded: \(marked.user) snoozed \(title) until \(Timestamp.json(marked.until)) "
                    + "(version \(definition.version)).")
        }
        return .success
    }
}
