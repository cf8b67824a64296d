import FoundationEssentials
import Testing
import WalkthroughKit

@testable import WalkthroughCLI

/// Dates in UTC, computed without a formatter.
struct TimestampTests {
    @Test(
        arguments: [
            (0, "1970-01-01T00:00:00.000Z", "1970-01-01 00:00:00 UTC"),
            (1_796_078_823_123, "2026-11-30T22:47:03.123Z", "2026-11-30 22:47:03 UTC"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z", "2000-02-29 00:00:00 UTC"),
            (951_868_799_999, "2000-02-29T23:59:59.999Z", "2000-02-29 23:59:59 UTC"),
            (4_107_542_400_000, "2100-03-01T00:00:00.000Z", "2100-03-01 00:00:00 UTC"),
            (-1, "1969-12-31T23:59:59.999Z", "1969-12-31 23:59:59 UTC"),
            (-1000, "1969-12-31T23:59:59.000Z", "1969-12-31 23:59:59 UTC"),
            (-62_135_596_800_000, "0001-01-01T00:00:00.000Z", "0001-01-01 00:00:00 UTC"),
            (253_402_300_799_000, "9999-12-31T23:59:59.000Z", "9999-12-31 23:59:59 UTC"),
        ] as [(Int64, String, String)])
    func formatsMilliseconds(milliseconds: Int64, json: String, human: String) {
        let date = Timestamp(millisecondsSince1970: milliseconds)
        #expect(Timestamp.json(date) == json)
        #expect(Timestamp.human(date) == human)
    }

    @Test func everyDayOfFourHundredYearsFollowsTheCalendar() {
        // Walk day by day through a whole Gregorian cycle, checking each date follows the last.
        var (year, month, day): (Int64, Int64, Int64) = (1970, 1, 1)
        for days in Int64(0)..<146_097 {
            let civil = Timestamp.civil(fromDays: days)
            #expect(civil == (year, month, day), "day \(days)")
            if civil != (year, month, day) { return }
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            day += 1
            if day > lengths[Int(month - 1)] {
                day = 1
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
        }
    }
}
