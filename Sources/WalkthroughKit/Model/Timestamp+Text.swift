/// Dates as the command prints them, always in UTC, computed by hand (no formatter, no time-zone
/// database: the command must start fast, and UTC needs neither).
///
/// - ``json(_:)``: ISO 8601 with milliseconds, `2026-11-29T22:47:03.123Z`, for `status --json`.
///   The store keeps `updatedAt` to the millisecond, so this form loses nothing, and it always
///   has three fraction digits so every value has the same length.
/// - ``human(_:)``: `2026-11-29 22:47:03 UTC`, for tables and sentences.
extension Timestamp {
    /// `2026-11-29T22:47:03.123Z`.
    package static func json(_ date: Timestamp) -> String {
        let parts = Parts(date)
        guard (0...9999).contains(parts.year) else {
            return "\(parts.date)T\(parts.time).\(pad(parts.milliseconds, 3))Z"
        }
        // Years 0 to 9999, nearly every date: the 24 bytes written in place (a log line and
        // many answers carry one).
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var index = 0
            func digits(_ value: Int64, _ width: Int) {
                var value = value
                for offset in (0..<width).reversed() {
                    buffer[index + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                index += width
            }
            func character(_ scalar: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: scalar)
                index += 1
            }
            digits(parts.year, 4)
            character("-")
            digits(parts.month, 2)
            character("-")
            digits(parts.day, 2)
            character("T")
            digits(parts.seconds / 3600, 2)
            character(":")
            digits(parts.seconds / 60 % 60, 2)
            character(":")
            digits(parts.seconds % 60, 2)
            character(".")
            digits(parts.milliseconds, 3)
            character("Z")
            return index
        }
    }

    /// `2026-11-29 22:47:03 UTC`.
    package static func human(_ date: Timestamp) -> String {
        let parts = Parts(date)
        return "\(parts.date) \(parts.time) UTC"
    }

    /// A date split into its UTC calendar fields.
    private struct Parts {
        var year: Int64
        var month: Int64
        var day: Int64
        var seconds: Int64
        var milliseconds: Int64

        init(_ date: Timestamp) {
            let total = date.millisecondsSince1970
            let (days, millisecondsOfDay) = Timestamp.floorDivide(total, 86_400_000)
            (year, month, day) = Timestamp.civil(fromDays: days)
            seconds = millisecondsOfDay / 1000
            milliseconds = millisecondsOfDay % 1000
        }

        /// `2026-11-29`.
        var date: String {
            let yearText = year >= 0 ? pad(year, 4) : "-" + pad(-year, 4)
            return "\(yearText)-\(pad(month, 2))-\(pad(day, 2))"
        }

        /// `22:47:03`.
        var time: String {
            "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
        }
    }

    /// Quotient and remainder rounded towards minus infinity, so dates before 1970 work too.
    package static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    package static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}

/// `value` in decimal, zero-padded to `width` digits.
private func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
        ? digits : String(repeating: "0", count: width - digits.count) + digits
}
