import CSQLite
import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// `forEachRecord` reads the store a page at a time (what `walkthrough status` uses on a store of
/// any size) and must give exactly what `records(user:)` gives, in the same order, whatever the
/// page size, the names and the writes that happen meanwhile.
struct RecordPagingTests {
    /// Names that sort in surprising places: bytes, not characters, decide.
    static let oddNames = [
        "", " ", "a", "A", "a\0b", "a\0", "é", "e\u{301}", "👩‍💻", "中文", "z", "\u{7F}", "~",
        "'; DROP TABLE seen; --", String(repeating: "long", count: 64),
    ]

    private func populatedStore(in folder: TemporaryFolder) throws -> SQLiteSeenStore {
        let store = try SQLiteSeenStore(
            path: folder.file("seen.sqlite3"), options: .init(synchronous: .normal))
        for user in Self.oddNames {
            for walkthrough in ["foodpin", "media-tabs", "z", "a.b"] {
                try store.markSeen(
                    user: user, walkthrough: walkthrough, version: 1, outcome: .completed)
            }
        }
        for number in 0..<250 {
            try store.saveProgress(
                user: "user-\(number)", walkthrough: "foodpin", version: 2, page: number % 5)
        }
        return store
    }

    private func streamed(
        _ store: SQLiteSeenStore, user: String?, pageSize: Int
    ) throws -> [SeenRecord] {
        var records: [SeenRecord] = []
        try store.forEachRecord(user: user, pageSize: pageSize) { records.append($0) }
        return records
    }

    @Test(arguments: [1, 2, 7, 60, 1_000])
    func everyPageSizeGivesTheRecordsInOrder(pageSize: Int) throws {
        let folder = try TemporaryFolder()
        let store = try populatedStore(in: folder)
        let all = try store.records(user: nil)
        #expect(all.count == Self.oddNames.count * 4 + 250)
        let paged = try streamed(store, user: nil, pageSize: pageSize)
        #expect(paged == all)
        // `==` on strings ignores how é is written: compare the bytes too.
        #expect(paged.map { Array($0.user.utf8) } == all.map { Array($0.user.utf8) })
        for user in ["a\0b", "e\u{301}", "é", "user-7", "nobody"] {
            let own = try store.records(user: user)
            #expect(try streamed(store, user: user, pageSize: pageSize) == own, "\(user)")
        }
    }

    @Test func theDefaultPageSizeIsUsedByThePublicCall() throws {
        let folder = try TemporaryFolder()
        let store = try populatedStore(in: folder)
        var records: [SeenRecord] = []
        try store.forEachRecord(user: nil) { records.append($0) }
        #expect(records == (try store.records(user: nil)))
        // Through the protocol, the SQLite store's own paging runs, not the default.
        let any: any SeenStore = store
        var count = 0
        try any.forEachRecord(user: "user-3") { _ in count += 1 }
        #expect(count == 1)
    }

    @Test func keysThatAreNotUTF8AreEachReadOnce() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        _ = try SQLiteSeenStore(path: path)
        // Another tool wrote names that are not UTF-8: read back repaired (U+FFFD), they would
        // sort before the stored bytes, and paging by the repaired text would find the same row
        // again and again.
        let raw = try RawDatabase(path)
        for hex in ["61FF", "61FE", "61C3", "FF", "61"] {
            try raw.exec(
                "INSERT INTO seen VALUES (CAST(X'\(hex)' AS TEXT), CAST(X'\(hex)' AS TEXT), 1, "
                    + "'completed', 0, 0, NULL)")
        }
        let store = try SQLiteSeenStore(path: path)
        for pageSize in [1, 2, 3] {
            var count = 0
            try store.forEachRecord(user: nil, pageSize: pageSize) { _ in
                count += 1
                if count > 100 { throw RawError(message: "paging does not end") }
            }
            #expect(count == 5, "page size \(pageSize)")
        }
        var own = 0
        try store.forEachRecord(user: "a", pageSize: 1) { _ in own += 1 }
        #expect(own == 1)
    }

    @Test func theBodyMayUseTheStore() throws {
        let folder = try TemporaryFolder()
        let store = try populatedStore(in: folder)
        var found = 0
        try store.forEachRecord(user: nil, pageSize: 10) { record in
            if try store.record(user: record.user, walkthrough: record.walkthrough) == record {
                found += 1
            }
        }
        #expect(found == Self.oddNames.count * 4 + 250)
    }

    @Test func recordsWrittenMeanwhileAppearAtMostOnceInTheirPlace() throws {
        let folder = try TemporaryFolder()
        let store = try populatedStore(in: folder)
        var users: [String] = []
        try store.forEachRecord(user: nil, pageSize: 5) { record in
            users.append(record.user)
            if record.user == "user-100" {
                // Sorts later: read in its place. Sorts earlier: already behind the reader.
                try store.markSeen(
                    user: "user-999", walkthrough: "new", version: 1, outcome: .completed)
                try store.markSeen(user: "", walkthrough: "new", version: 1, outcome: .completed)
                // Updated in place, later in the order: read once, not twice.
                try store.markSeen(
                    user: "user-150", walkthrough: "foodpin", version: 2, outcome: .skipped)
            }
        }
        #expect(users.filter { $0 == "user-999" }.count == 1)
        #expect(users.filter { $0 == "user-150" }.count == 1)
        #expect(users.filter { $0.isEmpty }.count == 4)
        let all = try store.records(user: nil)
        #expect(all.count == users.count + 1)
    }

    @Test func anErrorFromTheBodyEndsTheIteration() throws {
        let folder = try TemporaryFolder()
        let store = try populatedStore(in: folder)
        var calls = 0
        #expect(throws: RawError.self) {
            try store.forEachRecord(user: nil, pageSize: 3) { _ in
                calls += 1
                if calls == 5 { throw RawError(message: "stop") }
            }
        }
        #expect(calls == 5)
    }

    @Test func theInMemoryStoreStreamsTheSameWay() throws {
        let store = InMemorySeenStore()
        for user in Self.oddNames {
            store.markSeen(user: user, walkthrough: "foodpin", version: 1, outcome: .skipped)
        }
        var records: [SeenRecord] = []
        try store.forEachRecord(user: nil) { records.append($0) }
        #expect(records == store.records(user: nil))
    }

    @Test func aDamagedPageStopsTheIterationWithAnErrorNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let path = try HostileDatabase.populated(in: folder)
        try HostileDatabase.flip(path, page: try HostileDatabase.pageCount(path) - 1)
        let store = try SQLiteSeenStore(path: path)
        var delivered = 0
        let error = try #require(throws: SeenStoreError.self) {
            try store.forEachRecord(user: nil, pageSize: 10) { _ in delivered += 1 }
        }
        #expect(error.path == path)
        #expect(delivered < 300)
    }
}
