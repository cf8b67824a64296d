/// The unit a measurement is in, and which way is better.
enum Metric: String, Sendable {
    /// Nanoseconds per operation.
    case nanosecondsPerOperation = "ns/op"
    /// Microseconds per operation.
    case microsecondsPerOperation = "us/op"
    /// Nanoseconds per navigator move.
    case nanosecondsPerMove = "ns/move"
    /// Operations per second.
    case operationsPerSecond = "ops/s"
    /// HTTP requests answered per second.
    case requestsPerSecond = "req/s"
    /// Milliseconds.
    case milliseconds = "ms"
    /// Mebibytes of memory (peak resident set).
    case mebibytes = "MiB"

    /// Whether a larger value is better (throughput) rather than a smaller one (time, memory).
    var higherIsBetter: Bool { self == .operationsPerSecond || self == .requestsPerSecond }
}

/// One line of results: our side and the baseline measured the same way in the same run.
struct Measurement: Sendable {
    /// The suite it belongs to.
    var suite: SuiteName
    /// What exactly was measured (`hasSeen, 1M users`, `markSeen, synchronous=FULL`).
    var label: String
    /// The unit.
    var metric: Metric
    /// The size: records in the store, pages, moves, keys.
    var n: Int
    /// Our side's values.
    var ours: Summary?
    /// The baseline's values.
    var baseline: Summary?
    /// Why the measurement could not be made, when it could not.
    var unavailable: String?
    /// A fact that goes with the line (e.g. whether the binary measured is statically linked).
    var note: String?

    /// Ours ÷ baseline, in the metric: below 1 is better for times and memory, above 1 for
    /// throughput.
    var ratio: Double? {
        guard let ours, let baseline, baseline.median != 0 else { return nil }
        return ours.median / baseline.median
    }

    /// A measured line.
    init(
        _ suite: SuiteName, _ label: String, metric: Metric, n: Int, ours: Summary,
        baseline: Summary, note: String? = nil
    ) {
        self.suite = suite
        self.label = label
        self.metric = metric
        self.n = n
        self.ours = ours
        self.baseline = baseline
        self.note = note
    }

    /// A line that could not be measured, and why.
    init(_ suite: SuiteName, _ label: String, metric: Metric, n: Int, unavailable: String) {
        self.suite = suite
        self.label = label
        self.metric = metric
        self.n = n
        self.unavailable = unavailable
    }
}
