/// A fresh database of the test server with `walkthrough db migrate --row-security` applied, and
/// an everyday login role on it (the four privileges on the store's tables, no `BYPASSRLS`): what
/// a fleet administrator sets up for row security. The role is dropped when the value is
/// released.
package final class RowSecuredStore: Sendable {
    /// The superuser's URL of the database: sees and changes every record.
    package let adminURL: String
    /// The role's URL (password `pw`): sees and changes only its own records.
    package let roleURL: String
    /// The role's name, which is the user its records must have.
    package let role: String

    /// Creates the database, migrates it with row security through the built `walkthrough`
    /// binary, and creates the role.
    ///
    /// - Throws: ``TestSupportError`` when the migration fails, or what the server says.
    package init(_ server: TestPostgres) throws {
        adminURL = try server.freshDatabaseURL()
        let migrate = try ChildProcess.run(
            [builtExecutable("walkthrough"), "db", "migrate", "--db", adminURL, "--row-security"])
        guard migrate.status == 0 else {
            throw TestSupportError("db migrate --row-security failed: \(migrate.standardError)")
        }
        role = TestPostgres.uniqueName("role")
        try RawPostgres(adminURL).exec(
            """
            CREATE ROLE \(role) LOGIN PASSWORD 'pw';
            GRANT SELECT, INSERT, UPDATE, DELETE ON walkthrough_seen, walkthrough_events,
                walkthrough_summaries, walkthrough_summary_pages TO \(role);
            GRANT SELECT ON walkthrough_schema TO \(role);
            """)
        let database = try RawPostgres.parse(adminURL)["dbname"] ?? server.database
        roleURL = server.url(database: database, user: role, password: "pw")
    }

    deinit {
        _ = try? RawPostgres(adminURL).exec("DROP OWNED BY \(role); DROP ROLE \(role)")
    }
}
