import WalkthroughKit
import WalkthroughTerminal

extension StatsCommand {
    /// `--goal` and `--experiment` go together; `--since` and `--version` count the funnel,
    /// not the experiment (which counts every version, from each user's exposure).
    func checkExperimentOptions() throws(CommandLineError) {
        let name = Self.configuration.name
        if goal != nil, !experiment {
            throw .usage("'--goal <name>' needs '--experiment'", command: name)
        }
        if experiment, since != nil || version != nil {
            throw .usage(
                "'--experiment' counts from each user's exposure, at every version: leave out "
                    + "'--since' and '--version'", command: name)
        }
        if let goal, !DefinitionFormat.isValidID(goal) {
            throw .usage(
                "Invalid goal name \(CharacterSafety.quoted(goal)) for '--goal <name>': use 1 to "
                    + "64 letters, digits, '.', '_' or '-', starting with a letter or digit",
                command: name)
        }
    }

    /// `stats --experiment`: the experiment's result, as JSON, bars or a table, with the plain
    /// words of what it says.
    func runExperiment(
        _ definition: Walkthrough, path: String, in context: CommandContext
    ) throws -> ExitCode {
        let environment = context.environment
        let experiment = try VariantCommand.experiment(of: definition)
        let goal = goal ?? experiment.goals.first
        let counts =
            try SeenStores.openIfPresent(path, environment: environment)
            .flatMap(SeenStoreCapabilities.experiments)?
            .experimentCounts(walkthrough: definition.id, experiment: experiment.id, goal: goal)
            ?? []
        let result = ExperimentResult(
            experiment: experiment, walkthrough: definition.id, goal: goal, counts: counts)
        if json {
            context.print(Self.jsonObject(for: result).rendered())
            return .success
        }
        let exposed = result.groups.reduce(0) { $0 + $1.exposed }
        context.print(
            "\(Wording.name(of: definition)), experiment \(experiment.id) ("
                + (goal.map { "goal \($0)" } ?? "no goal: converted means completed") + "): "
                + "\(Wording.counted(exposed, "user")) exposed.")
        let chart =
            TerminalDetection.isTerminal(output: 1, term: environment["TERM"])
            && TerminalDetection.colourEnabled(noColor: environment["NO_COLOR"])
        if chart {
            let width = TerminalDetection.size(of: 1)?.columns ?? 80
            let rows = result.groups.map { group in
                BarChart.Row(
                    label: group.variant,
                    value: Int(((group.conversionRate ?? 0) * 1000).rounded()),
                    note: "\(Self.percent(group.conversionRate)) converted "
                        + "(\(group.converted)/\(group.exposed))")
            }
            let lines = BarChart.render(rows, maximum: 1000, width: width, colour: true)
            context.output.write(lines.map { $0 + "\n" }.joined(), to: .standardOutput)
        } else {
            var table = Table(header: [
                "variant", "exposed", "completed", "converted", "rate", "difference", "95% CI", "p",
            ])
            table.rows = result.groups.map { group in
                [
                    group.variant, String(group.exposed), String(group.completed),
                    String(group.converted), Self.percent(group.conversionRate),
                    group.difference.map(Self.points) ?? "-",
                    group.ciLow.flatMap { low in
                        group.ciHigh.map { "\(Self.points(low)) to \(Self.points($0))" }
                    } ?? "-",
                    group.pValue.map(Self.pValue) ?? "-",
                ]
            }
            for line in table.lines() { context.print(line) }
        }
        for line in Self.verdicts(result) { context.print(line) }
        return .success
    }

    /// The `--json` object: exactly `walkthrough`, `experiment`, `goal`, `srmPValue` and
    /// `variants`, the control's comparison fields `null`.
    static func jsonObject(for result: ExperimentResult) -> JSONText {
        func number(_ value: Double?) -> JSONText { value.map(JSONText.number) ?? .null }
        return .object([
            ("walkthrough", .string(result.walkthrough)),
            ("experiment", .string(result.experiment)),
            ("goal", result.goal.map(JSONText.string) ?? .null),
            ("srmPValue", number(result.srmPValue)),
            (
                "variants",
                .array(
                    result.groups.map { group in
                        .object([
                            ("variant", .string(group.variant)),
                            ("exposed", .integer(group.exposed)),
                            ("completed", .integer(group.completed)),
                            ("converted", .integer(group.converted)),
                            ("completionRate", number(group.completionRate)),
                            ("conversionRate", number(group.conversionRate)),
                            ("difference", number(group.difference)),
                            ("ciLow", number(group.ciLow)),
                            ("ciHigh", number(group.ciHigh)),
                            ("pValue", number(group.pValue)),
                        ])
                    })
            ),
        ])
    }

    /// What the figures say, in plain words: one line per variant against the control, then
    /// the sample-ratio check.
    static func verdicts(_ result: ExperimentResult) -> [String] {
        guard let control = result.groups.first else { return [] }
        var lines: [String] = []
        for group in result.groups.dropFirst() {
            let name = "\(group.variant) vs \(control.variant)"
            guard result.hasEnoughData(group), let difference = group.difference,
                let low = group.ciLow, let high = group.ciHigh, let p = group.pValue
            else {
                let minimum = ExperimentResult.minimumOutcomes
                lines.append(
                    "\(name): too few users to tell yet (each group needs at least \(minimum) "
                        + "users who converted and \(minimum) who did not).")
                continue
            }
            let figures =
                "\(points(difference)), 95% CI \(points(low)) to \(points(high)), \(pValue(p))"
            if low > 0 || high < 0 {
                let better = difference > 0 ? group.variant : control.variant
                lines.append("\(name): \(better) converts better (\(figures)).")
            } else {
                lines.append(
                    "\(name): no clear difference yet (\(figures)); the interval includes 0.")
            }
        }
        if let srm = result.srmPValue {
            lines.append(
                result.hasSampleRatioMismatch
                    ? "Warning: sample ratio mismatch (\(pValue(srm))): the groups' sizes do not "
                        + "match the holdout and the weights; check how users are assigned and "
                        + "recorded before trusting this result."
                    : "Sample ratio check: \(pValue(srm)); the groups' sizes match the holdout "
                        + "and the weights.")
        }
        return lines
    }

    /// `12.3%`, or `-` for none.
    private static func percent(_ rate: Double?) -> String {
        rate.map { tenths($0 * 100) + "%" } ?? "-"
    }

    /// A difference of rates in percentage points, signed: `+4.2 pt`, `-0.5 pt`.
    private static func points(_ difference: Double) -> String {
        let value = difference * 100
        let tenth = abs(value) < 0.05 ? 0 : value
        return (tenth < 0 ? "-" : "+") + tenths(abs(tenth)) + " pt"
    }

    /// `p = 0.042`, or `p < 0.001`.
    private static func pValue(_ p: Double) -> String {
        if p < 0.001 { return "p < 0.001" }
        let thousandths = Int((p * 1000).rounded())
        let digits = String(thousandths % 1000)
        let padded = String(repeating: "0", count: 3 - digits.count) + digits
        return thousandths >= 1000 ? "p = 1.000" : "p = 0.\(padded)"
    }
}
