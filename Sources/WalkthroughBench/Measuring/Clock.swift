@preconcurrency import Glibc
import WalkthroughKit

/// The monotonic clock, read directly: cheap enough to bracket batches of operations that take
/// a few microseconds each.
enum Clock {
    /// Nanoseconds since an arbitrary point, from `CLOCK_MONOTONIC`.
    @inline(__always)
    static func now() -> UInt64 { MonotonicClock.nanoseconds() }

    /// The nanoseconds `body` took.
    @inline(__always)
    static func measure(_ body: () throws -> Void) rethrows -> UInt64 {
        let start = now()
        try body()
        return now() &- start
    }

    /// Milliseconds since 1970 (`CLOCK_REALTIME`), the way the store stamps `updated_at`.
    @inline(__always)
    static func millisecondsSince1970() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
