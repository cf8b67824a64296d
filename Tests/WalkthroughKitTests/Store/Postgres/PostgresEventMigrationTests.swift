import Foundation
import Testing
import WalkthroughFleet
import WalkthroughKit
import WalkthroughTestSupport

/// Schema version 1 to 2 on PostgreSQL: a reader reads a version-1 store as it is and creates
/// nothing; the first writer migrates it, keeping every record; row security on the records
/// covers the new events.
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct PostgresEventMigrationTests {
    /// Builds the version-1 tables exactly as version 1 created them, with one record.
    private func versionOneStore() throws -> (url: String, admin: RawPostgres) {
        let url = try TestPostgres.shared().freshSchemaURL()
        let admin = try RawPostgres(url)
        try admin.exec(
            """
            CREATE TABLE walkthrough_schema (
                only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
                version  integer NOT NULL
            );
            CREATE TABLE walkthrough_seen (
                user_name   text   COLLATE "C" NOT NULL,
                walkthrough text   COLLATE "C" NOT NULL,
                version     bigint NOT NULL CHECK (version >= 1),
                outcome     text   NOT NULL
                            CHECK (outcome IN ('completed', 'skipped', 'inProgress')),
                last_page   bigint NOT NULL CHECK (last_page >= 0),
                updated_at  bigint NOT NULL,
                PRIMARY KEY (user_name, walkthrough)
            );
            INSERT INTO walkthrough_schema (version) VALUES (1);
            INSERT INTO walkthrough_seen VALUES ('old', 'tour', 1, 'completed', 2, 1700000000123);
            """)
        return (url, admin)
    }

    @Test func aReaderReadsVersion1AsItIsAndAWriterMigratesIt() throws {
        let (url, admin) = try versionOneStore()
        let reader = try PostgresSeenStore(url: url, options: .init(readOnly: true))
        #expect(reader.storedSchemaVersion == 1)
        #expect(try reader.events().isEmpty)
        #expect(try reader.funnel(of: EventBehaviourTests.tour).users == 0)
        #expect(try reader.pruneEvents(before: Timestamp.now, dryRun: true) == 0)
        #expect(try reader.record(user: "old", walkthrough: "tour")?.lastPage == 2)
        #expect(
            try admin.scalar("SELECT to_regclass('walkthrough_events') IS NULL") == "t")
        #expect(try admin.scalar("SELECT version FROM walkthrough_schema") == "1")

        let writer = try PostgresSeenStore(url: url)
        #expect(writer.storedSchemaVersion == PostgresSeenStore.schemaVersion)
        #expect(
            try admin.scalar("SELECT version FROM walkthrough_schema")
                == String(PostgresSeenStore.schemaVersion))
        #expect(try writer.record(user: "old", walkthrough: "tour")?.outcome == .completed)
        try writer.write(
            SessionStep(
                user: "new", walkthrough: "tour", version: 2, change: .progress(page: 0),
                events: [.init(.page, page: 0)]))
        #expect(try writer.events().count == 1)
        #expect(try admin.scalar("SELECT count(*) FROM walkthrough_seen") == "2")
    }

    @Test func rowSecurityOnVersion1RecordsCoversTheEventsAfterMigrating() throws {
        let (url, admin) = try versionOneStore()
        try admin.exec(
            """
            ALTER TABLE walkthrough_seen ENABLE ROW LEVEL SECURITY;
            CREATE POLICY walkthrough_own_records ON walkthrough_seen
                USING (user_name = current_user) WITH CHECK (user_name = current_user);
            """)
        _ = try PostgresSeenStore(url: url)
        #expect(
            try admin.scalar(
                "SELECT relrowsecurity FROM pg_class WHERE oid = 'walkthrough_events'::regclass")
                == "t")
        #expect(
            try admin.scalar(
                """
                SELECT count(*) FROM pg_policies
                WHERE schemaname = current_schema() AND tablename = 'walkthrough_events'
                """) == "1")
    }
}
