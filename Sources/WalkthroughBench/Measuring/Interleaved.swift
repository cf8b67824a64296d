/// Runs our side and the baseline alternately, round after round (A B A B …), so that whatever
/// the machine does meanwhile (another build, a checkpoint, frequency changes) falls on both.
///
/// Each side first runs once untimed (warming caches, preparing statements); then every round
/// runs ours, then the baseline, and records one value for each.
enum Interleaved {
    /// The per-round values of both sides.
    struct Result {
        /// One value per round for our side.
        var ours: [Double] = []
        /// One value per round for the baseline.
        var baseline: [Double] = []
    }

    /// Runs `rounds` rounds; each closure returns the value it measured for its round.
    ///
    /// - Parameter warmUp: Whether to run each side once, unrecorded, before the first round.
    static func run(
        rounds: Int, warmUp: Bool = true, ours: (_ round: Int) throws -> Double,
        baseline: (_ round: Int) throws -> Double
    ) rethrows -> Result {
        if warmUp {
            _ = try ours(-1)
            _ = try baseline(-1)
        }
        var result = Result()
        result.ours.reserveCapacity(rounds)
        result.baseline.reserveCapacity(rounds)
        for round in 0..<rounds {
            result.ours.append(try ours(round))
            result.baseline.append(try baseline(round))
        }
        return result
    }
}
