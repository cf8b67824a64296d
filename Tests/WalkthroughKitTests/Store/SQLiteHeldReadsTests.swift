import CSQLite
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Read transactions kept open across calls (``HeldReads``, what `walkthrough serve` does): the
/// shared lock stays between calls, a writer of the process takes the file without waiting for
/// it, another process's writer gets it once the bound has passed with no call at all, and what
/// is read is never older than the last commit.
///
/// Whether the shared lock is held is asked of SQLite itself: another connection's
/// `BEGIN EXCLUSIVE` with no busy timeout fails at once while it is.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SQLiteHeldReadsTests {
    /// Whether a connection of its own could take the file's exclusive lock at once (and gave
    /// it back).
    private func fileIsFree(_ path: String) throws -> Bool {
        let other = try RawDatabase(path)
        sqlite3_busy_timeout(other.handle, 0)
        guard (try? other.exec("BEGIN EXCLUSIVE")) != nil else { return false }
        try other.exec("COMMIT")
        return true
    }

    private func store(_ path: String, in reads: HeldReads) throws -> SQLiteSeenStore {
        let store = try SQLiteSeenStore(path: path, options: .init(busyTimeout: .seconds(30)))
        store.holdReads(in: reads)
        return store
    }

    @Test func aReadKeepsItsSharedLockForTheCallsThatFollowUntilStopped() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let reads = HeldReads(bound: .seconds(600))
        let store = try store(path, in: reads)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(try fileIsFree(path), "a write holds nothing once it returns")

        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
        #expect(try !fileIsFree(path), "the read's transaction was not kept")
        #expect(try store.record(user: "bob", walkthrough: "foodpin") == nil)

        reads.stop()
        #expect(try fileIsFree(path), "stop left a transaction open")
        // After the stop, reads hold nothing.
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
        #expect(try fileIsFree(path))
    }

    @Test func withNoCallsTheTransactionEndsOnItsOwn() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let reads = HeldReads(bound: .milliseconds(1))
        defer { reads.stop() }
        let store = try store(path, in: reads)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
        #expect(
            waitUntil(timeout: 30) { (try? fileIsFree(path)) == true },
            "an unused connection kept its read transaction")
    }

    @Test func aWriterOfTheProcessWaitsForNoHeldRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let reads = HeldReads(bound: .seconds(600))
        defer { reads.stop() }
        let reader = try store(path, in: reads)
        let writer = try store(path, in: reads)
        #expect(try reader.record(user: "alice", walkthrough: "foodpin") == nil)
        #expect(try !fileIsFree(path))

        try writer.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(writer.lockWaits.current == 0, "the writer waited for the held read")
        // The reader's next call begins a new transaction, which sees the write.
        #expect(try reader.record(user: "alice", walkthrough: "foodpin")?.outcome == .completed)
    }

    @Test func anotherProcessesWriteIsSeenOnceItCommits() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let reads = HeldReads(bound: .milliseconds(1))
        defer { reads.stop() }
        let reader = try store(path, in: reads)
        #expect(try !reader.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
        // Another process's store, waiting for the lock as long as it must.
        let other = try SQLiteSeenStore(path: path, options: .init(busyTimeout: .seconds(30)))
        try other.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(try reader.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
    }

    @Test func aWriteOutsideBeginImmediateIsCommittedWhenTheCallReturns() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let reads = HeldReads(bound: .seconds(600))
        defer { reads.stop() }
        let store = try store(path, in: reads)
        try store.createTables(["notes"], by: ["CREATE TABLE IF NOT EXISTS notes (text TEXT)"])
        #expect(try store.rows("SELECT count(*) FROM notes") == [[.integer(0)]])
        try store.run("INSERT INTO notes (text) VALUES (?1)", [.text("kept")])

        let other = try RawDatabase(path)
        #expect(try other.rows("SELECT text FROM notes") == [["kept"]])
    }
}
