import FoundationEssentials
import WalkthroughKit

/// `walkthrough events [ID] [--user NAME] [--since DATE] [--db DB]`: the events sessions
/// recorded, as JSON Lines, oldest first.
///
/// One object a line: `{"time","user","walkthrough","version","event","page","outcome",
/// "locale"}`, plus `"resumed"` and `"forced"` on `started` and `"signal"` on `interrupted`;
/// `page` counts from 1, `time` is RFC 3339 in UTC with milliseconds. Only reads, a thousand
/// events at a time; a store that does not exist yet, or one written before events existed
/// (schema version 1), prints nothing and is left as it is.
struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "events",
        abstract: "Print the recorded events of sessions as JSON Lines, oldest first.",
        discussion: """
            One JSON object a line: {time, user, walkthrough, version, event, page, outcome, \
            locale, variant}, plus resumed and forced on started, signal on interrupted and \
            experiment on exposed. event is started, page, finished, quit, interrupted or \
            exposed; variant is the user's group in the walkthrough's experiment (null outside \
            one); page counts from 1. DATE is \
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
        try SeenStores.openIfPresent(path, environment: context.environment)?.forEachEvent(
            matching: filter
        ) { event in
            context.print(Self.line(for: event))
        }
        return .success
    }

    /// One event as a JSON Lines record.
    static func line(for event: WalkthroughEvent) -> String {
        var outcome = JSONText.null
        var extra: [(String, JSONText)] = []
        switch event.kind {
        case .started(_, let resumed, let forced):
            extra = [("resumed", .bool(resumed)), ("forced", .bool(forced))]
        case .finished(let finish):
            outcome = .string(SeenOutcome(finish).rawValue)
        case .interrupted(let signal):
            extra = [("signal", .string(signal))]
        case .exposed:
            extra = [("experiment", event.experiment.map(JSONText.string) ?? .null)]
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
