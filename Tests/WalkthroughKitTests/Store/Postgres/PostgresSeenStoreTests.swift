import Foundation
import Testing
import WalkthroughFleet
import WalkthroughKit
import WalkthroughTestSupport

/// PostgreSQL-only behaviour: the schema's creation race, refusals, reconnecting, errors, the
/// read-only mode and row security. (The rules every store shares are in
/// `SeenStoreBehaviourTests`, which runs on PostgreSQL too.)
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct PostgresSeenStoreTests {
    // MARK: - Creating the schema

    /// 16 processes opening a new database at the same moment create the tables once (a
    /// second `CREATE TABLE` would fail its writer) and lose none of their 4,000 writes.
    @Test func sixteenProcessesCreateTheSchemaOnceAndLoseNoWrite() throws {
        let server = try TestPostgres.shared()
        let url = try server.freshDatabaseURL()
        let writers = try (0..<16).map { index in
            try WriterProcess(["distinct", url, "p\(index)", "250"])
        }
        for (index, writer) in writers.enumerated() {
            let result = writer.finish()
            #expect(result.status == 0, "writer \(index): \(result.errors)")
        }
        let admin = try RawPostgres(url)
        #expect(try admin.scalar("SELECT count(*) FROM walkthrough_seen") == "4000")
        #expect(
            try admin.scalar("SELECT count(DISTINCT user_name) FROM walkthrough_seen") == "4000")
        #expect(
            try admin.rows("SELECT version FROM walkthrough_schema")
                == [[String(PostgresSeenStore.schemaVersion)]])
    }

    @Test func tablesGoInTheFirstSchemaOfTheSearchPath() throws {
        let server = try TestPostgres.shared()
        let url = try server.freshSchemaURL()
        let store = try PostgresSeenStore(url: url)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        let schema = try #require(RawPostgres.parse(url)["options"]?.split(separator: "=").last)
        let tables = try server.withAdmin {
            try $0.rows(
                "SELECT tablename FROM pg_tables WHERE schemaname = '\(schema)' "
                    + "AND NOT tablename ~ '^walkthrough_events_[0-9]{4}_[0-9]{2}$' ORDER BY 1")
        }
        #expect(
            tables == [
                ["walkthrough_donations"], ["walkthrough_events"], ["walkthrough_goals"],
                ["walkthrough_pushes"],
                ["walkthrough_schema"], ["walkthrough_seen"], ["walkthrough_summaries"],
                ["walkthrough_summary_pages"], ["walkthrough_tombstones"],
            ])
        // The events' monthly partitions: this month and the next two, made by the migration.
        let partitions = try server.withAdmin {
            try $0.scalar(
                "SELECT count(*) FROM pg_inherits WHERE inhparent = "
                    + "'\(schema).walkthrough_events'::regclass")
        }
        #expect(partitions == "3")
    }

    @Test func aNewerSchemaIsRefusedAndLeftAlone() throws {
        let server = try TestPostgres.shared()
        let url = try server.freshSchemaURL()
        try PostgresSeenStore(url: url).markSeen(
            user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        let admin = try RawPostgres(url)
        try admin.exec("UPDATE walkthrough_schema SET version = 99")
        for options in [PostgresSeenStore.Options(), PostgresSeenStore.Options(readOnly: true)] {
            let error = try #require(throws: SeenStoreError.self) {
                _ = try PostgresSeenStore(url: url, options: options)
            }
            guard case .server(let server) = error else {
                Issue.record("expected a server error, got \(error)")
                continue
            }
            #expect(
                server.kind
                    == .newerSchema(found: 99, supported: PostgresSeenStore.schemaVersion))
            #expect(error.description.contains("127.0.0.1:\(self.port(of: url))/"))
            #expect(error.description.contains("newer version of walkthrough"))
        }
        #expect(try admin.scalar("SELECT count(*) FROM walkthrough_seen") == "1")
        #expect(try admin.scalar("SELECT version FROM walkthrough_schema") == "99")
    }

    // MARK: - Read-only

    @Test func aReadOnlyOpenCreatesNothing() throws {
        let server = try TestPostgres.shared()
        let url = try server.freshSchemaURL()
        #expect(throws: SeenStoreError.self) {
            _ = try PostgresSeenStore(url: url, options: PostgresSeenStore.Options(readOnly: true))
        }
        do {
            _ = try PostgresSeenStore(url: url, options: PostgresSeenStore.Options(readOnly: true))
        } catch .databaseMissing(let location) {
            #expect(location.hasPrefix("127.0.0.1:"))
        } catch {
            Issue.record("expected databaseMissing, got \(error)")
        }
        let schema = try #require(RawPostgres.parse(url)["options"]?.split(separator: "=").last)
        let count = try server.withAdmin {
            try $0.scalar("SELECT count(*) FROM pg_tables WHERE schemaname = '\(schema)'")
        }
        #expect(count == "0")
    }

    @Test func aReadOnlyStoreReadsAndRefusesWrites() throws {
        let server = try TestPostgres.shared()
        let url = try server.freshSchemaURL()
        try PostgresSeenStore(url: url).markSeen(
            user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        let reader = try PostgresSeenStore(
            url: url, options: PostgresSeenStore.Options(readOnly: true))
        #expect(try reader.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
        let error = try #require(throws: SeenStoreError.self) {
            try reader.markSeen(user: "bob", walkthrough: "foodpin", version: 1, outcome: .skipped)
        }
        guard case .server(let failure) = error else {
            Issue.record("expected a server error, got \(error)")
            return
        }
        #expect(failure.kind == .readOnly)
        #expect(failure.sqlState == "25006")
        #expect(try reader.records(user: nil).map(\.user) == ["alice"])
    }

    // MARK: - Reconnecting

    /// `pg_ctl restart` between two calls cuts the store's connection; the next call opens it
    /// again and succeeds, and nothing acknowledged before is lost.
    @Test func aServerRestartBetweenCallsIsSurvived() throws {
        let server = try TestPostgres.start()
        let store = try PostgresSeenStore(url: server.url)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        try server.restart()
        try store.markSeen(user: "bob", walkthrough: "foodpin", version: 1, outcome: .skipped)
        #expect(try store.records(user: nil).map(\.user) == ["alice", "bob"])
        try server.restart()
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
    }

    // MARK: - Errors

    @Test func aRefusedPortNamesTheServer() throws {
        let port = try LoopbackListener.freePort()
        let url = "postgresql://someone:s3cretPassw0rd@127.0.0.1:\(port)/fleet"
        let error = try openError(url)
        #expect(error.kind == .connectionRefused)
        #expect(error.location == "127.0.0.1:\(port)/fleet")
        let text = SeenStoreError.server(error).description
        #expect(text.contains("127.0.0.1:\(port)/fleet"))
        #expect(text.contains("connection refused"))
        #expect(!text.contains("s3cretPassw0rd"))
        #expect(!text.contains("\n"))
    }

    @Test func aWrongPasswordIsAnAuthenticationFailureWithoutThePassword() throws {
        let server = try TestPostgres.shared()
        let url = server.url(password: "Wr0ngPassw0rd%41!")
        let error = try openError(url)
        #expect(error.kind == .authenticationFailed)
        let text = SeenStoreError.server(error).description
        #expect(text.contains("127.0.0.1:\(server.port)/\(server.database)"))
        #expect(text.contains("authentication failed"))
        for secret in ["Wr0ngPassw0rd", server.password] {
            #expect(!text.contains(secret))
        }
    }

    @Test func aMissingDatabaseIsNamed() throws {
        let server = try TestPostgres.shared()
        let error = try openError(server.url(database: "walkthrough_no_such_database"))
        #expect(error.kind == .noSuchDatabase)
        let text = SeenStoreError.server(error).description
        #expect(text.contains("127.0.0.1:\(server.port)/walkthrough_no_such_database"))
        #expect(text.contains("does not exist"))
        #expect(!text.contains(server.password))
    }

    /// A listening socket that never answers: libpq's `connect_timeout` ends the wait, and the
    /// error says after how long.
    @Test func aServerThatNeverAnswersTimesOut() throws {
        let listener = try LoopbackListener()
        let url =
            "postgresql://someone:pw12345678@127.0.0.1:\(listener.port)/fleet?connect_timeout=2"
        let started = ContinuousClock.now
        let error = try openError(url)
        let elapsed = ContinuousClock.now - started
        #expect(error.kind == .timedOut(seconds: 2))
        #expect(elapsed < .seconds(10))
        let text = SeenStoreError.server(error).description
        #expect(text.contains("127.0.0.1:\(listener.port)/fleet timed out after 2 s"))
        #expect(!text.contains("pw12345678"))
    }

    @Test func theLocationNeverHoldsThePassword() throws {
        let server = try TestPostgres.shared()
        let store = try PostgresSeenStore(url: try server.freshSchemaURL())
        #expect(!store.location.contains(server.password))
        #expect(store.location.hasPrefix("postgresql://\(server.user)@127.0.0.1:"))
        #expect(
            SeenStoreBackend.displayed("postgres://u:pa%3Ass@h:1/d?password=x&sslmode=disable")
                == "postgres://u@h:1/d?sslmode=disable")
    }

    // MARK: - Row security

    /// Two login roles on a store with row security: each sees and changes only the records
    /// of its own name, defaults to it, and cannot reset the other's; the tables' owner sees
    /// everyone's.
    @Test func rowSecurityKeepsEachRoleToItsOwnRecords() throws {
        let server = try TestPostgres.shared()
        let url = try server.freshDatabaseURL()
        let database = try #require(RawPostgres.parse(url)["dbname"])
        let admin = try PostgresSeenStore(url: url)
        try admin.enableRowSecurity()
        let alice = TestPostgres.uniqueName("alice")
        let bob = TestPostgres.uniqueName("bob")
        let raw = try RawPostgres(url)
        for role in [alice, bob] {
            try raw.exec(
                """
                CREATE ROLE \(role) LOGIN PASSWORD 'pw-\(role)';
                GRANT SELECT, INSERT, UPDATE, DELETE ON walkthrough_seen TO \(role);
                GRANT SELECT, INSERT, UPDATE, DELETE ON walkthrough_events,
                    walkthrough_summaries, walkthrough_summary_pages TO \(role);
                GRANT SELECT ON walkthrough_schema TO \(role);
                """)
        }
        defer {
            _ = try? raw.exec(
                "DROP OWNED BY \(alice), \(bob); DROP ROLE \(alice); DROP ROLE \(bob)")
        }
        func store(_ role: String) throws -> PostgresSeenStore {
            try PostgresSeenStore(
                url: server.url(database: database, user: role, password: "pw-\(role)"))
        }
        let aliceStore = try store(alice)
        let bobStore = try store(bob)
        #expect(aliceStore.enforcedUser == alice)
        #expect(admin.enforcedUser == nil)
        try aliceStore.markSeen(
            user: alice, walkthrough: "foodpin", version: 1, outcome: .completed)
        try bobStore.saveProgress(user: bob, walkthrough: "foodpin", version: 1, page: 1)
        let refusal = try #require(throws: SeenStoreError.self) {
            try aliceStore.markSeen(user: bob, walkthrough: "tour", version: 1, outcome: .skipped)
        }
        guard case .server(let failure) = refusal else {
            Issue.record("expected a server error, got \(refusal)")
            return
        }
        #expect(failure.kind == .permissionDenied)
        #expect(try aliceStore.records(user: nil).map(\.user) == [alice])
        #expect(try bobStore.record(user: alice, walkthrough: "foodpin") == nil)
        #expect(try bobStore.reset(user: alice, walkthrough: nil) == 0)
        #expect(try bobStore.resetAllUsers(walkthrough: "foodpin") == 1)
        #expect(try admin.records(user: nil).map(\.user) == [alice])
        try bobStore.markSeen(user: bob, walkthrough: "foodpin", version: 1, outcome: .skipped)
        #expect(try admin.records(user: nil).map(\.user).sorted() == [alice, bob].sorted())
    }

    // MARK: - Helpers

    private func openError(_ url: String) throws -> SeenStoreError.ServerError {
        let error = try #require(throws: SeenStoreError.self) {
            _ = try PostgresSeenStore(url: url)
        }
        guard case .server(let server) = error else {
            throw RawError(message: "expected a server error, got \(error)")
        }
        return server
    }

    private func port(of url: String) -> String {
        (try? RawPostgres.parse(url)["port"]) ?? nil ?? ""
    }
}
