import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// SQLite's process-wide settings are made before the first database is opened, or not at
/// all: a process that has a store open keeps SQLite as it is, and the store keeps working.
struct SQLiteProcessSettingsTests {
    @Test func aProcessWithAStoreOpenKeepsSQLitesSettings() throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteSeenStore(path: folder.file("seen.sqlite3"))
        #expect(!SQLiteProcessSettings.allocatePagesAsNeeded())
        try store.markSeen(user: "alice", walkthrough: "tour", version: 1, outcome: .completed)
        #expect(try store.record(user: "alice", walkthrough: "tour")?.outcome == .completed)
    }
}
