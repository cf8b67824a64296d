extension Duration {
    /// The duration in whole milliseconds, the fraction's rest dropped: what a `poll(2)`
    /// timeout, a stored stamp or a message counts in.
    package var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
