import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// `Options(readOnly: true)`, what `walkthrough seen`, `status` and `list` use: it reads any
/// walkthrough store, writes nothing to any file, ever, and creates nothing.
struct SQLiteSeenStoreReadOnlyTests {
    static let readOnly = SQLiteSeenStore.Options(readOnly: true)

    @Test func aMissingFileIsMissingAndNothingIsCreated() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state/seen.sqlite3")
        #expect(throws: SeenStoreError.databaseMissing(path: path)) {
            try SQLiteSeenStore(path: path, options: Self.readOnly)
        }
        #expect(!exists(folder.file("state")))
    }

    /// Version 1 written in the default rollback-journal mode, as another program might: a store
    /// that may write switches it to WAL; a read-only one reads it and changes no byte.
    @Test func aRollbackJournalDatabaseIsReadAndLeftAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        do {
            let raw = try RawDatabase(path)
            try raw.exec(storeSchemaVersion1SQL)
            try raw.exec("INSERT INTO seen VALUES ('alice', 'foodpin', 1, 'completed', 2, 1000)")
        }
        let before = try bytes(of: path)
        do {
            let store = try SQLiteSeenStore(path: path, options: Self.readOnly)
            #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
            #expect(try store.records(user: nil).count == 1)
        }
        #expect(try bytes(of: path) == before)
        #expect(try RawDatabase(path).scalar("PRAGMA journal_mode") == "delete")
        #expect(sideFiles(of: path).isEmpty)
    }

    /// An SQLite database with nothing in it yet (another tool's empty file) holds no records;
    /// a read-only store does not put the walkthrough schema into it.
    @Test func anEmptySQLiteDatabaseIsMissingAndLeftAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try RawDatabase(path).exec("VACUUM")
        let before = try bytes(of: path)
        #expect(!before.isEmpty)
        #expect(throws: SeenStoreError.databaseMissing(path: path)) {
            try SQLiteSeenStore(path: path, options: Self.readOnly)
        }
        #expect(try bytes(of: path) == before)
    }

    @Test func everyWriteIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try SQLiteSeenStore(path: path).markSeen(
            user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        let before = try bytes(of: path)
        let store = try SQLiteSeenStore(path: path, options: Self.readOnly)
        let refused = SeenStoreError.readOnlyFile(path: path)
        #expect(throws: refused) {
            try store.markSeen(user: "bob", walkthrough: "foodpin", version: 1, outcome: .skipped)
        }
        #expect(throws: refused) {
            try store.saveProgress(user: "bob", walkthrough: "foodpin", version: 1, page: 1)
        }
        #expect(throws: refused) { try store.reset(user: "alice", walkthrough: nil) }
        #expect(throws: refused) { try store.resetAllUsers(walkthrough: "foodpin") }
        #expect(try store.records(user: nil).map(\.user) == ["alice"])
        #expect(try bytes(of: path) == before)
    }

    /// A store the user may read but not write (an administrator's shared file) still answers;
    /// reading a WAL database leaves no `-wal` or `-shm` file behind.
    @Test func aFileTheUserMayNotWriteIsStillRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try SQLiteSeenStore(path: path).markSeen(
            user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(sideFiles(of: path).isEmpty)
        let method = try makeReadOnly(path)
        defer { try? makeWritable(path, method) }
        #expect(throws: SeenStoreError.readOnlyFile(path: path)) {
            try SQLiteSeenStore(path: path)
        }
        let store = try SQLiteSeenStore(path: path, options: Self.readOnly)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
        #expect(try !store.hasSeen(user: "bob", walkthrough: "foodpin", version: 1))
    }

    @Test func readingAWALDatabaseLeavesNoSideFiles() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try SQLiteSeenStore(path: path).markSeen(
            user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        let before = try bytes(of: path)
        do {
            let store = try SQLiteSeenStore(path: path, options: Self.readOnly)
            #expect(try store.record(user: "alice", walkthrough: "foodpin")?.outcome == .completed)
        }
        #expect(sideFiles(of: path).isEmpty)
        #expect(try bytes(of: path) == before)
    }
}
