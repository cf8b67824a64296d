/// RFC 3339 dates, read by hand (no formatter, no time-zone database): the `DATE` arguments of
/// the command line, the stores' JSON timestamps, and a definition's `when.from` / `when.until`.
package enum RFC3339 {
    /// The date that ``json(_:)`` writes as `text`: `2026-11-29T22:47:03.123Z`, with 0 to 3
    /// fraction digits, in UTC (`Z`); `nil` for anything else, an impossible date included.
    package static func parseJSON(_ text: String) -> Timestamp? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        func byte(_ index: Int, is character: Character) -> Bool {
            index < bytes.count && bytes[index] == character.asciiValue
        }
        guard bytes.count >= 20, byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T"),
            byte(13, is: ":"), byte(16, is: ":"), bytes.last == UInt8(ascii: "Z"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19)
        else { return nil }
        var milliseconds: Int64 = 0
        if bytes.count > 20 {
            let digits = bytes.count - 21
            guard byte(19, is: "."), (1...3).contains(digits),
                let fraction = number(20..<(20 + digits))
            else { return nil }
            milliseconds = fraction * [100, 10, 1][digits - 1]
        }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let total = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Timestamp(millisecondsSince1970: total * 1000 + milliseconds)
    }

    /// The date a `DATE` argument (`--since`, `--before`) names: `YYYY-MM-DD` (midnight UTC)
    /// or an RFC 3339 date-time (`2026-12-01T07:26:01Z`, `2026-12-01T09:26:01.123+02:00`; `T`
    /// or a space, any number of fraction digits, kept to the millisecond; a leap second
    /// `23:59:60Z` as RFC 3339 allows it, read as the instant after second 59); `nil` for
    /// anything else, an impossible date (`2026-13-45`) included.
    package static func parseDate(_ text: String, offsetRequired: Bool = true) -> Timestamp? {
        let bytes = Array(text.utf8)
        if bytes.count == 10 { return parseJSON(text + "T00:00:00Z") }
        guard bytes.count >= (offsetRequired ? 20 : 19),
            [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")]
                .contains(bytes[10])
        else { return nil }
        // The offset: `Z`, or `+HH:MM` / `-HH:MM` at the end (or, where it is optional, none:
        // UTC).
        var end = bytes.count
        var offsetMinutes: Int64 = 0
        if !offsetRequired, bytes.count >= 19, Self.hasNoOffset(bytes) {
            // Nothing to strip.
        } else if bytes[end - 1] == UInt8(ascii: "Z") || bytes[end - 1] == UInt8(ascii: "z") {
            end -= 1
        } else {
            guard bytes.count >= 25,
                [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[end - 6]),
                bytes[end - 3] == UInt8(ascii: ":"),
                let hours = Int64(String(decoding: bytes[(end - 5)..<(end - 3)], as: UTF8.self)),
                let minutes = Int64(String(decoding: bytes[(end - 2)..<end], as: UTF8.self)),
                bytes[(end - 5)..<end].allSatisfy({
                    $0 == UInt8(ascii: ":") || (0x30...0x39).contains($0)
                }),
                hours < 24, minutes < 60
            else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (bytes[end - 6] == UInt8(ascii: "-") ? -1 : 1)
            end -= 6
        }
        // Seconds, then at most three fraction digits of any number given.
        var core =
            String(decoding: bytes[0..<10], as: UTF8.self) + "T"
            + String(decoding: bytes[11..<min(19, end)], as: UTF8.self)
        if end > 19 {
            let fraction = bytes[20..<end]
            guard bytes[19] == UInt8(ascii: "."), !fraction.isEmpty,
                fraction.allSatisfy({ (0x30...0x39).contains($0) })
            else { return nil }
            core += "." + String(decoding: fraction.prefix(3), as: UTF8.self)
        } else if end != 19 {
            return nil
        }
        // A leap second (`23:59:60Z`), which RFC 3339 allows: the instant after second 59.
        var leapSecond: Int64 = 0
        if bytes[17] == UInt8(ascii: "6"), bytes[18] == UInt8(ascii: "0") {
            core =
                String(decoding: bytes[0..<10], as: UTF8.self) + "T"
                + String(decoding: bytes[11..<17], as: UTF8.self) + "59" + core.dropFirst(19)
            leapSecond = 1000
        }
        guard let local = parseJSON(core + "Z") else { return nil }
        return Timestamp(
            millisecondsSince1970: local.millisecondsSince1970 + leapSecond - offsetMinutes
                * 60_000)
    }

    /// The number of days in `month` of `year` (proleptic Gregorian).
    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
    /// `days_from_civil`), the inverse of ``civil(fromDays:)``.
    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether a date-time (at least 19 bytes) ends with its seconds or their fraction, with no
    /// `Z` or `±HH:MM` after them.
    private static func hasNoOffset(_ bytes: [UInt8]) -> Bool {
        guard let last = bytes.last, (0x30...0x39).contains(last) else { return false }
        return !bytes[19...].contains { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
    }
}
