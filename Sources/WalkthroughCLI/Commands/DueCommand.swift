import WalkthroughKit

/// `walkthrough due FILE|ID [--user NAME] [--db DB] [--locale TAG] [-q] [--json]`: whether a
/// walkthrough would be shown now, and why not.
///
/// Exit 0 when it is due, 1 when not, with one line saying why (nothing with `-q`); `--json`
/// prints `{"walkthrough", "user", "due", "reason", "detail", "pages"}`. It only reads: the
/// store is opened read-only and nothing is created. The shell gate:
///
/// ```sh
/// walkthrough due foodpin -q && walkthrough play foodpin
/// ```
struct DueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "due",
        abstract: "Tell whether a walkthrough is due for a user (exit 0) or not (exit 1), and why.",
        discussion: """
            Due means not seen at the current version, not snoozed, and every rule of the \
            definition's "when" allows it (after, env, from/until, events, maxShows, \
            minInterval); nothing is due when WALKTHROUGH_DISABLE is set (not empty, 0 or \
            false) or on CI (CI is true or 1, or a CI service's variable is set), and a user in \
            the holdout of the definition's experiment is shown nothing. The administrator's \
            policy (/etc/walkthrough/policy.json, see 'walkthrough policy') may disable it, \
            keep quiet hours, or cap the walkthroughs shown a day (maxPerDay, \
            WALKTHROUGH_MAX_PER_DAY). Reasons: due, seen, notYet, expired, waitingFor, env, \
            events (the donations of walkthrough donate do not meet when.events: names the \
            event, its count and what was wanted), maxShows, snoozed (put off with z or mark \
            --snoozed: says until when), quietPeriod, quietHours, budget, holdout, disabled, \
            ci, policy. --json prints walkthrough, user, due, reason, detail and pages (the \
            1-based pages it would show). Only reads: no store is created (a postgresql:// \
            URL refreshes its local replica). For scripts: walkthrough due ID -q && \
            walkthrough play ID
            """,
        arguments: [
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id.")
        ],
        options: StoreOptions.specs + [
            LocaleOption.spec,
            .flag("quiet", short: "q", help: "Print nothing; answer with the exit status only."),
            .flag("json", help: "Print the decision as a JSON object."),
        ])

    /// The `FILE|ID` argument.
    var walkthrough: String
    /// `--user` and `--db`.
    var store: StoreOptions
    /// `--locale`: the language of the title in the sentence.
    var locale: LocaleOption
    /// `-q`: print nothing.
    var quiet: Bool
    /// `--json`: the decision as JSON.
    var json: Bool

    init(parsed: ParsedArguments) {
        walkthrough = parsed.argument("walkthrough")[0]
        store = StoreOptions(parsed: parsed)
        locale = LocaleOption(parsed: parsed)
        quiet = parsed.flag("quiet")
        json = parsed.flag("json")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let name = Self.configuration.name
        let environment = context.environment
        let gate = try store.gate(environment: environment, command: name)
        let tag = try locale.tag(environment: environment, command: name)
        // The gate's one decision, its memo first; localized only to be told.
        let source = DefinitionSource.named(walkthrough)
        let (decision, loaded) = try gate.due(source, localOnly: false)
        if json {
            context.print(Self.json(decision).rendered())
        } else if !quiet {
            let definition = try (loaded ?? gate.load(source)).localized(for: tag)
            context.print(
                CommandWords(locale: tag).dueSentence(
                    decision, walkthrough: definition, environment: environment))
        }
        return decision.isDue ? .success : .notSeen
    }

    /// The `--json` object: exactly `walkthrough`, `user`, `due`, `reason`, `detail`, `pages`
    /// (1-based positions in the definition).
    static func json(_ decision: DueDecision) -> JSONText {
        .object(members(of: decision))
    }

    /// The members of ``json(_:)``, in order: `walkthrough next --json` adds to them.
    static func members(of decision: DueDecision) -> [(String, JSONText)] {
        [
            ("walkthrough", .string(decision.walkthrough)),
            ("user", .string(decision.user)),
            ("due", .bool(decision.isDue)),
            ("reason", .string(decision.reason.rawValue)),
            ("detail", .string(decision.detail)),
            ("pages", .array(decision.pages.map { .integer($0 + 1) })),
            ("source", .string(decision.source)),
        ]
    }
}
