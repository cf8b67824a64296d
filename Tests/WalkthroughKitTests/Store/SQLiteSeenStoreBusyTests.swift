import Foundation
import Synchronization
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// A write that meets another connection's lock waits for it (the busy timeout), and fails with
/// the "locked" error naming the file, without hanging, once the timeout has passed.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SQLiteSeenStoreBusyTests {
    @Test func aWriteWaitsForALockAndSucceedsWhenItIsReleased() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let store = try SQLiteSeenStore(path: path, options: .init(busyTimeout: .seconds(30)))
        let holder = try RawDatabase(path)
        try holder.exec("BEGIN IMMEDIATE")

        let started = Mutex(false)
        let released = Mutex(false)
        let writer = Task.detached {
            started.withLock { $0 = true }
            try store.markSeen(
                user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
            // The write can only have got through after the lock was given up.
            return released.withLock { $0 }
        }
        // Release only once the writer is on its way (and then some), so that a write that did
        // not wait would finish before the release and fail the check below.
        while !started.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(300))
        released.withLock { $0 = true }
        try holder.exec("COMMIT")

        #expect(try await writer.value == true)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
    }

    @Test func aLockHeldPastTheTimeoutGivesTheLockedErrorNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let store = try SQLiteSeenStore(
            path: path, options: .init(busyTimeout: .milliseconds(200)))
        let holder = try RawDatabase(path)
        try holder.exec("BEGIN IMMEDIATE")

        let error = try #require(throws: SeenStoreError.self) {
            try store.markSeen(
                user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        }
        #expect(error == .locked(path: path, timeout: .milliseconds(200)))
        #expect(error.description.contains(path))
        #expect(error.description.contains("0.2 s"))

        // Reads are not blocked by a writer in WAL mode, and the store works once released.
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1) == false)
        try holder.exec("COMMIT")
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
    }

    @Test func openingAFileLockedPastTheTimeoutIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try write(Data(), to: path)
        // Another program holds a write lock on the new, empty database (rollback-journal mode):
        // initialising it needs that lock.
        let holder = try RawDatabase(path)
        try holder.exec("BEGIN IMMEDIATE")

        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path, options: .init(busyTimeout: .milliseconds(200)))
        }
        #expect(error == .locked(path: path, timeout: .milliseconds(200)))
        try holder.exec("ROLLBACK")
        #expect(try bytes(of: path).isEmpty)
    }

    /// Switching a new file to WAL needs it to itself, and SQLite refuses the switch at once,
    /// without the busy handler, while another connection holds a write lock: what happens when
    /// several processes create the store at the same moment. Opening waits for it instead.
    @Test func openingANewFileWaitsForAnotherCreatorBeforeSwitchingToWAL() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try write(Data(), to: path)
        let holder = try RawDatabase(path)
        try holder.exec("BEGIN IMMEDIATE")  // what another process creating the store holds

        let started = Mutex(false)
        let released = Mutex(false)
        let opener = Task.detached {
            started.withLock { $0 = true }
            let store = try SQLiteSeenStore(path: path, options: .init(busyTimeout: .seconds(30)))
            try store.markSeen(
                user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
            return released.withLock { $0 }
        }
        while !started.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(300))
        released.withLock { $0 = true }
        try holder.exec("COMMIT")

        #expect(try await opener.value == true)
        #expect(try RawDatabase(path).scalar("PRAGMA journal_mode") == "wal")
    }
}
