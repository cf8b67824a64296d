import CSQLite
import Foundation
import Synchronization
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// A write that meets another connection's lock waits for it (the busy timeout), and fails with
/// the "locked" error naming the file, without hanging, once the timeout has passed.
///
/// No test sleeps a fixed time: a lock is released only once the store says it is waiting for
/// it (``SQLiteSeenStore/lockWaits``), so the tests mean the same on a fast machine and on a
/// loaded one.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SQLiteSeenStoreBusyTests {
    @Test func aWriteWaitsForALockAndSucceedsWhenItIsReleased() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let store = try SQLiteSeenStore(path: path, options: .init(busyTimeout: .seconds(60)))
        let holder = try RawDatabase(path)
        // Its COMMIT needs the waiter's brief shared locks (taken on each retry) to clear.
        sqlite3_busy_timeout(holder.handle, 30_000)
        try holder.exec("BEGIN IMMEDIATE")

        let released = Mutex(false)
        // The write can only have got through after the lock was given up.
        let outcome = Mutex<Result<Bool, SeenStoreError>?>(nil)
        let writer = BackgroundThread {
            let result = Result { () throws(SeenStoreError) -> Bool in
                try store.markSeen(
                    user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
                return released.withLock { $0 }
            }
            outcome.withLock { $0 = result }
        }
        #expect(waitUntil(timeout: 30) { store.lockWaits.current > 0 }, "the writer never waited")
        released.withLock { $0 = true }
        try holder.exec("COMMIT")
        writer.join()

        #expect(try outcome.withLock { $0 }?.get() == true)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
    }

    @Test func aLockHeldPastTheTimeoutGivesTheLockedErrorNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let store = try SQLiteSeenStore(
            path: path, options: .init(busyTimeout: .milliseconds(200)))
        let holder = try RawDatabase(path)
        // Its COMMIT needs the waiter's brief shared locks (taken on each retry) to clear.
        sqlite3_busy_timeout(holder.handle, 30_000)
        try holder.exec("BEGIN IMMEDIATE")

        let error = try #require(throws: SeenStoreError.self) {
            try store.markSeen(
                user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        }
        #expect(error == .locked(path: path, timeout: .milliseconds(200)))
        #expect(error.description.contains(path))
        #expect(error.description.contains("0.2 s"))
        #expect(store.lockWaits.current == 1)

        // A reserved lock (a writer that has not started to commit) does not block readers, and
        // the store works once the lock is released.
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1) == false)
        try holder.exec("COMMIT")
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
    }

    @Test func aReadWaitsForAWriterThatIsCommitting() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let store = try SQLiteSeenStore(path: path, options: .init(busyTimeout: .seconds(60)))
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        // An exclusive lock is what a writer of the rollback journal holds while it commits.
        let holder = try RawDatabase(path)
        try holder.exec("BEGIN EXCLUSIVE")
        let answer = Mutex<Result<Bool, SeenStoreError>?>(nil)
        let reader = BackgroundThread {
            let result = Result { () throws(SeenStoreError) -> Bool in
                try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1)
            }
            answer.withLock { $0 = result }
        }
        #expect(waitUntil(timeout: 30) { store.lockWaits.current > 0 }, "the reader never waited")
        try holder.exec("COMMIT")
        reader.join()
        #expect(try answer.withLock { $0 }?.get() == true)
    }

    @Test func openingAFileLockedPastTheTimeoutIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try write(Data(), to: path)
        // Another program holds a write lock on the new, empty database (rollback-journal mode):
        // initialising it needs that lock.
        let holder = try RawDatabase(path)
        // Its COMMIT needs the waiter's brief shared locks (taken on each retry) to clear.
        sqlite3_busy_timeout(holder.handle, 30_000)
        try holder.exec("BEGIN IMMEDIATE")

        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path, options: .init(busyTimeout: .milliseconds(200)))
        }
        #expect(error == .locked(path: path, timeout: .milliseconds(200)))
        try holder.exec("ROLLBACK")
        #expect(try bytes(of: path).isEmpty)
    }

    /// Several processes creating the store at the same moment: one initialises it while the
    /// others wait for its lock, then use what it made.
    @Test func openingANewFileWaitsForAnotherCreator() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try write(Data(), to: path)
        let holder = try RawDatabase(path)
        // Its COMMIT needs the waiter's brief shared locks (taken on each retry) to clear.
        sqlite3_busy_timeout(holder.handle, 30_000)
        try holder.exec("BEGIN IMMEDIATE")  // what another process creating the store holds

        // The opener's store does not exist until it has opened: its wait shows in the count of
        // the whole process (another test's wait can only make the release come early, and the
        // opener then gets the lock without waiting, which passes too).
        let waitsBefore = WaitCount.process.current
        let failure = Mutex<SeenStoreError?>(nil)
        let opener = BackgroundThread {
            do throws(SeenStoreError) {
                let store = try SQLiteSeenStore(
                    path: path, options: .init(busyTimeout: .seconds(60)))
                try store.markSeen(
                    user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
            } catch {
                failure.withLock { $0 = error }
            }
        }
        #expect(waitUntil(timeout: 30) { WaitCount.process.current > waitsBefore })
        try holder.exec("COMMIT")
        opener.join()

        #expect(failure.withLock { $0 } == nil)
        #expect(try RawDatabase(path).scalar("PRAGMA journal_mode") == "delete")
        #expect(try RawDatabase(path).scalar("SELECT count(*) FROM seen") == "1")
    }
}
