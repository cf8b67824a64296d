extension SeenRecord {
    /// The record as JSON, as `status --json`, `export` and `walkthrough serve` write it:
    /// `{"user","walkthrough","version","outcome","lastPage","updatedAt"}`, `lastPage` counting
    /// from 1 and `updatedAt` in UTC with milliseconds; a `snoozed` record adds
    /// `snoozedUntil`, as `updatedAt`.
    package var jsonObject: JSONText {
        var members: [(String, JSONText)] = [
            ("user", .string(user)),
            ("walkthrough", .string(walkthrough)),
            ("version", .integer(version)),
            ("outcome", .string(outcome.rawValue)),
            ("lastPage", .integer(lastPage + 1)),
            ("updatedAt", .string(Timestamp.json(updatedAt))),
        ]
        if let snoozedUntil {
            members.append(("snoozedUntil", .string(Timestamp.json(snoozedUntil))))
        }
        return .object(members)
    }
}
