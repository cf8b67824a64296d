/// A small seeded random number generator (SplitMix64), shared by the package's benchmarks,
/// property tests and fuzzers: every run makes the same choices, so both sides of a comparison do
/// the same work, and a failing property names its seed and replays it. Not for anything secret.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose every output follows from `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0 ..< bound` (`bound` > 0).
    package mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
