package import WalkthroughKit

extension PostgresSeenStore {
    static let showSummaryQuery = ShowSummarySQL.query(
        table: "walkthrough_events", userColumn: "user_name", forcedFalse: "false",
        placeholder: "$")

    /// The three indexed lookups in one statement; a version-1 schema has no events.
    package func showSummary(
        user: String, walkthrough: String, version: Int
    ) throws(SeenStoreError) -> ShowSummary {
        guard hasEvents else { return ShowSummary() }
        return try withConnection { connection throws(PostgresFailure) in
            let result = try connection.execute(
                Self.showSummaryQuery, [user, walkthrough, String(version)])
            guard result.rowCount > 0 else { return ShowSummary() }
            return ShowSummary(
                shows: Int(result.int64(0, 0) ?? 0),
                lastShow: result.int64(0, 1).map(Timestamp.init(millisecondsSince1970:)),
                finishedVersion: result.int64(0, 2).map { Int($0) })
        }
    }

    static let automaticShowsQuery = ShowSummarySQL.automaticShowsQuery(
        table: "walkthrough_events", userColumn: "user_name", forcedFalse: "false",
        placeholder: "$")

    /// One count on the by-user index; a version-1 schema has no events.
    package func automaticShows(user: String, since: Timestamp) throws(SeenStoreError) -> Int {
        guard hasEvents else { return 0 }
        return try withConnection { connection throws(PostgresFailure) in
            let result = try connection.execute(
                Self.automaticShowsQuery, [user, String(since.millisecondsSince1970)])
            guard result.rowCount > 0 else { return 0 }
            return Int(result.int64(0, 0) ?? 0)
        }
    }
}
