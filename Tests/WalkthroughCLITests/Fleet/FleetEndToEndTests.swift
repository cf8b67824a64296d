import Foundation
import Testing
import WalkthroughTestSupport

/// The built `walkthrough` binary against the PostgreSQL test server, as a user runs it: every
/// command with `--db postgresql://…`, `export | import` between the backends, the merge rule,
/// errors, and row security.
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct FleetEndToEndTests {
    @Test func seenMarkStatusAndResetWorkOnPostgreSQLAsOnSQLite() throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let url = try TestPostgres.shared().freshSchemaURL()
        #expect(try sandbox.execute(["seen", "foodpin", "--db", url, "-q"]).status == 1)
        let mark = try sandbox.execute(["mark", "foodpin", "--db", url])
        #expect(mark.status == 0, "\(mark.standardError)")
        #expect(mark.standardOutput == "Recorded: alice completed FoodPin (version 1).\n")
        #expect(try sandbox.execute(["seen", "foodpin", "--db", url, "-q"]).status == 0)
        let play = try sandbox.execute(
            ["play", "foodpin", "--db", url, "--user", "bob"], input: "n\n")
        #expect(play.status == 0, "\(play.standardError)")
        let status = try sandbox.execute(["status", "--db", url])
        #expect(status.standardOutput.contains("alice"))
        #expect(status.standardOutput.contains("bob"))
        let reset = try sandbox.execute(["reset", "--user", "alice", "--db", url])
        #expect(reset.standardOutput.hasPrefix("Removed 1 record:"))
        #expect(try sandbox.execute(["seen", "foodpin", "--db", url, "-q"]).status == 1)
        // Nothing was written to the SQLite database of WALKTHROUGH_DB.
        #expect(sandbox.createdFiles.isEmpty)
    }

    /// `walkthrough export --db OLD.sqlite3 | walkthrough import - --db postgresql://…` moves
    /// a machine's state into the fleet store, and back out to a new file: `status --json` is
    /// the same on all three.
    @Test func exportPipedIntoImportMovesAMachinesStateBothWays() throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        // Names the command accepts that SQL or JSON could get wrong: quotes, backslashes,
        // `%`, `_`, CJK, 256 bytes.
        let hostile = [
            "用户 'x'", #"back\slash "q" 50%_off"#, String(repeating: "用", count: 85) + "x",
            String(repeating: "%_", count: 128),
        ]
        let users = [("alice", []), ("bob", ["--skipped"])] + hostile.map { ($0, [String]()) }
        for (user, flags) in users {
            let result = try sandbox.execute(["mark", "foodpin", "--user", user] + flags)
            #expect(result.status == 0, "\(result.standardError)")
        }
        _ = try sandbox.execute(["play", "foodpin", "--user", "carol", "--plain"], input: "n\n")
        let url = try TestPostgres.shared().freshSchemaURL()
        let copy = sandbox.folder.file("copy.sqlite3")
        let binary = shellQuoted(walkthroughBinary)
        let intoPostgres = try ChildProcess.run(
            [
                "/bin/sh", "-c",
                "\(binary) export --db \(shellQuoted(sandbox.database)) | \(binary) import - "
                    + "--db \(shellQuoted(url))",
            ], environment: sandbox.environment)
        #expect(intoPostgres.status == 0, "\(intoPostgres.standardError)")
        #expect(intoPostgres.standardOutput.contains("7 records"))
        #expect(intoPostgres.standardOutput.contains(": 7 added, 0 updated, 0 kept."))
        #expect(!intoPostgres.standardOutput.contains(try TestPostgres.shared().password))
        let outOfPostgres = try ChildProcess.run(
            [
                "/bin/sh", "-c",
                "\(binary) export --db \(shellQuoted(url)) | \(binary) import - --db "
                    + shellQuoted(copy),
            ], environment: sandbox.environment)
        #expect(outOfPostgres.status == 0, "\(outOfPostgres.standardError)")
        let original = try sandbox.execute(["status", "--json"]).standardOutput
        #expect(original.contains("用户 'x'"))
        #expect(original.contains(#"back\\slash \"q\" 50%_off"#))
        #expect(original.contains(String(repeating: "%_", count: 128)))
        #expect(try sandbox.execute(["status", "--json", "--db", url]).standardOutput == original)
        #expect(try sandbox.execute(["status", "--json", "--db", copy]).standardOutput == original)
        // Importing the same records again changes nothing.
        let again = try ChildProcess.run(
            [
                "/bin/sh", "-c",
                "\(binary) export --db \(shellQuoted(copy)) | \(binary) import - --db "
                    + shellQuoted(url),
            ], environment: sandbox.environment)
        #expect(again.standardOutput.contains(": 0 added, 0 updated, 7 kept."))
    }

    /// A fleet's primary fails: `mark` through a URI naming the primary and its streaming
    /// standby with `target_session_attrs=read-write` works before the primary stops, and the
    /// next commands, after the standby is promoted, write and read there with the same URI.
    @Test func theNextCommandFollowsAPromotedStandby() throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let primary = try TestPostgres.start()
        let standby = try primary.startStandby()
        let url = primary.url(
            hosts: [primary, standby],
            parameters: ["target_session_attrs=read-write", "connect_timeout=5"])
        let before = try sandbox.execute(["mark", "foodpin", "--db", url, "--user", "alice"])
        #expect(before.status == 0, "\(before.standardError)")
        #expect(waitUntil(timeout: 30, interval: 20) { standby.hasReplayed(everythingOf: primary) })
        try primary.halt()
        try standby.promote()
        let after = try sandbox.execute(
            ["mark", "foodpin", "--db", url, "--user", "bob", "--skipped"])
        #expect(after.status == 0, "\(after.standardError)")
        #expect(
            try sandbox.execute(["seen", "foodpin", "--db", url, "--user", "alice"]).status == 0)
        let status = try sandbox.execute(["status", "--json", "--db", url])
        #expect(status.standardOutput.contains("\"user\": \"alice\""))
        #expect(status.standardOutput.contains("\"user\": \"bob\""))
        let info = try sandbox.execute(["db", "info", "--db", url])
        #expect(info.standardOutput.contains("records:        2"))
        #expect(!(info.standardOutput + info.standardError).contains(primary.password))
    }

    /// The merge rule: higher version; at one version completed > skipped > inProgress; then
    /// the later time. A dry run says the same and changes nothing.
    @Test(arguments: ["postgres", "sqlite"])
    func importKeepsTheWinnerOfEachRecord(backend: String) throws {
        let sandbox = try Sandbox()
        let database =
            backend == "postgres"
            ? try TestPostgres.shared().freshSchemaURL() : sandbox.folder.file("merge.sqlite3")
        let stored = """
            {"user":"a","walkthrough":"w","version":1,"outcome":"completed","lastPage":3,"updatedAt":"2026-01-01T00:00:00.000Z"}
            {"user":"b","walkthrough":"w","version":1,"outcome":"skipped","lastPage":1,"updatedAt":"2026-01-01T00:00:00.000Z"}
            {"user":"c","walkthrough":"w","version":2,"outcome":"inProgress","lastPage":2,"updatedAt":"2026-01-01T00:00:00.000Z"}

            """
        try sandbox.folder.write(stored, to: "stored.jsonl")
        let first = try sandbox.execute(["import", "stored.jsonl", "--db", database])
        #expect(first.status == 0, "\(first.standardError)")
        let incoming = """
            {"user":"a","walkthrough":"w","version":1,"outcome":"skipped","lastPage":1,"updatedAt":"2026-06-01T00:00:00.000Z"}
            {"user":"b","walkthrough":"w","version":1,"outcome":"completed","lastPage":2,"updatedAt":"2025-01-01T00:00:00.000Z"}
            {"user":"c","walkthrough":"w","version":1,"outcome":"completed","lastPage":3,"updatedAt":"2026-06-01T00:00:00.000Z"}
            {"user":"d","walkthrough":"w","version":1,"outcome":"inProgress","lastPage":1,"updatedAt":"2026-06-01T00:00:00.123Z"}
            """
        try sandbox.folder.write(incoming, to: "incoming.jsonl")
        let before = try sandbox.execute(["export", "--db", database]).standardOutput
        let dryRun = try sandbox.execute([
            "import", "incoming.jsonl", "--db", database, "--dry-run",
        ])
        #expect(dryRun.standardOutput.contains(": 1 added, 1 updated, 2 kept (dry run"))
        #expect(try sandbox.execute(["export", "--db", database]).standardOutput == before)
        let merge = try sandbox.execute(["import", "incoming.jsonl", "--db", database])
        #expect(merge.status == 0, "\(merge.standardError)")
        #expect(merge.standardOutput.contains(": 1 added, 1 updated, 2 kept."))
        let export = try sandbox.execute(["export", "--db", database]).standardOutput
        #expect(
            export == """
                {"user":"a","walkthrough":"w","version":1,"outcome":"completed","lastPage":3,"updatedAt":"2026-01-01T00:00:00.000Z"}
                {"user":"b","walkthrough":"w","version":1,"outcome":"completed","lastPage":2,"updatedAt":"2025-01-01T00:00:00.000Z"}
                {"user":"c","walkthrough":"w","version":2,"outcome":"inProgress","lastPage":2,"updatedAt":"2026-01-01T00:00:00.000Z"}
                {"user":"d","walkthrough":"w","version":1,"outcome":"inProgress","lastPage":1,"updatedAt":"2026-06-01T00:00:00.123Z"}

                """)
    }

    @Test func aMalformedLineImportsNothingAndNamesItsNumber() throws {
        let sandbox = try Sandbox()
        let url = try TestPostgres.shared().freshSchemaURL()
        let lines = """
            {"user":"a","walkthrough":"w","version":1,"outcome":"completed","lastPage":1,"updatedAt":"2026-01-01T00:00:00.000Z"}

            {"user":"b","walkthrough":"w","version":0,"outcome":"completed","lastPage":1,"updatedAt":"2026-01-01T00:00:00.000Z"}
            """
        try sandbox.folder.write(lines, to: "bad.jsonl")
        let result = try sandbox.execute(["import", "bad.jsonl", "--db", url])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "Error: bad.jsonl:3: \"version\" must be a whole number from 1 to 2147483647; "
                + "nothing was imported (each line must be a record as walkthrough export writes "
                + "it)\n")
        #expect(try sandbox.execute(["export", "--db", url]).standardOutput.isEmpty)
        let missing = try sandbox.execute(["import", "nope.jsonl", "--db", url])
        #expect(missing.status == 66)
    }

    @Test func dbInfoAndMigrateDescribeTheServer() throws {
        let sandbox = try Sandbox()
        let server = try TestPostgres.shared()
        let url = try server.freshSchemaURL()
        let empty = try sandbox.execute(["db", "info", "--db", url, "--json"])
        #expect(empty.standardOutput.contains("\"schemaVersion\": 0"))
        let migrate = try sandbox.execute(["db", "migrate", "--db", url])
        #expect(migrate.status == 0, "\(migrate.standardError)")
        #expect(migrate.standardOutput.hasPrefix("Created the walkthrough schema (version 7) at "))
        let again = try sandbox.execute(["db", "migrate", "--db", url])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("is up to date (version 7)"))
        _ = try sandbox.execute(["import", "-", "--db", url], input: Self.oneRecord)
        let info = try sandbox.execute(["db", "info", "--db", url, "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8))
                as? [String: Any])
        #expect(object["backend"] as? String == "postgresql")
        #expect(object["schemaVersion"] as? Int == 7)
        #expect(object["records"] as? Int == 1)
        #expect(object["users"] as? Int == 1)
        #expect((object["serverVersion"] as? String)?.hasPrefix("15") == true)
        let location = try #require(object["location"] as? String)
        #expect(location.hasPrefix("postgresql://\(server.user)@127.0.0.1:\(server.port)/"))
        #expect(!info.standardOutput.contains(server.password))
    }

    @Test func storeErrorsExit74OnOneLineWithoutThePassword() throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let server = try TestPostgres.shared()
        for url in [
            server.url(password: "N0tThePassw0rd"),
            "postgresql://alice:N0tThePassw0rd@127.0.0.1:\(try LoopbackListener.freePort())/fleet",
        ] {
            for command in [
                ["seen", "foodpin"], ["mark", "foodpin"], ["status"], ["db", "info"],
            ] {
                let result = try sandbox.execute(command + ["--db", url])
                #expect(result.status == 74, "\(command): \(result.standardError)")
                #expect(result.standardError.hasPrefix("Error: "))
                #expect(result.standardError.split(separator: "\n").count == 1)
                #expect(!result.standardError.contains("N0tThePassw0rd"))
                #expect(result.standardError.contains("127.0.0.1:"))
            }
        }
    }

    /// After `db migrate --row-security`, a login role reads and writes only its own records,
    /// and `--user` defaults to its name, whatever the login name is.
    @Test func rowSecurityMakesTheRoleTheDefaultUser() throws {
        let sandbox = try Sandbox(user: "someone-else")
        try sandbox.copyExample("foodpin.json")
        let server = try TestPostgres.shared()
        let url = try server.freshDatabaseURL()
        let database = try #require(RawPostgres.parse(url)["dbname"])
        let migrate = try sandbox.execute(["db", "migrate", "--db", url, "--row-security"])
        #expect(migrate.status == 0, "\(migrate.standardError)")
        #expect(migrate.standardOutput.contains("Row security is on"))
        let role = TestPostgres.uniqueName("role")
        let admin = try RawPostgres(url)
        try admin.exec(
            """
            CREATE ROLE \(role) LOGIN PASSWORD 'pw';
            GRANT SELECT, INSERT, UPDATE, DELETE ON walkthrough_seen TO \(role);
            GRANT SELECT ON walkthrough_schema TO \(role);
            """)
        defer { _ = try? admin.exec("DROP OWNED BY \(role); DROP ROLE \(role)") }
        _ = try sandbox.execute(["mark", "foodpin", "--db", url, "--user", "other"])
        let roleURL = server.url(database: database, user: role, password: "pw")
        let mark = try sandbox.execute(["mark", "foodpin", "--db", roleURL])
        #expect(mark.standardOutput == "Recorded: \(role) completed FoodPin (version 1).\n")
        let refused = try sandbox.execute(["mark", "foodpin", "--db", roleURL, "--user", "other"])
        #expect(refused.status == 74)
        #expect(refused.standardError.contains("permission denied"))
        let export = try sandbox.execute(["export", "--db", roleURL]).standardOutput
        #expect(export.split(separator: "\n").count == 1)
        #expect(export.contains("\"user\":\"\(role)\""))
        let all = try sandbox.execute(["export", "--db", url]).standardOutput
        #expect(all.split(separator: "\n").count == 2)

        // Events: the everyday role needs the same four privileges on walkthrough_events (its
        // identity column needs no grant on a sequence) and sees only its own.
        try admin.exec(
            "GRANT SELECT, INSERT, UPDATE, DELETE ON walkthrough_events, walkthrough_summaries, "
                + "walkthrough_summary_pages TO \(role)")
        let played = try sandbox.execute(
            ["play", "foodpin", "--db", roleURL, "--plain", "--force"], input: "q\n")
        #expect(played.status == 0, "\(played.standardError)")
        let other = try sandbox.execute(
            ["play", "foodpin", "--db", url, "--user", "other", "--plain", "--force"],
            input: "q\n")
        #expect(other.status == 0, "\(other.standardError)")
        let own = try sandbox.execute(["events", "--db", roleURL]).standardOutput
        #expect(own.split(separator: "\n").count == 3)
        #expect(!own.contains("\"user\":\"other\""))
        let everyone = try sandbox.execute(["events", "--db", url]).standardOutput
        #expect(everyone.split(separator: "\n").count == 6)
        let stats = try sandbox.execute(["stats", "foodpin", "--db", roleURL, "--json"])
        #expect(stats.standardOutput.contains("\"users\": 1"))
    }

    private static let oneRecord = """
        {"user":"a","walkthrough":"w","version":1,"outcome":"completed","lastPage":1,"updatedAt":"2026-01-01T00:00:00.000Z"}

        """
}

/// `text` in single quotes for `/bin/sh`.
func shellQuoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
        + "'"
}
