import Foundation
import Synchronization
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The `UserDefaults`-shaped facade, as code moved over from the iOS habit uses it.
struct SeenDefaultsTests {
    @Test func theIOSHabitMovesOverWithTheSameCalls() throws {
        let folder = try TemporaryFolder()
        let database = folder.file("seen.sqlite3")
        let defaults = try SeenDefaults(user: "alice", path: database)
        var shown = 0
        for _ in 0..<3 {
            if !defaults.bool(forKey: "hasViewedWalkthrough") {
                shown += 1
                defaults.set(true, forKey: "hasViewedWalkthrough")
            }
        }
        #expect(shown == 1)
        let store = try SQLiteSeenStore(path: database)
        #expect(
            try store.record(user: "alice", walkthrough: "hasViewedWalkthrough")?.outcome
                == .completed)
        #expect(try !SeenDefaults(user: "bob", path: database).bool(forKey: "hasViewedWalkthrough"))
    }

    @Test func setFalseForgetsTheUser() throws {
        let store = InMemorySeenStore()
        let defaults = SeenDefaults(user: "alice", store: store)
        defaults.set(true, forKey: "intro")
        defaults.set(false, forKey: "intro")
        #expect(!defaults.bool(forKey: "intro"))
        #expect(store.records(user: "alice").isEmpty)
    }

    @Test func aVersionedViewSeesABumpAsUnseen() throws {
        let store = InMemorySeenStore()
        SeenDefaults(user: "alice", store: store).set(true, forKey: "intro")
        #expect(SeenDefaults(user: "alice", store: store).bool(forKey: "intro"))
        #expect(!SeenDefaults(user: "alice", store: store, version: 2).bool(forKey: "intro"))
    }

    @Test func aFailingStoreAnswersFalseAndReportsTheError() throws {
        let errors = Mutex<[String]>([])
        let defaults = SeenDefaults(user: "alice", store: UnreachableSeenStore()) { error in
            errors.withLock { $0.append("\(error)") }
        }
        #expect(!defaults.bool(forKey: "intro"), "shown again rather than hidden")
        defaults.set(true, forKey: "intro")
        #expect(
            errors.withLock { $0 }
                == Array(repeating: "the settings server is unreachable", count: 2))
    }

    @Test func theFacadeAndTheGateShareTheirRecords() throws {
        let store = InMemorySeenStore()
        SeenDefaults(user: "alice", store: store).set(true, forKey: "intro")
        let status = try FirstRunGate(user: "alice", store: .store(store), environment: [:])
            .status(of: .json(Fixtures.intro()))
        #expect(status.isSeen)
    }
}
