import Foundation
import Synchronization
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The `UserDefaults`-shaped facade.
struct SeenDefaultsTests {
    @Test(arguments: StoreKind.allCases)
    func setTrueThenBoolReadsBackTrueForThatUserOnly(kind: StoreKind) throws {
        let fixture = try kind.make()
        let alice = SeenDefaults(user: "alice", store: fixture.store)
        let bob = SeenDefaults(user: "bob", store: fixture.store)
        #expect(alice.bool(forKey: "foodpin") == false)
        alice.set(true, forKey: "foodpin")
        #expect(alice.bool(forKey: "foodpin"))
        #expect(bob.bool(forKey: "foodpin") == false)
        let record = try #require(try fixture.store.record(user: "alice", walkthrough: "foodpin"))
        #expect(record.outcome == .completed)
        #expect(record.version == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func setFalseAndRemoveObjectForgetTheWalkthrough(kind: StoreKind) throws {
        let fixture = try kind.make()
        let defaults = SeenDefaults(user: "alice", store: fixture.store)
        defaults.set(true, forKey: "foodpin")
        defaults.set(false, forKey: "foodpin")
        #expect(defaults.bool(forKey: "foodpin") == false)
        #expect(try fixture.store.records(user: "alice").isEmpty)

        defaults.set(true, forKey: "tour")
        defaults.removeObject(forKey: "tour")
        #expect(defaults.bool(forKey: "tour") == false)
        #expect(try fixture.store.records(user: nil).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func theDefaultVersionAcceptsAnySeenVersion(kind: StoreKind) throws {
        let fixture = try kind.make()
        try fixture.store.markSeen(
            user: "alice", walkthrough: "foodpin", version: 3, outcome: .skipped)
        let defaults = SeenDefaults(user: "alice", store: fixture.store)
        #expect(defaults.bool(forKey: "foodpin"))
        // set(true) at version 1 does not replace the newer record.
        defaults.set(true, forKey: "foodpin")
        #expect(try fixture.store.record(user: "alice", walkthrough: "foodpin")?.version == 3)
    }

    @Test(arguments: StoreKind.allCases)
    func aVersionedViewShowsTheWalkthroughAgainAfterABump(kind: StoreKind) throws {
        let fixture = try kind.make()
        SeenDefaults(user: "alice", store: fixture.store, version: 1).set(true, forKey: "foodpin")
        let version2 = SeenDefaults(user: "alice", store: fixture.store, version: 2)
        #expect(version2.bool(forKey: "foodpin") == false)
        version2.set(true, forKey: "foodpin")
        #expect(version2.bool(forKey: "foodpin"))
        #expect(try fixture.store.record(user: "alice", walkthrough: "foodpin")?.version == 2)
    }

    @Test func aStoreThatFailsReadsFalseAndReportsEveryError() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let store = try SQLiteSeenStore(path: path, options: .init(busyTimeout: .milliseconds(50)))
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        let errors = Mutex<[SeenStoreError]>([])
        let defaults = SeenDefaults(user: "alice", store: store) { error in
            guard let error = error as? SeenStoreError else { return }
            errors.withLock { $0.append(error) }
        }
        #expect(defaults.bool(forKey: "foodpin"))

        let holder = try RawDatabase(path)
        try holder.exec("BEGIN EXCLUSIVE")  // in WAL mode this blocks writers, not readers
        defaults.set(true, forKey: "tour")
        defaults.removeObject(forKey: "foodpin")
        try holder.exec("ROLLBACK")

        #expect(
            errors.withLock { $0 } == [
                .locked(path: path, timeout: .milliseconds(50)),
                .locked(path: path, timeout: .milliseconds(50)),
            ])
        #expect(defaults.bool(forKey: "foodpin"))
        #expect(defaults.bool(forKey: "tour") == false)
    }

    @Test func theConvenienceInitialiserOpensTheSQLiteStoreAtAPath() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let defaults = try SeenDefaults(user: "alice", path: path)
        defaults.set(true, forKey: "hasViewedWalkthrough")
        #expect(
            try SQLiteSeenStore(path: path).hasSeen(
                user: "alice", walkthrough: "hasViewedWalkthrough", version: 1))
    }
}
