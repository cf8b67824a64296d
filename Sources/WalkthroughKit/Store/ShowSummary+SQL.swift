import CSQLite

/// The one query each store runs for `EventRecordingStore.showSummary(user:walkthrough:version:)`:
/// three indexed lookups (the funnel index for the shows, the by-user index for the rest)
/// rather than a walk through the user's events.
package enum ShowSummarySQL {
    /// Parameter 1 user, 2 walkthrough, 3 version (`placeholder` `?` or `$`), on a table `table` whose user column is
    /// `userColumn`; columns: shows, last show (milliseconds or `NULL`), finished version
    /// (or `NULL`).
    package static func query(
        table: String, userColumn: String, forcedFalse: String, placeholder: String
    ) -> String {
        let (user, walkthrough, version) = (placeholder + "1", placeholder + "2", placeholder + "3")
        return """
            SELECT
                (SELECT count(*) FROM \(table)
                    WHERE walkthrough = \(walkthrough) AND version = \(version) AND \(userColumn) = \(user)
                        AND event = 'started' AND forced = \(forcedFalse)),
                (SELECT max(time) FROM \(table)
                    WHERE \(userColumn) = \(user) AND event = 'started' AND forced = \(forcedFalse)),
                (SELECT max(version) FROM \(table)
                    WHERE \(userColumn) = \(user) AND walkthrough = \(walkthrough) AND event = 'finished'
                        AND version < \(version))
            """
    }
}

extension ShowSummarySQL {
    /// The count of `EventRecordingStore.automaticShows(user:since:)`: parameter 1 user, 2 the
    /// earliest time (milliseconds), read through the by-user index.
    package static func automaticShowsQuery(
        table: String, userColumn: String, forcedFalse: String, placeholder: String
    ) -> String {
        """
        SELECT count(*) FROM \(table)
            WHERE \(userColumn) = \(placeholder)1 AND event = 'started' AND forced = \(forcedFalse)
                AND time >= \(placeholder)2
        """
    }
}

extension SQLiteSeenStore {
    static let automaticShowsQuery = ShowSummarySQL.automaticShowsQuery(
        table: "events", userColumn: "user", forcedFalse: "0", placeholder: "?")

    /// One count on the by-user index; a version-1 store (read-only) has no events.
    package func automaticShows(user: String, since: Timestamp) throws(SeenStoreError) -> Int {
        guard hasEvents else { return 0 }
        return try withConnection { connection throws(SQLiteError) in
            try connection.withStatement(Self.automaticShowsQuery) {
                statement throws(SQLiteError) in
                try statement.bind(user, at: 1)
                try statement.bind(since.millisecondsSince1970, at: 2)
                guard try statement.step() else { return 0 }
                return statement.int(at: 0)
            }
        }
    }

    static let showSummaryQuery = ShowSummarySQL.query(
        table: "events", userColumn: "user", forcedFalse: "0", placeholder: "?")

    /// The three indexed lookups in one statement; a version-1 store (read-only) has no events.
    package func showSummary(
        user: String, walkthrough: String, version: Int
    ) throws(SeenStoreError) -> ShowSummary {
        guard hasEvents else { return ShowSummary() }
        return try withConnection { connection throws(SQLiteError) in
            try connection.withStatement(Self.showSummaryQuery) { statement throws(SQLiteError) in
                try statement.bind(user, at: 1)
                try statement.bind(walkthrough, at: 2)
                try statement.bind(version, at: 3)
                guard try statement.step() else { return ShowSummary() }
                return ShowSummary(
                    shows: statement.int(at: 0),
                    lastShow: statement.storageClass(at: 1) == SQLITE_NULL
                        ? nil : Timestamp(millisecondsSince1970: statement.int64(at: 1)),
                    finishedVersion: statement.storageClass(at: 2) == SQLITE_NULL
                        ? nil : statement.int(at: 2))
            }
        }
    }
}
