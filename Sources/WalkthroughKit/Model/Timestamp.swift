@preconcurrency import Glibc

/// A moment in time, to the millisecond: when a record was written, an event happened, or a
/// walkthrough's show window opens.
///
/// The stores keep times as whole milliseconds since 1970-01-01 00:00:00 UTC, and so does this
/// type, so a time read back from a store is equal to the one written. It is WalkthroughKit's
/// own type rather than Foundation's `Date` so that a tool linking the library does not load
/// Foundation for it. A tool that has a `Date` converts it in one step:
///
/// ```swift
/// let time = Timestamp(timeIntervalSince1970: date.timeIntervalSince1970)
/// let date = Date(timeIntervalSince1970: time.timeIntervalSince1970)
/// ```
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole milliseconds since 1970-01-01 00:00:00 UTC (negative before it).
    public var millisecondsSince1970: Int64

    /// The moment `milliseconds` after 1970-01-01 00:00:00 UTC.
    public init(millisecondsSince1970 milliseconds: Int64) {
        millisecondsSince1970 = milliseconds
    }

    /// The moment `seconds` after 1970-01-01 00:00:00 UTC, rounded to the nearest millisecond;
    /// a value beyond what 64 bits of milliseconds hold (some 292 million years either way) is
    /// clamped to the nearest one that fits, and one that is not a number counts as 1970.
    public init(timeIntervalSince1970 seconds: Double) {
        let milliseconds = (seconds * 1000).rounded()
        if milliseconds.isNaN {
            millisecondsSince1970 = 0
        } else if milliseconds >= 9_223_372_036_854_775_808.0 {
            // 2^63 is exactly representable as a Double; anything at or above it does not fit.
            millisecondsSince1970 = .max
        } else if milliseconds < -9_223_372_036_854_775_808.0 {
            millisecondsSince1970 = .min
        } else {
            millisecondsSince1970 = Int64(milliseconds)
        }
    }

    /// Seconds since 1970-01-01 00:00:00 UTC, as Foundation's `Date` counts them.
    public var timeIntervalSince1970: Double {
        Double(millisecondsSince1970) / 1000
    }

    /// The system's wall-clock time now (`CLOCK_REALTIME`), to the millisecond.
    public static var now: Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(
            millisecondsSince1970: Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000)
    }

    /// The time as `status --json` writes it: `2026-11-29T22:47:03.123Z`.
    public var description: String { Timestamp.json(self) }

    /// The moment `duration` after `time`, to the millisecond (rounded towards earlier), clamped
    /// to what the type holds.
    public static func + (time: Timestamp, duration: Duration) -> Timestamp {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let fraction = attoseconds / 1_000_000_000_000_000
        let floor = attoseconds < 0 && attoseconds % 1_000_000_000_000_000 != 0 ? -1 : 0
        let (sum, overflowed) = time.millisecondsSince1970.addingReportingOverflow(
            whole &+ fraction &+ Int64(floor))
        guard !overflow, !overflowed else {
            return Timestamp(millisecondsSince1970: seconds < 0 ? .min : .max)
        }
        return Timestamp(millisecondsSince1970: sum)
    }

    /// The moment `duration` before `time`; see ``+(_:_:)``.
    public static func - (time: Timestamp, duration: Duration) -> Timestamp {
        time + (.zero - duration)
    }

    /// Whether `left` is earlier than `right`.
    public static func < (left: Timestamp, right: Timestamp) -> Bool {
        left.millisecondsSince1970 < right.millisecondsSince1970
    }
}
