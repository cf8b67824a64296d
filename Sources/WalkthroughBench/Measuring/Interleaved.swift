/// Runs our side and the baseline alternately, round after round, so that whatever the machine
/// does meanwhile (another build, a checkpoint, frequency changes) falls on both.
///
/// Each side first runs once untimed (warming caches, preparing statements); then every round
/// runs both and records one value for each. The order swaps every round (A B, B A, A B, …) so
/// that neither side always runs right after the other (whose writes the disk may still be
/// flushing, whose memory the allocator may still be returning).
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
            if round % 2 == 0 {
                result.ours.append(try ours(round))
                result.baseline.append(try baseline(round))
            } else {
                result.baseline.append(try baseline(round))
                result.ours.append(try ours(round))
            }
        }
        return result
    }
}
