/// The policy's `quietHours`: a window of local time, `"18:00-09:00"`, in which no walkthrough
/// is shown automatically.
///
/// The start is inside the window and the end is not; a window whose start is later than its
/// end runs over midnight (`18:00-09:00` is quiet from 18:00 to 08:59 the next morning).
package struct QuietHours: Sendable, Hashable, CustomStringConvertible {
    /// The first quiet minute, in minutes after midnight.
    package var start: Int
    /// The first minute that is no longer quiet, in minutes after midnight.
    package var end: Int

    /// The window `text` names (`HH:MM-HH:MM`, 24-hour clock, two digits each), or `nil`; a
    /// window that starts where it ends is none.
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Self.minute(parts[0]), let end = Self.minute(parts[1]),
            start != end
        else { return nil }
        self.start = start
        self.end = end
    }

    /// Whether the local time of day `minute` (minutes after midnight) is quiet.
    package func contains(minuteOfDay minute: Int) -> Bool {
        start < end ? (start <= minute && minute < end) : (minute >= start || minute < end)
    }

    /// The window as written: `18:00-09:00`.
    package var description: String { Self.clock(start) + "-" + Self.clock(end) }

    // MARK: - Private

    /// `HH:MM` as minutes after midnight.
    private static func minute(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            bytes.indices.allSatisfy({ $0 == 2 || (0x30...0x39).contains(bytes[$0]) })
        else { return nil }
        let digit = { (index: Int) in Int(bytes[index] - 0x30) }
        let hour = digit(0) * 10 + digit(1)
        let minute = digit(3) * 10 + digit(4)
        guard hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }

    /// Minutes after midnight as `HH:MM`.
    private static func clock(_ minutes: Int) -> String {
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }
}
