import Foundation
import Testing
import WalkthroughFleet
import WalkthroughKit
import WalkthroughTestSupport

/// Which store a shared test runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory
    case sqlite
    case postgres
    /// PostgreSQL through pgbouncer in transaction pooling mode, in direct mode.
    case pgbouncer
    /// What a `postgresql://` URL opens by default: a replica file on this machine in front of
    /// the server.
    case replica

    /// Every kind this machine can test: PostgreSQL, directly and through a replica, where a
    /// test server runs (see `TestPostgres`; `PostgresAvailabilityTests` says why when it does
    /// not), and through pgbouncer where it is installed.
    static var allCases: [StoreKind] {
        guard TestPostgres.unavailableReason == nil else { return [.inMemory, .sqlite] }
        guard TestPostgres.pgBouncerUnavailableReason == nil else {
            return [.inMemory, .sqlite, .postgres, .replica]
        }
        return [.inMemory, .sqlite, .postgres, .pgbouncer, .replica]
    }

    /// Whether the store's names go to a PostgreSQL server (directly, through the pooler or
    /// through a replica), whose text cannot hold NUL.
    var isPostgreSQL: Bool { self != .inMemory && self != .sqlite }

    var testDescription: String { rawValue }

    /// A new, empty store of this kind whose ``SteppingClock`` moves one second on with each
    /// change the test makes (see ``SteppedStore``).
    func make() throws -> StoreFixture {
        let clock = SteppingClock()
        return try make(now: clock.now, steppedBy: clock)
    }

    /// A new, empty store of this kind stamping with `now`, a clock the test sets itself.
    func make(now: @escaping @Sendable () -> Timestamp) throws -> StoreFixture {
        try make(now: now, steppedBy: nil)
    }

    private func make(
        now: @escaping @Sendable () -> Timestamp, steppedBy clock: SteppingClock?
    ) throws -> StoreFixture {
        let base: any EventRecordingStore
        var folder: TemporaryFolder?
        switch self {
        case .inMemory:
            base = InMemorySeenStore(now: now)
        case .sqlite:
            let made = try TemporaryFolder()
            folder = made
            base = try SQLiteSeenStore(path: made.file("seen.sqlite3"), now: now)
        case .postgres:
            // A schema of its own on the shared test server: tests stay independent.
            let url = try TestPostgres.shared().freshSchemaURL()
            base = try PostgresSeenStore(url: url, now: now)
        case .pgbouncer:
            // A database of its own: pgbouncer passes no search path.
            let url = try TestPostgres.sharedPgBouncer().freshDatabaseURL()
            base = try PostgresSeenStore(url: url, now: now)
        case .replica:
            let made = try TemporaryFolder()
            folder = made
            base = try Self.replica(in: made, now: now)
        }
        return StoreFixture(
            store: SteppedStore(base: base, clock: clock, folder: folder), folder: folder)
    }

    /// The store `PostgresSeenStore.Driver` opens for a `postgresql://` URL without
    /// `WALKTHROUGH_REPLICA=off`, on a schema of its own of the shared test server, its replica
    /// file in `folder`. The network budget is a minute rather than 300 ms: this suite is about
    /// what the replica answers when the server can be asked, which a loaded test machine must
    /// not turn into what it answers when it cannot (that is `ReplicaOutboxTests`' and the
    /// fleet tests').
    private static func replica(
        in folder: TemporaryFolder, now: @escaping @Sendable () -> Timestamp
    ) throws -> ReplicaSeenStore {
        let url = try TestPostgres.shared().freshSchemaURL()
        var environment = ProcessEnvironment.current()
        environment["WALKTHROUGH_REPLICA"] = folder.file("replica.sqlite3")
        environment["WALKTHROUGH_NETWORK_BUDGET"] = "60000"
        environment["WALKTHROUGH_SYNC_INTERVAL"] = nil
        return try ReplicaSeenStore(
            url: url, settings: try ReplicaSettings(url: url, environment: environment),
            options: StoreOpenOptions(), environment: environment, now: now)
    }
}

