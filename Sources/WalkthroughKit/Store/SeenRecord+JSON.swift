extension SeenRecord {
    /// The record as JSON, as `status --json`, `export` and `walkthrough serve` write it:
    /// `{"user","walkthrough","version","outcome","lastPage","updatedAt"}`, `lastPage` counting
    /// from 1 and `updatedAt` in UTC with milliseconds.
    package var jsonObject: JSONText {
        .object([
            ("user", .string(user)),
            ("walkthrough", .string(walkthrough)),
            ("version", .integer(version)),
            ("outcome", .string(outcome.rawValue)),
            ("lastPage", .integer(lastPage + 1)),
            ("updatedAt", .string(Timestamp.json(updatedAt))),
        ])
    }
}
