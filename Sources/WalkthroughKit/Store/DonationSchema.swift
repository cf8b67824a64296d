/// The donations, on both backends: what a host told the engine the user did (`walkthrough
/// donate NAME`, `FirstRunGate.donate(_:)`, `POST /v1/users/{user}/events/{name}`), one row a
/// donation with its time, for the rules of `when.events`.
///
/// Only the newest ``keptPerName`` of each user and name are kept: every write removes what
/// falls past them. One index, (user, name, time), answers both the count of a name in a
/// window (``countQuery(names:dialect:)``, a range of it per name) and the pruning.
package enum DonationSchema {
    /// How many donations of one user and name are kept: the newest.
    package static let keptPerName = 1_000

    /// The SQLite table and its index (schema version 6).
    static let sqliteStatements = [
        """
        CREATE TABLE donations (
            id   INTEGER PRIMARY KEY,
            time INTEGER NOT NULL,
            user TEXT    NOT NULL,
            name TEXT    NOT NULL
        )
        """,
        "CREATE INDEX donations_by_user ON donations (user, name, time)",
    ]

    /// The table of `dialect`: `donations` or `walkthrough_donations`.
    package static func table(_ dialect: SQLDialect) -> String {
        dialect.parameterPrefix == "$" ? "walkthrough_donations" : "donations"
    }

    /// Appends one donation: parameter 1 the time, 2 the user, 3 the name.
    package static func insert(_ dialect: SQLDialect) -> String {
        let p = dialect.parameter
        return "INSERT INTO \(table(dialect)) (time, \(dialect.userColumn), name) "
            + "VALUES (\(p(1)), \(p(2)), \(p(3)))"
    }

    /// Removes the user's (1) donations of the name (2) past the newest ``keptPerName``: a
    /// walk of the index from the newest end.
    package static func prune(_ dialect: SQLDialect) -> String {
        let p = dialect.parameter
        let table = table(dialect)
        let user = dialect.userColumn
        let all = dialect.parameterPrefix == "$" ? "ALL" : "-1"
        return """
            DELETE FROM \(table) WHERE id IN (
                SELECT id FROM \(table) WHERE \(user) = \(p(1)) AND name = \(p(2))
                ORDER BY time DESC, id DESC LIMIT \(all) OFFSET \(keptPerName)
            )
            """
    }

    /// The one query of a decision with `when.events`: a row of counts, one column per name,
    /// each the user's (parameter 1) donations of that name at or after its time. Name `i`
    /// (0-based) is parameter `2 + 2i`, its earliest time `3 + 2i`; each count is one range
    /// of the index.
    package static func countQuery(names: Int, dialect: SQLDialect) -> String {
        precondition(names > 0, "a count of no names")
        let p = dialect.parameter
        let table = table(dialect)
        let user = dialect.userColumn
        let counts = (0..<names).map { index in
            "(SELECT count(*) FROM \(table) WHERE \(user) = \(p(1)) "
                + "AND name = \(p(2 + 2 * index)) AND time >= \(p(3 + 2 * index)))"
        }
        return "SELECT " + counts.joined(separator: ",\n    ")
    }

    /// Removes every donation of one user (1): a reset of all the user's walkthroughs does.
    package static func reset(_ dialect: SQLDialect) -> String {
        "DELETE FROM \(table(dialect)) WHERE \(dialect.userColumn) = \(dialect.parameter(1))"
    }
}