/// A store under test and the temporary folder its file lives in.
struct StoreFixture {
    let store: any EventRecordingStore
    let folder: TemporaryFolder?
}

/// User names that must be stored and returned exactly as given: quotes, SQL, emoji, CJK,
/// empty-looking and control characters (every C0 one but NUL, DEL, C1), 256-byte names.
let oddUserNames: [String] = [
    "O'Brien",
    "\"double\" and 'single'",
    "'; DROP TABLE seen; --",
    "Robert'); DELETE FROM seen WHERE ('1' = '1",
    "😀👩‍👩‍👧‍👦",
    "用户名",
    "ユーザー",
    "",
    " ",
    "   ",
    "\u{200B}",
    "tab\there",
    "line\nbreak",
    "nul\u{0}inside",
    "%_*?[]",
    "back\\slash",
    "\\'\\\"\\\\%\\_",
    String((UInt8(1)...31).map { Character(Unicode.Scalar($0)) }) + "\u{7F}",
    "\u{1B}[31mred\u{1B}[0m\r\u{8}\u{7}",
    "\u{85}\u{9B}\u{202E}",
    String(repeating: "a", count: 256),
    String(repeating: "用", count: 85) + "x",
    String(repeating: "%", count: 128) + String(repeating: "_", count: 128),
]

/// The behaviour every ``SeenStore`` must have. Each test runs against every ``StoreKind``.
struct SeenStoreBehaviourTests {
    // MARK: - Empty store

    @Test(arguments: StoreKind.allCases)
    func emptyStoreKnowsNothing(kind: StoreKind) throws {
        let store = try kind.make().store
        #expect(try store.record(user: "alice", walkthrough: "foodpin") == nil)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1) == false)
        #expect(try store.records(user: nil).isEmpty)
        #expect(try store.records(user: "alice").isEmpty)
        #expect(try store.reset(user: "alice", walkthrough: "foodpin") == 0)
        #expect(try store.reset(user: "alice", walkthrough: nil) == 0)
        #expect(try store.resetAllUsers(walkthrough: "foodpin") == 0)
    }

    // MARK: - markSeen and hasSeen

