import FoundationEssentials

extension Date {
    /// The date `milliseconds` after 1970-01-01 00:00:00 UTC.
    init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Whole milliseconds since 1970-01-01 00:00:00 UTC, as the stores keep `updatedAt`
    /// (rounded to the nearest, so that a stored value read back converts to itself).
    var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    /// This date at the stores' precision: whole milliseconds.
    var roundedToMilliseconds: Date {
        Date(millisecondsSince1970: millisecondsSince1970)
    }
}
