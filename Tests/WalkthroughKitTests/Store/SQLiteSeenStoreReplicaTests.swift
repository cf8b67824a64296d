import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The replica's way into the SQLite store (`SQLiteSeenStore+Replica.swift`) on a real file: a
/// transaction is all or nothing, values are bound, a refresh from the server replaces the
/// user's records and buries what its tombstones cover.
struct SQLiteSeenStoreReplicaTests {
    private let folder: TemporaryFolder
    private let store: SQLiteSeenStore

    /// A table of the caller's own, as the replica keeps its outbox.
    private static let tables = ["own_notes"]
    private static let create = [
        "CREATE TABLE IF NOT EXISTS own_notes (user TEXT NOT NULL, note TEXT, n INTEGER)"
    ]
    private static let insert = "INSERT INTO own_notes (user, note, n) VALUES (?1, ?2, ?3)"
    private static let select = "SELECT user, note, n FROM own_notes ORDER BY rowid"

    init() throws {
        folder = try TemporaryFolder()
        store = try SQLiteSeenStore(
            path: folder.file("replica.sqlite3"),
            now: { Timestamp(millisecondsSince1970: 5_000) })
        try store.createTables(Self.tables, by: Self.create)
    }

    private func finished(_ user: String, _ walkthrough: String) -> SessionStep {
        SessionStep(
            user: user, walkthrough: walkthrough, version: 1, change: .seen(.completed),
            events: [.init(.page, page: 0)])
    }

    private func events(of user: String) throws -> [WalkthroughEvent] {
        var events: [WalkthroughEvent] = []
        try store.forEachEvent(matching: EventFilter(user: user)) { events.append($0) }
        return events
    }

    private func goals(of user: String) throws -> [String] {
        try store.goalPage(matching: EventFilter(user: user), after: .start, limit: 100)
            .map(\.item.goal)
    }

    @Test func aStepAndTheCallersRowAreCommittedTogetherAndTheRecordIsAnswered() throws {
        let record = try store.transaction { transaction throws(SeenStoreError) in
            let record = try transaction.apply(finished("ada", "tour"), stamp: 1_000)
            try transaction.run(Self.insert, [.text("ada"), .text("queued"), .integer(1)])
            return record
        }
        #expect(record?.outcome == .completed)
        #expect(record?.updatedAt == Timestamp(millisecondsSince1970: 1_000))
        #expect(try store.record(user: "ada", walkthrough: "tour") == record)
        #expect(try store.rows(Self.select) == [[.text("ada"), .text("queued"), .integer(1)]])
        #expect(try events(of: "ada").map(\.kind) == [.page])
    }

    @Test func aTransactionWhoseBodyThrowsLeavesNothing() throws {
        let refusal = SeenStoreError.failed(path: store.path, detail: "refused by the caller")
        #expect(throws: refusal) {
            try store.transaction { transaction throws(SeenStoreError) in
                try transaction.apply(finished("ada", "tour"), stamp: 1_000)
                try transaction.recordGoal("signedUp", user: "ada", stamp: 1_000)
                try transaction.run(Self.insert, [.text("ada"), .text("queued"), .integer(1)])
                throw refusal
            }
        }
        #expect(try store.record(user: "ada", walkthrough: "tour") == nil)
        #expect(try store.rows(Self.select).isEmpty)
        #expect(try events(of: "ada").isEmpty)
        #expect(try goals(of: "ada").isEmpty)
    }

    @Test func valuesAreBoundAsTheyAreNeverWrittenIntoTheStatement() throws {
        let awkward = "o'brien\"); DROP TABLE seen; --\u{0}end"
        try store.run(Self.insert, [.text(awkward), .null, .integer(-7)])
        #expect(try store.rows(Self.select) == [[.text(awkward), .null, .integer(-7)]])
        #expect(
            try store.rows("SELECT count(*) FROM own_notes WHERE user = ?1", [.text(awkward)])
                == [[.integer(1)]])
        #expect(try store.records(user: nil).isEmpty)
    }

    @Test func tablesThatAreThereAreNotCreatedAgain() throws {
        // A statement that would fail if it ran: the tables are all there, so none runs.
        try store.createTables(Self.tables, by: ["CREATE TABLE own_notes (x)"])
        #expect(throws: SeenStoreError.self) {
            try store.createTables(Self.tables + ["own_more"], by: ["CREATE TABLE own_notes (x)"])
        }
    }

    @Test func aRefreshReplacesTheUsersRecordsAndBuriesWhatItsTombstonesCover() throws {
        try store.transaction { transaction throws(SeenStoreError) in
            try transaction.apply(finished("ada", "tour"), stamp: 1_000)
            try transaction.apply(finished("ada", "intro"), stamp: 2_000)
            try transaction.apply(finished("bo", "intro"), stamp: 2_000)
            try transaction.recordGoal("early", user: "ada", stamp: 1_500)
            try transaction.recordGoal("late", user: "ada", stamp: 3_000)
        }
        let fromServer = SeenRecord(
            user: "ada", walkthrough: "tour", version: 2, outcome: .skipped, lastPage: 3,
            updatedAt: Timestamp(millisecondsSince1970: 4_000))

        try store.transaction { transaction throws(SeenStoreError) in
            try transaction.replaceRecords(
                of: "ada", with: [fromServer],
                tombstones: [(walkthrough: "intro", at: 2_000), (walkthrough: "", at: 1_500)])
        }

        // The server's record as it has it; the one it does not have is gone.
        #expect(try store.records(user: "ada") == [fromServer])
        // "intro" buried up to 2 000, everything up to 1 500: no event of ada's is left.
        #expect(try events(of: "ada").isEmpty)
        // The tombstone of all ada's walkthroughs takes the goals up to its time.
        #expect(try goals(of: "ada") == ["late"])
        // Nobody else's.
        #expect(try store.records(user: "bo").map(\.walkthrough) == ["intro"])
        #expect(try events(of: "bo").count == 1)
    }

    @Test func theUsersAreThoseWithARecordOrAGoalInTheOrderOfTheirBytes() throws {
        try store.transaction { transaction throws(SeenStoreError) in
            try transaction.apply(finished("zoë", "tour"), stamp: 1_000)
            try transaction.apply(finished("Ada", "tour"), stamp: 1_000)
            try transaction.recordGoal("signedUp", user: "bo", stamp: 1_000)
            try transaction.recordGoal("signedUp", user: "Ada", stamp: 1_000)
        }
        #expect(try store.users() == ["Ada", "bo", "zoë"])
    }
}
