import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// A ``Session`` against the real SQLite store: resuming, restarting, version bumps, replays and
/// failed writes.
struct SessionStoreTests {
    let folder: TemporaryFolder
    let path: String
    let store: SQLiteSeenStore

    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("seen.sqlite3")
        store = try SQLiteSeenStore(path: path)
    }

    static func tour(version: Int = 1) -> Walkthrough {
        Walkthrough(
            id: "foodpin", version: version,
            pages: (1...4).map { Page(id: "p\($0)", heading: "Page \($0)", content: "") })
    }

    @Test func aNewSessionStartsOnTheFirstPageAndSavesProgressAsItMoves() throws {
        let session = try Session(walkthrough: Self.tour(), user: "alice", store: store)
        #expect(!session.alreadySeen)
        #expect(!session.isResuming)
        try session.start()
        try session.next()
        try session.next()
        let record = try #require(try store.record(user: "alice", walkthrough: "foodpin"))
        #expect(record.outcome == .inProgress)
        #expect(record.lastPage == 2)
    }

    @Test func anUnfinishedRunResumesAtItsStoredPage() throws {
        do {
            let first = try Session(walkthrough: Self.tour(), user: "alice", store: store)
            try first.start()
            try first.jump(to: 2)
        }
        let reopened = try SQLiteSeenStore(path: path)
        let second = try Session(walkthrough: Self.tour(), user: "alice", store: reopened)
        #expect(second.isResuming)
        #expect(second.resumedAt == 2)
        #expect(second.navigator.index == 2)
        #expect(second.currentPage.id == "p3")
    }

    @Test func restartIgnoresTheStoredPage() throws {
        let first = try Session(walkthrough: Self.tour(), user: "alice", store: store)
        try first.jump(to: 3)
        let second = try Session(
            walkthrough: Self.tour(), user: "alice", store: store, restart: true)
        #expect(!second.isResuming)
        #expect(second.navigator.index == 0)
        try second.start()
        #expect(try store.record(user: "alice", walkthrough: "foodpin")?.lastPage == 0)
    }

    @Test func finishingRecordsTheOutcome() throws {
        let session = try Session(walkthrough: Self.tour(), user: "alice", store: store)
        try session.jump(to: 1)
        #expect(try session.skip() == .skipped)
        let record = try #require(try store.record(user: "alice", walkthrough: "foodpin"))
        #expect(record.outcome == .skipped)
        #expect(record.lastPage == 1)
        #expect(try Session(walkthrough: Self.tour(), user: "alice", store: store).alreadySeen)
    }

    @Test func aNewVersionIsShownAgainToAUserWhoSawTheOldOne() throws {
        let first = try Session(walkthrough: Self.tour(version: 1), user: "alice", store: store)
        for _ in 0..<4 { try first.next() }
        #expect(first.outcome == .completed)

        #expect(
            try Session(walkthrough: Self.tour(version: 1), user: "alice", store: store).alreadySeen
        )
        let bumped = try Session(walkthrough: Self.tour(version: 2), user: "alice", store: store)
        #expect(!bumped.alreadySeen)
        #expect(!bumped.isResuming)
    }

    @Test func aReplayQuitPartWayNeverDowngradesTheSeenRecord() throws {
        let first = try Session(walkthrough: Self.tour(), user: "alice", store: store)
        for _ in 0..<4 { try first.next() }

        let replay = try Session(walkthrough: Self.tour(), user: "alice", store: store)
        #expect(replay.alreadySeen)
        try replay.start()
        try replay.next()
        try replay.jump(to: 2)
        // The replay is abandoned here.
        let record = try #require(try store.record(user: "alice", walkthrough: "foodpin"))
        #expect(record.outcome == .completed)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
    }

    @Test func aFailedStoreWriteLeavesTheSessionUnchanged() throws {
        let impatient = try SQLiteSeenStore(
            path: path, options: .init(busyTimeout: .milliseconds(100)))
        let session = try Session(walkthrough: Self.tour(), user: "alice", store: impatient)
        var events: [Session.Event] = []
        session.observe { events.append($0) }
        try session.start()
        try session.next()

        let holder = try RawDatabase(path)
        try holder.exec("BEGIN IMMEDIATE")
        #expect(throws: SeenStoreError.locked(path: path, timeout: .milliseconds(100))) {
            try session.next()
        }
        #expect(throws: SeenStoreError.self) { try session.skip() }
        #expect(session.navigator.index == 1)
        #expect(session.outcome == nil)
        #expect(events == [.pageChanged(from: 0, to: 1, direction: .forward)])
        try holder.exec("COMMIT")

        try session.next()
        #expect(session.navigator.index == 2)
        #expect(try store.record(user: "alice", walkthrough: "foodpin")?.lastPage == 2)
    }

    /// A signal asks the process to end: the `interrupted` event waits a second at most for
    /// another process's lock; the writes before and after it keep the store's busy timeout.
    @Test func theInterruptedEventWaitsASecondAtMostForALockOtherWritesTheirWholeTimeout() throws {
        let patient = try SQLiteSeenStore(path: path, options: .init(busyTimeout: .seconds(3)))
        let session = try Session(walkthrough: Self.tour(), user: "alice", store: patient)
        try session.start()
        try session.next()

        let holder = try RawDatabase(path)
        try holder.exec("BEGIN IMMEDIATE")
        var started = ContinuousClock.now
        #expect(throws: SeenStoreError.locked(path: path, timeout: .seconds(1))) {
            try session.interrupted(by: "SIGTERM")
        }
        let interrupted = ContinuousClock.now - started
        #expect(interrupted < .seconds(2), "the interrupted event waited \(interrupted)")
        started = ContinuousClock.now
        #expect(throws: SeenStoreError.locked(path: path, timeout: .seconds(3))) {
            try session.quit()
        }
        let quit = ContinuousClock.now - started
        #expect(
            quit > .seconds(2), "the next write waited only \(quit): its patience was not restored")
        try holder.exec("COMMIT")

        try session.interrupted(by: "SIGTERM")
        let names = try patient.events().map(\.kind.name)
        #expect(names == ["started", "page", "page", "interrupted"])
        #expect(try patient.record(user: "alice", walkthrough: "foodpin")?.lastPage == 1)
    }
}
