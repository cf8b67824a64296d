@preconcurrency import Glibc

/// The monotonic clock, read directly: cheap enough for a hot path (the held reads check a
/// transaction's age on every call) and to bracket batches of operations that take a few
/// microseconds each (the benchmarks).
package enum MonotonicClock {
    /// Nanoseconds since an arbitrary point, from `CLOCK_MONOTONIC`.
    @inlinable
    package static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
