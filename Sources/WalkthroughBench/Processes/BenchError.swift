/// A failure that stops the benchmark run: the message says what and where.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
