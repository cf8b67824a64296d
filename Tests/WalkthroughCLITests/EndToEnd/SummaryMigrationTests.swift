import Foundation
import Testing
import WalkthroughTestSupport

/// The funnel from the summaries: a round-2 store (events, no summaries) gives the same
/// `stats --json` before it is migrated (read from its events, changing nothing), after `db
/// migrate`, and after its first write (which migrates it); and on a migrated store the
/// figures from the summaries equal those counted from the events (`--since` a date before
/// every event reads the events: through the round-2 store's funnel index, and through the
/// time index once schema version 7 has dropped that one).
@Suite(.serialized)
struct SummaryMigrationTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite
        case postgres

        static var available: [Backend] {
            TestPostgres.unavailableReason == nil ? [.sqlite, .postgres] : [.sqlite]
        }

        var testDescription: String { rawValue }
    }

    /// A round-2 store holding the population, as `WALKTHROUGH_DB`.
    private func roundTwoStore(
        _ backend: Backend, sandbox: Sandbox, name: String
    ) throws -> String {
        let events = RoundTwoStore.population(users: 60, walkthrough: "tour")
        switch backend {
        case .sqlite:
            let path = sandbox.folder.file(name + ".sqlite3")
            try RoundTwoStore.createSQLite(at: path, events: events)
            return path
        case .postgres:
            let url = try TestPostgres.shared().freshSchemaURL()
            try RoundTwoStore.createPostgres(at: url, events: events)
            return url
        }
    }

    /// How many summary rows the store holds (0 when it has no summaries table yet).
    private func summaryRows(_ backend: Backend, _ database: String) throws -> Int {
        switch backend {
        case .sqlite:
            func scalar(_ sql: String) throws -> Int {
                let result = try ChildProcess.run(["/usr/bin/sqlite3", database, sql])
                return Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
                    ?? -1
            }
            guard try scalar("SELECT count(*) FROM sqlite_master WHERE name = 'summaries'") == 1
            else { return 0 }
            return try scalar("SELECT count(*) FROM summaries")
        case .postgres:
            let admin = try RawPostgres(database)
            let exists = try admin.scalar("SELECT to_regclass('walkthrough_summaries') IS NOT NULL")
            guard exists == "t" else { return 0 }
            return Int(try admin.scalar("SELECT count(*) FROM walkthrough_summaries") ?? "") ?? -1
        }
    }

    /// The names of a SQLite store's indexes on its events table, sorted.
    private func indexes(_ path: String) throws -> [String] {
        let result = try ChildProcess.run([
            "/usr/bin/sqlite3", path,
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' "
                + "AND sql IS NOT NULL ORDER BY name",
        ])
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    private func stats(
        _ sandbox: Sandbox, _ database: String, _ arguments: [String] = []
    ) throws -> String {
        let result = try sandbox.execute(
            ["stats", "tour", "--json"] + arguments, extra: ["WALKTHROUGH_DB": database])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    @Test(arguments: Backend.available)
    func aRoundTwoStoreGivesTheSameStatsBeforeAndAfterMigrating(backend: Backend) throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition(pages: 4, navigation: "free"))
        try sandbox.define("other.json", definition(id: "other", pages: 2))
        let migrated = try roundTwoStore(backend, sandbox: sandbox, name: "migrated")
        let written = try roundTwoStore(backend, sandbox: sandbox, name: "written")

        // Unmigrated: read from the events, and nothing changes.
        let bytes = backend == .sqlite ? try Data(contentsOf: URL(fileURLWithPath: migrated)) : nil
        let before = try stats(sandbox, migrated)
        let beforeVersion2 = try stats(sandbox, migrated, ["--version", "2"])
        // 60 users, 5 of them without a start, one of those with a second start later.
        #expect(before.contains("\"users\": 56"), "\(before)")
        #expect(beforeVersion2.contains("\"users\": 5"), "\(beforeVersion2)")
        #expect(try stats(sandbox, written) == before)
        #expect(try summaryRows(backend, migrated) == 0)
        // A window on the unmigrated store reads its funnel index, changing nothing either.
        #expect(try stats(sandbox, migrated, ["--since", "1970-01-01"]) == before)
        if let bytes {
            #expect(try Data(contentsOf: URL(fileURLWithPath: migrated)) == bytes)
        }

        // db migrate builds the summaries from the events.
        let migrate = try sandbox.execute(
            ["db", "migrate"], extra: ["WALKTHROUGH_DB": migrated])
        #expect(migrate.status == 0, "\(migrate.standardError)")
        #expect(try summaryRows(backend, migrated) == 60 + 5)
        #expect(try stats(sandbox, migrated) == before)
        #expect(try stats(sandbox, migrated, ["--version", "2"]) == beforeVersion2)
        if backend == .sqlite {
            // Schema version 7 keeps no funnel index on the events: a window is read by time,
            // and counts what the summaries and the round-2 store's own index counted.
            #expect(
                try indexes(migrated) == ["events_by_time", "events_by_user", "events_experiment"])
            #expect(try stats(sandbox, migrated, ["--since", "1970-01-01"]) == before)
        }

        // The first write migrates too.
        let mark = try sandbox.execute(
            ["mark", "other", "--user", "zed"], extra: ["WALKTHROUGH_DB": written])
        #expect(mark.status == 0, "\(mark.standardError)")
        #expect(try summaryRows(backend, written) == 60 + 5)
        #expect(try stats(sandbox, written) == before)
        #expect(try stats(sandbox, written, ["--version", "2"]) == beforeVersion2)

        // New sessions keep the summaries equal to what the events say.
        for (user, input) in [
            ("user-1", "n\nn\nn\nn\n"), ("fresh", "3\nq\n"), ("user-2", "s\n"),
            ("later", "n\nn\nq\n"),
        ] {
            let play = try sandbox.execute(
                ["play", "tour", "--user", user, "--plain"], input: input,
                extra: ["WALKTHROUGH_DB": written, "CI": ""])
            #expect(play.status == 0, "\(play.standardError)")
        }
        let after = try stats(sandbox, written)
        #expect(after != before)
        #expect(after.contains("\"users\": 58"), "\(after)")
        #expect(try stats(sandbox, written, ["--since", "1970-01-01"]) == after)
    }
}
