import FoundationEssentials
import WalkthroughKit
import WalkthroughTerminal

/// `walkthrough stats FILE|ID [--since DATE] [--version N] [--json] [--db DB]`: the funnel of
/// a walkthrough, from the events its sessions recorded: who started it, how many completed,
/// skipped or are still in progress, and where each page lost them.
///
/// The version counted is the definition's unless `--version` says another. On a terminal
/// (standard output a terminal, `TERM` usable, no `NO_COLOR`) each page is a bar drawn to the
/// terminal's width by ``BarChart``; otherwise a plain table. `--json` prints one object:
/// `{"walkthrough","version","users","completed","skipped","inProgress","completionRate",
/// "medianSecondsToComplete","pages":[{"page","id","reached","dropped"}]}`. Only reads: a store
/// that does not exist yet, or one written before events existed, counts nobody.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "stats",
        abstract: "Show a walkthrough's funnel: who started, finished, and where they stopped.",
        discussion: """
            Counts the users who started the walkthrough (at its current version, or --version \
            N), how many completed, skipped or are still in progress, the completion rate, the \
            median time to complete, and for each page how many users reached it and how many \
            stopped there without finishing. DATE is YYYY-MM-DD or RFC 3339. --json prints \
            {walkthrough, version, users, completed, skipped, inProgress, completionRate, \
            medianSecondsToComplete, pages: [{page, id, reached, dropped}]}. With \
            --experiment, the walkthrough's experiment instead: per variant and the holdout, \
            the users exposed, completed and converted (reached --goal NAME, by default the \
            experiment's first goal, at or after their exposure), the rates, and each variant \
            against the first (the control): the difference in conversion rate with its 95% \
            interval and the two-proportion z-test's p-value; and the sample-ratio-mismatch \
            check (a warning when its p-value is below 0.001). Only reads.
            """,
        arguments: [
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id.")
        ],
        options: [
            .option("since", value: "date", help: "Count only the events at or after DATE."),
            .option("version", value: "n", help: "Count this version (default: the definition's)."),
            .flag("json", help: "Print a JSON object instead of a chart."),
            .flag("experiment", help: "Show the result of the walkthrough's experiment."),
            .option(
                "goal", value: "name",
                help: "With --experiment: count this goal (default: the experiment's first)."),
            StoreOptions.databaseSpec,
        ])

    /// The `FILE|ID` argument.
    var walkthrough: String
    /// `--since`, if given.
    var since: Timestamp?
    /// `--version`, if given.
    var version: Int?
    /// `--json`.
    var json: Bool
    /// `--db`, through the shared options.
    var store: StoreOptions
    /// `--experiment`: the experiment's result rather than the funnel.
    var experiment: Bool
    /// `--goal`, with `--experiment`.
    var goal: String?

    init(parsed: ParsedArguments) throws(CommandLineError) {
        let name = Self.configuration.name
        walkthrough = parsed.argument("walkthrough")[0]
        since = try Timestamp.option("since", in: parsed, command: name)
        if let text = parsed.value("version") {
            guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(text),
                number >= 1
            else {
                throw .usage(
                    "Invalid version '\(text)' for '--version <n>': use a whole number from 1",
                    command: name)
            }
            version = number
        }
        json = parsed.flag("json")
        store = StoreOptions(parsed: parsed)
        experiment = parsed.flag("experiment")
        goal = parsed.value("goal")
        try checkExperimentOptions()
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let environment = context.environment
        let path = try store.databasePath(
            environment: environment, command: Self.configuration.name)
        let definition = try Definitions.load(walkthrough, environment: environment)
        if experiment {
            return try runExperiment(definition, path: path, in: context)
        }
        let stats =
            try SeenStores.openIfPresent(path, environment: environment)?.funnel(
                of: definition, version: version, since: since)
            ?? InMemorySeenStore().funnel(of: definition, version: version, since: since)
        if json {
            context.print(stats.jsonObject.rendered())
            return .success
        }
        context.print(Self.summary(of: stats, title: Wording.name(of: definition)))
        let chart =
            TerminalDetection.isTerminal(output: 1, term: environment["TERM"])
            && TerminalDetection.colourEnabled(noColor: environment["NO_COLOR"])
        if chart {
            let width = TerminalDetection.size(of: 1)?.columns ?? 80
            let rows = stats.pages.map { page in
                BarChart.Row(
                    label: "\(page.number) \(page.id ?? "")", value: page.reached,
                    note: "\(page.reached) reached, \(page.dropped) dropped")
            }
            let lines = BarChart.render(
                rows, maximum: max(stats.users, 1), width: width, colour: true)
            // The chart sanitised its labels; its own styles must reach the terminal.
            context.output.write(lines.map { $0 + "\n" }.joined(), to: .standardOutput)
        } else {
            var table = Table(header: ["page", "id", "reached", "dropped"])
            table.rows = stats.pages.map {
                [String($0.number), $0.id ?? "-", String($0.reached), String($0.dropped)]
            }
            for line in table.lines() { context.print(line) }
        }
        return .success
    }

    /// `FoodPin (version 1): 12 users started; 7 completed (58.3%), 2 skipped, 3 in progress;
    /// median time to complete 41.2 s`.
    static func summary(of stats: FunnelStats, title: String) -> String {
        var line =
            "\(title) (version \(stats.version)): \(Wording.counted(stats.users, "user")) started"
        guard stats.users > 0 else { return line + "." }
        let rate = stats.completionRate.map { " (\(tenths($0 * 100))%)" } ?? ""
        line +=
            "; \(stats.completed) completed\(rate), \(stats.skipped) skipped, "
            + "\(stats.inProgress) in progress"
        if let median = stats.medianSecondsToComplete {
            line += "; median time to complete \(duration(median))"
        }
        return line + "."
    }

    /// `58.3`: one decimal.
    static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `41.2 s`, `4 min 5 s`, `2 h 3 min`, `3 d 4 h`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return tenths(seconds) + " s" }
        let whole = Int(seconds.rounded())
        if whole < 3_600 { return "\(whole / 60) min \(whole % 60) s" }
        if whole < 86_400 { return "\(whole / 3_600) h \(whole / 60 % 60) min" }
        return "\(whole / 86_400) d \(whole / 3_600 % 24) h"
    }
}
