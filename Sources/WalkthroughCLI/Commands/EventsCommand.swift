import FoundationEssentials
import WalkthroughKit

/// `walkthrough events [ID] [--user NAME] [--since DATE] [--db DB]`: the events sessions
/// recorded, as JSON Lines, oldest first.
///
/// One object a line: `{"time","user","walkthrough","version","event","page","outcome",
/// "locale"}`, plus `"resumed"` and `"forced"` on `started` and `"signal"` on `interrupted`;
/// `page` counts from 1, `time` is RFC 3339 in UTC with milliseconds. A goal a user reached
/// (`walkthrough goal`) is a `goal` event in its place in time, its name in `"goal"`, with no
/// walkthrough, version or page (`null`): it belongs to no walkthrough, so `events ID` leaves
/// it out. Only reads, a thousand events (and goals) at a time; a store that does not exist
/// yet, or one written before events existed (schema version 1), prints nothing and is left
/// as it is.
struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "events",
        abstract: "Print the recorded events of sessions as JSON Lines, oldest first.",
        discussion: """
            One JSON object a line: {time, user, walkthrough, version, event, page, outcome, \
            locale, variant}, plus resumed and forced on started, signal on interrupted and \
            experiment on exposed. event is started, page, finished, quit, interrupted, \
            exposed or goal (walkthrough goal: its name in goal; walkthrough, version and page \
            null; not listed for an ID); variant is the user's group in the walkthrough's \
            experiment (null outside one); page counts from 1. DATE is \
            YYYY-MM-DD or RFC 3339. Only reads. WALKTHROUGH_EVENTS=off stops recording; \
            'walkthrough events prune --before DATE' removes old ones.
            """,
        arguments: [
            ArgumentSpec(
                name: "id", help: "Only this walkthrough's events (an id or a definition file).",
                isOptional: true)
        ],
        options: [
            .option("user", value: "name", help: "Only this user's events (default: everyone's)."),
            .option("since", value: "date", help: "Only events at or after DATE."),
            StoreOptions.databaseSpec,
        ])

    /// `ID`, resolved to an id when it is a definition file.
    var walkthrough: String?
    /// `--user`, if given.
    var user: String?
    /// `--since`, if given.
    var since: Timestamp?
    /// `--db`, through the shared options.
    var store: StoreOptions

    init(parsed: ParsedArguments) throws(CommandLineError) {
        let name = Self.configuration.name
        store = StoreOptions(parsed: parsed)
        walkthrough = parsed.argument("id").first
        user = try parsed.value("user").map { (user) throws(CommandLineError) in
            try StoreOptions.validated(user, command: name)
        }
        since = try Timestamp.option("since", in: parsed, command: name)
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let path = try store.databasePath(
            environment: context.environment, command: Self.configuration.name)
        let id = try walkthrough.map { (argument) throws(DefinitionError) in
            try Definitions.id(forRecordArgument: argument)
        }
        let filter = EventFilter(walkthrough: id, user: user, since: since)
        guard let store = try SeenStores.openIfPresent(path, environment: context.environment)
        else { return .success }
        guard let experiments = SeenStoreCapabilities.experiments(store) else {
            try store.forEachEvent(matching: filter) { context.print(Self.line(for: $0)) }
            return .success
        }
        try experiments.forEachEventAndGoal(matching: filter) { recorded in
            switch recorded {
            case .session(let event): context.print(Self.line(for: event))
            case .goal(let goal): context.print(Self.line(for: goal))
            }
        }
        return .success
    }

    /// A goal reached, as a `goal` event: the keys of every event, the walkthrough's (and
    /// the page, outcome, locale and variant) `null`, then `"goal"` with its name.
    static func line(for goal: ReachedGoal) -> String {
        JSONText.object([
            ("time", .string(Timestamp.json(Timestamp(millisecondsSince1970: goal.time)))),
            ("user", .string(goal.user)),
            ("walkthrough", .null),
            ("version", .null),
            ("event", .string("goal")),
            ("page", .null),
            ("outcome", .null),
            ("locale", .null),
            ("variant", .null),
            ("goal", .string(goal.goal)),
        ]).renderedOnOneLine()
    }

    /// One event as a JSON Lines record.
    static func line(for event: WalkthroughEvent) -> String {
        var outcome = JSONText.null
        var extra: [(String, JSONText)] = []
        switch event.kind {
        case .started(_, let resumed, let forced):
            extra = [("resumed", .bool(resumed)), ("forced", .bool(forced))]
        case .finished(let finish):
            outcome = .string(SeenRecord.Outcome(finish).rawValue)
        case .interrupted(let signal):
            extra = [("signal", .string(signal))]
        case .exposed:
            extra = [("experiment", event.experiment.map(JSONText.string) ?? .null)]
        case .snoozed:
            outcome = .string(SeenRecord.Outcome.snoozed.rawValue)
        case .page, .quit:
            break
        }
        return JSONText.object(
            [
                ("time", .string(Timestamp.json(event.time))),
                ("user", .string(event.user)),
                ("walkthrough", .string(event.walkthrough)),
                ("version", .integer(event.version)),
                ("event", .string(event.kind.name)),
                ("page", .integer(event.page + 1)),
                ("outcome", outcome),
                ("locale", event.locale.map(JSONText.string) ?? .null),
                ("variant", event.variant.map(JSONText.string) ?? .null),
            ] + extra
        ).renderedOnOneLine()
    }
}