    @Test(arguments: StoreKind.allCases, Navigator.FinishOutcome.allCases)
    func markSeenStoresTheOutcome(kind: StoreKind, outcome: Navigator.FinishOutcome) throws {
        let store = try kind.make().store
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 2, outcome: outcome)
        let expected = SeenRecord(
            user: "alice", walkthrough: "foodpin", version: 2, outcome: SeenRecord.Outcome(outcome),
            lastPage: 0, updatedAt: SteppingClock.instant(1))
        #expect(try store.record(user: "alice", walkthrough: "foodpin") == expected)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 2))
    }

    @Test(arguments: StoreKind.allCases)
    func hasSeenIsTrueForTheSeenVersionAndOlderOnly(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 2, outcome: .completed)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 2))
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 3) == false)
        #expect(try store.hasSeen(user: "bob", walkthrough: "foodpin", version: 1) == false)
        #expect(try store.hasSeen(user: "alice", walkthrough: "other", version: 1) == false)
    }

    @Test(arguments: StoreKind.allCases)
    func progressAloneIsNotSeen(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.saveProgress(user: "alice", walkthrough: "foodpin", version: 1, page: 2)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1) == false)
        let expected = SeenRecord(
            user: "alice", walkthrough: "foodpin", version: 1, outcome: .inProgress, lastPage: 2,
            updatedAt: SteppingClock.instant(1))
        #expect(try store.record(user: "alice", walkthrough: "foodpin") == expected)
    }

    @Test(arguments: StoreKind.allCases)
    func markSeenKeepsTheLastPage(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.saveProgress(user: "alice", walkthrough: "foodpin", version: 1, page: 3)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        let record = try #require(try store.record(user: "alice", walkthrough: "foodpin"))
        #expect(record.outcome == .completed)
        #expect(record.lastPage == 3)
        #expect(record.updatedAt == SteppingClock.instant(2))
    }

    @Test(arguments: StoreKind.allCases)
    func markSeenNeverReplacesANewerSeenVersion(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 3, outcome: .skipped)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 2, outcome: .completed)
        let record = try #require(try store.record(user: "alice", walkthrough: "foodpin"))
        #expect(record.version == 3)
        #expect(record.outcome == .skipped)
        #expect(record.updatedAt == SteppingClock.instant(1))
    }

    @Test(arguments: StoreKind.allCases)
    func markSeenReplacesTheSameOrAnOlderVersion(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .skipped)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(try store.record(user: "alice", walkthrough: "foodpin")?.outcome == .completed)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 2, outcome: .skipped)
        let record = try #require(try store.record(user: "alice", walkthrough: "foodpin"))
        #expect(record.version == 2)
        #expect(record.outcome == .skipped)
        #expect(record.updatedAt == SteppingClock.instant(3))
        #expect(try store.records(user: nil).count == 1)
    }

    /// Skipping a replay does not undo having completed the same version.
    @Test(arguments: StoreKind.allCases)
    func skippedNeverReplacesCompletedOfTheSameVersion(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .skipped)
        let record = try #require(try store.record(user: "alice", walkthrough: "foodpin"))
        #expect(record.outcome == .completed)
        #expect(record.updatedAt == SteppingClock.instant(1))
    }

    @Test(arguments: StoreKind.allCases)
    func markSeenReplacesAnUnfinishedRunOfAnyVersion(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.saveProgress(user: "alice", walkthrough: "foodpin", version: 3, page: 4)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 2, outcome: .completed)
        let expected = SeenRecord(
            user: "alice", walkthrough: "foodpin", version: 2, outcome: .completed, lastPage: 4,
            updatedAt: SteppingClock.instant(2))
        #expect(try store.record(user: "alice", walkthrough: "foodpin") == expected)
    }

    // MARK: - saveProgress

    @Test(arguments: StoreKind.allCases)
    func saveProgressMovesThePage(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.saveProgress(user: "alice", walkthrough: "foodpin", version: 1, page: 1)
        try store.saveProgress(user: "alice", walkthrough: "foodpin", version: 1, page: 0)
        let record = try #require(try store.record(user: "alice", walkthrough: "foodpin"))
        #expect(record.lastPage == 0)
        #expect(record.updatedAt == SteppingClock.instant(2))
    }

    @Test(arguments: StoreKind.allCases, [1, 2])
    func saveProgressNeverDowngradesASeenRecordOfTheSameOrNewerVersion(
        kind: StoreKind, progressVersion: Int
    ) throws {
        let store = try kind.make().store
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 2, outcome: .completed)
        let before = try store.record(user: "alice", walkthrough: "foodpin")
        try store.saveProgress(
            user: "alice", walkthrough: "foodpin", version: progressVersion, page: 5)
        #expect(try store.record(user: "alice", walkthrough: "foodpin") == before)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 2))
    }

    @Test(arguments: StoreKind.allCases)
    func progressOnANewerVersionStartsAnUnfinishedRun(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        try store.saveProgress(user: "alice", walkthrough: "foodpin", version: 2, page: 1)
        let expected = SeenRecord(
            user: "alice", walkthrough: "foodpin", version: 2, outcome: .inProgress, lastPage: 1,
            updatedAt: SteppingClock.instant(2))
        #expect(try store.record(user: "alice", walkthrough: "foodpin") == expected)
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1) == false)
    }

    // MARK: - reset

    @Test(arguments: StoreKind.allCases)
    func resetOfOneWalkthroughRemovesOnlyThatRecord(kind: StoreKind) throws {
        let store = try kind.make().store
        try seedThreeUsers(store)
        #expect(try store.reset(user: "alice", walkthrough: "foodpin") == 1)
        #expect(try store.reset(user: "alice", walkthrough: "foodpin") == 0)
        #expect(try store.record(user: "alice", walkthrough: "foodpin") == nil)
        #expect(try store.record(user: "alice", walkthrough: "tour") != nil)
        #expect(try store.record(user: "bob", walkthrough: "foodpin") != nil)
        #expect(try store.records(user: nil).count == 4)
    }

    @Test(arguments: StoreKind.allCases)
    func resetOfAUserRemovesAllTheirRecordsOnly(kind: StoreKind) throws {
        let store = try kind.make().store
        try seedThreeUsers(store)
        #expect(try store.reset(user: "alice", walkthrough: nil) == 2)
        #expect(try store.records(user: "alice").isEmpty)
        #expect(try store.records(user: nil).map(\.user) == ["bob", "carol", "carol"])
    }

    @Test(arguments: StoreKind.allCases)
    func resetAllUsersRemovesOneWalkthroughForEveryone(kind: StoreKind) throws {
        let store = try kind.make().store
        try seedThreeUsers(store)
        #expect(try store.resetAllUsers(walkthrough: "foodpin") == 3)
        #expect(try store.resetAllUsers(walkthrough: "foodpin") == 0)
        let left = try store.records(user: nil)
        #expect(left.map(\.user) == ["alice", "carol"])
        #expect(left.allSatisfy { $0.walkthrough == "tour" })
    }

    // MARK: - records

    @Test(arguments: StoreKind.allCases)
    func recordsAreOrderedByUserThenWalkthroughByBytes(kind: StoreKind) throws {
        let store = try kind.make().store
        let keys: [(String, String)] = [
            ("bob", "tour"), ("Zoe", "b"), ("émile", "a"), ("bob", "Tour"), ("alice", "z"),
            ("bob", "foodpin"), ("用户", "a"), ("alice", "a"),
        ]
        for (user, walkthrough) in keys {
            try store.markSeen(user: user, walkthrough: walkthrough, version: 1, outcome: .skipped)
        }
        // Upper case sorts before lower case and ASCII before other scripts, byte by byte.
        let expected = [
            "Zoe/b", "alice/a", "alice/z", "bob/Tour", "bob/foodpin", "bob/tour", "émile/a",
            "用户/a",
        ]
        #expect(try store.records(user: nil).map { "\($0.user)/\($0.walkthrough)" } == expected)
        #expect(try store.records(user: "bob").map(\.walkthrough) == ["Tour", "foodpin", "tour"])
    }

    @Test(arguments: StoreKind.allCases)
    func recordsCarryEveryField(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.saveProgress(user: "alice", walkthrough: "tour", version: 4, page: 7)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 2, outcome: .skipped)
        #expect(
            try store.records(user: "alice") == [
                SeenRecord(
                    user: "alice", walkthrough: "foodpin", version: 2, outcome: .skipped,
                    lastPage: 0, updatedAt: SteppingClock.instant(2)),
                SeenRecord(
                    user: "alice", walkthrough: "tour", version: 4, outcome: .inProgress,
                    lastPage: 7, updatedAt: SteppingClock.instant(1)),
            ])
    }

    // MARK: - Names stored literally

    @Test(arguments: StoreKind.allCases, oddUserNames)
    func oddUserNamesAreStoredAndReturnedLiterally(kind: StoreKind, name: String) throws {
        let store = try kind.make().store
        try store.markSeen(
            user: "bystander", walkthrough: "foodpin", version: 1, outcome: .completed)
        if kind.isPostgreSQL, name.utf8.contains(0) {
            // PostgreSQL text cannot hold NUL: refused, never cut short at the NUL.
            let error = #expect(throws: SeenStoreError.self) {
                try store.markSeen(user: name, walkthrough: name, version: 1, outcome: .completed)
            }
            guard case .server(let server)? = error else {
                Issue.record("expected a server error, got \(String(describing: error))")
                return
            }
            #expect(server.kind == .unsupportedValue)
            #expect(try store.records(user: nil).map(\.user) == ["bystander"])
            return
        }
        try store.markSeen(user: name, walkthrough: name, version: 1, outcome: .completed)

        let record = try #require(try store.record(user: name, walkthrough: name))
        #expect(Array(record.user.utf8) == Array(name.utf8))
        #expect(Array(record.walkthrough.utf8) == Array(name.utf8))
        #expect(try store.hasSeen(user: name, walkthrough: name, version: 1))
        #expect(try store.records(user: name).map { Array($0.user.utf8) } == [Array(name.utf8)])
        #expect(try store.records(user: nil).count == 2)

        #expect(try store.reset(user: name, walkthrough: nil) == 1)
        #expect(try store.records(user: nil).map(\.user) == ["bystander"])
    }

    /// `%`, `_` and `\` are themselves, never patterns or escapes: a name holding them matches
    /// only itself in every lookup, listing and reset.
    @Test(arguments: StoreKind.allCases)
    func wildcardsAndEscapesMatchOnlyThemselves(kind: StoreKind) throws {
        let store = try kind.make().store
        let names = ["a%", "a_c", "abc", "a\\_c", "a\\%", "%", "_"]
        for name in names {
            try store.markSeen(user: name, walkthrough: name, version: 1, outcome: .completed)
        }
        for name in names {
            #expect(try store.records(user: name).map(\.walkthrough) == [name])
            for other in names where other != name {
                #expect(try store.hasSeen(user: name, walkthrough: other, version: 1) == false)
                #expect(try store.record(user: other, walkthrough: name) == nil)
            }
        }
        #expect(try store.hasSeen(user: "abcd", walkthrough: "a%", version: 1) == false)
        #expect(try store.reset(user: "a%", walkthrough: nil) == 1)
        #expect(try store.reset(user: "_", walkthrough: "_") == 1)
        #expect(try store.resetAllUsers(walkthrough: "a_c") == 1)
        #expect(try store.records(user: nil).map(\.user) == ["%", "a\\%", "a\\_c", "abc"])
    }

    @Test(arguments: StoreKind.allCases)
    func canonicallyEquivalentNamesAreDifferentUsers(kind: StoreKind) throws {
        let store = try kind.make().store
        let composed = "\u{E9}mile"  // é as one code point
        let decomposed = "e\u{301}mile"  // e + combining acute accent
        try store.markSeen(user: composed, walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(try store.hasSeen(user: decomposed, walkthrough: "foodpin", version: 1) == false)
        try store.saveProgress(user: decomposed, walkthrough: "foodpin", version: 1, page: 1)
        #expect(try store.records(user: nil).count == 2)
        #expect(try store.record(user: composed, walkthrough: "foodpin")?.outcome == .completed)
        #expect(try store.record(user: decomposed, walkthrough: "foodpin")?.outcome == .inProgress)
    }

    // MARK: - Walkthrough conveniences

    @Test(arguments: StoreKind.allCases)
    func walkthroughConveniencesUseItsIdAndVersion(kind: StoreKind) throws {
        let store = try kind.make().store
        let version1 = Walkthrough(
            id: "foodpin", pages: [Page(id: "a", heading: "A", content: "")])
        var version2 = version1
        version2.version = 2
        try store.saveProgress(user: "alice", walkthrough: version1, page: 0)
        try store.markSeen(user: "alice", walkthrough: version1)
        #expect(try store.hasSeen(user: "alice", walkthrough: version1))
        #expect(try store.hasSeen(user: "alice", walkthrough: version2) == false)
        #expect(try store.record(user: "alice", walkthrough: version1)?.outcome == .completed)
        #expect(try store.reset(user: "alice", walkthrough: version2) == 1)
        #expect(try store.records(user: nil).isEmpty)
    }

    // MARK: - Helpers

    /// alice: foodpin + tour; bob: foodpin; carol: foodpin + tour.
    private func seedThreeUsers(_ store: any SeenStore) throws {
        for user in ["alice", "bob", "carol"] {
            try store.markSeen(user: user, walkthrough: "foodpin", version: 1, outcome: .completed)
        }
        try store.saveProgress(user: "alice", walkthrough: "tour", version: 1, page: 1)
        try store.markSeen(user: "carol", walkthrough: "tour", version: 1, outcome: .skipped)
    }
}
