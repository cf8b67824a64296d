/// The median, minimum and maximum of the values one side produced, one value per round.
struct Summary: Sendable, Equatable {
    /// The middle value (the mean of the two middle ones for an even count).
    var median: Double
    /// The smallest value.
    var min: Double
    /// The largest value.
    var max: Double
    /// How many values (rounds) the summary is made of.
    var count: Int

    /// Summarises `values`, which must not be empty.
    init(_ values: [Double]) {
        precondition(!values.isEmpty, "a summary needs at least one value")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
        count = sorted.count
    }
}
