import WalkthroughKit

/// `navigator`: a million random moves (seeded: `next`, `previous`, `jump(to:)` anywhere from
/// -1 to `count`, some refused) on `Navigator`, against a bare `Int` index doing the same bounds
/// checks (``IndexBaseline``), the least any navigator can do.
///
/// A move that finishes the walkthrough (`next` on the last page) starts a fresh one, on both
/// sides. Both sides must end with the same checksum of the pages they were on, and the same
/// number of refused moves, or the run fails.
enum NavigatorSuite {
    /// One random move.
    enum Move {
        case next
        case previous
        case jump(Int)
    }

    /// The trivial baseline: an index and a count, the bounds checks and nothing else (no
    /// visited set, no furthest page, no typed errors, no transition values).
    struct IndexBaseline {
        var index = 0
        let count: Int

        /// `false` when the move is refused; `next` on the last page finishes and restarts.
        @inline(__always)
        mutating func apply(_ move: Move) -> Bool {
            switch move {
            case .next:
                if index == count - 1 {
                    index = 0
                    return true
                }
                index += 1
                return true
            case .previous:
                guard index > 0 else { return false }
                index -= 1
                return true
            case .jump(let target):
                guard target >= 0, target < count else { return false }
                index = target
                return true
            }
        }
    }

    static let pages = 10

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let moveCount = context.quick ? 100_000 : 1_000_000
        let rounds = context.quick ? 3 : 7
        var random = SplitMix64(seed: 0x4A71_6A70)
        let moves: [Move] = (0..<moveCount).map { _ in
            switch random.next(below: 10) {
            case 0..<4: return .next
            case 4..<7: return .previous
            default: return .jump(random.next(below: pages + 2) - 1)
            }
        }
        var oursCheck = (sum: 0, refused: 0)
        var baselineCheck = (sum: 0, refused: 0)
        let result = Interleaved.run(rounds: rounds) { _ in
            var sum = 0
            var refused = 0
            let elapsed = Clock.measure {
                var navigator = Navigator(count: pages, navigation: .free, skippable: true)
                for move in moves {
                    do {
                        switch move {
                        case .next:
                            if case .finished = try navigator.next() {
                                navigator = Navigator(
                                    count: pages, navigation: .free, skippable: true)
                            }
                        case .previous:
                            try navigator.previous()
                        case .jump(let target):
                            try navigator.jump(to: target)
                        }
                    } catch {
                        refused += 1
                    }
                    sum &+= navigator.index
                }
            }
            oursCheck = (sum, refused)
            return Double(elapsed) / Double(moveCount)
        } baseline: { _ in
            var sum = 0
            var refused = 0
            let elapsed = Clock.measure {
                var baseline = IndexBaseline(count: pages)
                for move in moves {
                    if !baseline.apply(move) { refused += 1 }
                    sum &+= baseline.index
                }
            }
            baselineCheck = (sum, refused)
            return Double(elapsed) / Double(moveCount)
        }
        guard oursCheck == baselineCheck else {
            throw BenchError(
                "the navigator and the baseline disagree: \(oursCheck) vs \(baselineCheck)")
        }
        return [
            Measurement(
                .navigator,
                "random moves, \(pages) pages, \(oursCheck.refused * 100 / moveCount)% refused",
                metric: .nanosecondsPerMove, n: moveCount, ours: Summary(result.ours),
                baseline: Summary(result.baseline))
        ]
    }
}
