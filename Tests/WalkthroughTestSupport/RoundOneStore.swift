@preconcurrency import Glibc

/// The schema of version 1 exactly as version 1 of the store writes it (plus its
/// `application_id` and `user_version`): a database built with this is what an installation
/// from before any later migration has on disk.
package let storeSchemaVersion1SQL = """
    CREATE TABLE seen (
        user        TEXT    NOT NULL,
        walkthrough TEXT    NOT NULL,
        version     INTEGER NOT NULL CHECK (version >= 1),
        outcome     TEXT    NOT NULL
                    CHECK (outcome IN ('completed', 'skipped', 'inProgress')),
        last_page   INTEGER NOT NULL CHECK (last_page >= 0),
        updated_at  INTEGER NOT NULL,
        PRIMARY KEY (user, walkthrough)
    ) WITHOUT ROWID;
    PRAGMA application_id = 1464617812;
    PRAGMA user_version = 1;
    """

/// Stores as version 1 of WalkthroughKit left them on disk: in WAL mode, written by the
/// `sqlite3` shell (a separate process, as the old binary was), cleanly closed or killed.
package enum RoundOneStore {
    /// Creates `path` as a version-1 store in WAL mode holding `users`, each `completed`
    /// `walkthrough` at version 1, and closes it cleanly: no `-wal` or `-shm` file remains.
    package static func create(
        at path: String, users: [String], walkthrough: String = "foodpin"
    ) throws {
        let script =
            "PRAGMA journal_mode = WAL;\n" + storeSchemaVersion1SQL + "\n"
            + inserts(users, walkthrough: walkthrough)
        let result = try ChildProcess.run(["/usr/bin/sqlite3", path], input: script)
        guard result.status == 0, result.standardError.isEmpty else {
            throw TestSupportError("sqlite3 could not build \(path): \(result.standardError)")
        }
    }

    /// Adds `users` to the version-1 WAL store at `path` from a `sqlite3` shell that is then
    /// killed with SIGKILL before it can checkpoint: the records are only in the `-wal` file,
    /// and `-wal` and `-shm` stay behind, as a writer of version 1 killed mid-run left them.
    package static func addFromKilledWriter(
        at path: String, users: [String], walkthrough: String = "foodpin"
    ) throws {
        let shell = try ChildProcess(["/usr/bin/sqlite3", path])
        shell.send(
            "PRAGMA wal_autocheckpoint = 0;\n" + inserts(users, walkthrough: walkthrough)
                + ".print written\n")
        guard shell.waitForOutput("written") else {
            throw TestSupportError("sqlite3 did not write to \(path): \(shell.standardError)")
        }
        shell.signal(SIGKILL)
        _ = shell.wait()
    }

    private static func inserts(_ users: [String], walkthrough: String) -> String {
        users.map { user in
            "INSERT INTO seen VALUES ('\(user)', '\(walkthrough)', 1, 'completed', 0, "
                + "1700000000000);\n"
        }.joined()
    }
}
