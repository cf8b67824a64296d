import CSQLite
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The rollback journal of a store that writes is written in large pieces (CSQLiteJournal's
/// VFS): a transaction far larger than the page cache, whose pages SQLite must write to the
/// file before it commits, still rolls back to the byte through its journal, and commits whole.
@Suite struct SQLiteJournalTests {
    /// 3,000 rows of 1 KiB: about 3 MiB, past the 2 MiB page cache, so pages spill to the
    /// database file mid-transaction after the journal is synced.
    private static func fill(_ transaction: SQLiteSeenStore.Transaction) throws(SeenStoreError) {
        for row in 0..<3_000 {
            try transaction.run(
                "INSERT INTO notes (id, text) VALUES (?1, ?2)",
                [.integer(Int64(row)), .text(String(repeating: "x", count: 1_000) + "\(row)")])
        }
    }

    @Test func aTransactionLargerThanTheCacheRollsBackThroughItsJournal() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let store = try SQLiteSeenStore(path: path)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        try store.createTables(
            ["notes"], by: ["CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT)"])
        let before = try bytes(of: path)

        let abandoned = SeenStoreError.corrupt(path: path, detail: "abandoned by the test")
        let error = try #require(throws: SeenStoreError.self) {
            try store.transaction { transaction throws(SeenStoreError) in
                try Self.fill(transaction)
                throw abandoned
            }
        }
        #expect(error == abandoned)
        #expect(try bytes(of: path) == before, "the rollback left the file changed")
        #expect(try integrityCheck(path) == "ok")
        #expect(!folder.exists("seen.sqlite3-journal"))
    }

    @Test func aTransactionLargerThanTheCacheCommitsWhole() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let store = try SQLiteSeenStore(path: path)
        try store.createTables(
            ["notes"], by: ["CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT)"])
        try store.transaction { transaction throws(SeenStoreError) in
            try Self.fill(transaction)
        }
        let other = try RawDatabase(path)
        #expect(try other.scalar("SELECT count(*) FROM notes") == "3000")
        #expect(try other.scalar("SELECT text FROM notes WHERE id = 2999").hasSuffix("x2999"))
        #expect(try integrityCheck(path) == "ok")
    }
}
