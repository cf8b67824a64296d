package import FoundationEssentials

extension Date {
    /// The date `milliseconds` after 1970-01-01 00:00:00 UTC.
    package init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Whole milliseconds since 1970-01-01 00:00:00 UTC, as the stores keep `updatedAt`
    /// (rounded to the nearest, so that a stored value read back converts to itself).
    ///
    /// Dates beyond what 64 bits of milliseconds hold (some 292 million years either way) are
    /// clamped to the nearest one that fits; an undefined date counts as 1970.
    package var millisecondsSince1970: Int64 {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return 0 }
        // 2^63 is exactly representable as a Double; anything at or above it does not fit.
        if milliseconds >= 9_223_372_036_854_775_808.0 { return .max }
        if milliseconds < -9_223_372_036_854_775_808.0 { return .min }
        return Int64(milliseconds)
    }

    /// This date at the stores' precision: whole milliseconds.
    package var roundedToMilliseconds: Date {
        Date(millisecondsSince1970: millisecondsSince1970)
    }
}
