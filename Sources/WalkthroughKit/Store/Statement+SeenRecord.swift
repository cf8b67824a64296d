extension Statement {
    /// Binds `record`'s seven columns as parameters 1 to 7, in the order the stores' record
    /// statements take them: user, walkthrough, version, outcome, last page, updated at,
    /// snoozed until (`NULL` when not snoozed).
    func bind(_ record: SeenRecord) throws(SQLiteError) {
        try bind(record.user, at: 1)
        try bind(record.walkthrough, at: 2)
        try bind(record.version, at: 3)
        try bind(record.outcome.rawValue, at: 4)
        try bind(record.lastPage, at: 5)
        try bind(record.updatedAt.millisecondsSince1970, at: 6)
        if let until = record.snoozedUntil {
            try bind(until.millisecondsSince1970, at: 7)
        } else {
            try bindNull(at: 7)
        }
    }
}
