@preconcurrency import Glibc

/// The time zone that local times of day are read in: the policy's `quietHours` and the day
/// `maxPerDay` counts.
///
/// ``system`` is the process's zone (`TZ`, else `/etc/localtime`), through `localtime_r` and
/// `mktime`, so daylight saving time moves midnight and the quiet hours as the wall clock does;
/// tests use ``fixed(secondsEastOfUTC:)``.
package enum LocalTimeZone: Sendable, Hashable {
    /// The process's time zone.
    case system
    /// A constant offset from UTC, in seconds east of it (`3600` for UTC+1).
    case fixed(secondsEastOfUTC: Int)

    /// The local time of day at `time`, in minutes after midnight (0 to 1439).
    package func minuteOfDay(at time: Timestamp) -> Int {
        let fields = localFields(at: time)
        return Int(fields.tm_hour) * 60 + Int(fields.tm_min)
    }

    /// The first instant at or after `time` when the local clock reads `minute` minutes after
    /// midnight (`0`: the next midnight, `time` itself when it is exactly midnight).
    package func next(minuteOfDay minute: Int, atOrAfter time: Timestamp) -> Timestamp {
        let today = instant(onDayOf: time, addingDays: 0, minute: minute)
        if today >= time { return today }
        return instant(onDayOf: time, addingDays: 1, minute: minute)
    }

    /// The local midnight that starts the day `time` is in.
    package func startOfDay(containing time: Timestamp) -> Timestamp {
        instant(onDayOf: time, addingDays: 0, minute: 0)
    }

    /// The local midnight that ends the day `time` is in: the start of the next day.
    package func endOfDay(containing time: Timestamp) -> Timestamp {
        instant(onDayOf: time, addingDays: 1, minute: 0)
    }

    // MARK: - Private

    /// The instant at `minute` after local midnight on the day `days` after the one `time` is
    /// in (a minute that daylight saving time skips is read as `mktime` reads it: later).
    private func instant(onDayOf time: Timestamp, addingDays days: Int, minute: Int) -> Timestamp {
        switch self {
        case .fixed(let offset):
            let milliseconds = time.millisecondsSince1970 + Int64(offset) * 1000
            let day = milliseconds.floorDivided(by: 86_400_000) + Int64(days)
            return Timestamp(
                millisecondsSince1970: day * 86_400_000 + Int64(minute) * 60_000
                    - Int64(offset) * 1000)
        case .system:
            var fields = localFields(at: time)
            fields.tm_mday += Int32(days)
            fields.tm_hour = Int32(minute / 60)
            fields.tm_min = Int32(minute % 60)
            fields.tm_sec = 0
            fields.tm_isdst = -1
            let seconds = mktime(&fields)
            return Timestamp(millisecondsSince1970: Int64(seconds) * 1000)
        }
    }

    /// The broken-down local time at `time` (whole seconds).
    private func localFields(at time: Timestamp) -> tm {
        var fields = tm()
        switch self {
        case .fixed(let offset):
            var seconds = time_t(
                time.millisecondsSince1970.floorDivided(by: 1000) + Int64(offset))
            gmtime_r(&seconds, &fields)
        case .system:
            var seconds = time_t(time.millisecondsSince1970.floorDivided(by: 1000))
            localtime_r(&seconds, &fields)
        }
        return fields
    }
}

extension Int64 {
    /// The quotient rounded towards negative infinity (times before 1970 included).
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
