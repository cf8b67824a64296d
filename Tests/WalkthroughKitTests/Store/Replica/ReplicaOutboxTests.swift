import Testing
import WalkthroughFleet
import WalkthroughKit
import WalkthroughTestSupport

/// The replica's outbox on a real SQLite file, its server unreachable (a port nothing listens
/// on, no network budget): what each write leaves to push, and what a push removes.
struct ReplicaOutboxTests {
    private let folder: TemporaryFolder
    private let replica: ReplicaSeenStore

    init() throws {
        folder = try TemporaryFolder()
        let url = "postgresql://walkthrough@127.0.0.1:1/fleet"
        let environment = [
            "WALKTHROUGH_REPLICA": folder.file("replica.sqlite3"),
            "WALKTHROUGH_NETWORK_BUDGET": "0", "PGPASSFILE": "/dev/null",
        ]
        replica = try ReplicaSeenStore(
            url: url, settings: try ReplicaSettings(url: url, environment: environment),
            options: StoreOpenOptions(), environment: environment)
    }

    /// Each write is kept to push, oldest first, while the server cannot be reached.
    @Test func eachWriteWaitsInTheOutboxInTheOrderItWasMade() throws {
        for user in ["ada", "bo", "cy"] {
            try replica.markSeen(user: user, walkthrough: "tour", version: 1, outcome: .completed)
        }
        let pending = try replica.pendingEntries(limit: 10)
        #expect(pending.count == 3)
        #expect(pending.map(\.0) == pending.map(\.0).sorted())
        #expect(pending.map { $0.2.contains("\"ada\"") } == [true, false, false])
        #expect(pending.map { $0.2.contains("\"cy\"") } == [false, false, true])
    }

    /// A user name PostgreSQL text cannot hold is refused here, as the server would refuse it
    /// at every push: nothing is kept to push, nothing recorded.
    @Test func aUserNameWithANULIsRefusedBeforeAnythingIsKept() throws {
        #expect {
            try replica.markSeen(
                user: "nul\u{0}inside", walkthrough: "tour", version: 1, outcome: .completed)
        } throws: { error in
            guard case .server(let failure) = error as? SeenStoreError else { return false }
            return failure.kind == .unsupportedValue
        }
        #expect(try replica.pendingCount() == 0)
        #expect(try replica.records(user: nil).isEmpty)
    }

    /// Two processes may push the same entry; the one that removes it late must not remove a
    /// newer entry that took its number once the outbox had emptied.
    @Test func aLateRemovalLeavesTheEntryThatTookItsNumber() throws {
        try replica.markSeen(user: "ada", walkthrough: "tour", version: 1, outcome: .completed)
        let read = try #require(try replica.pendingEntries(limit: 10).first)
        // Another process pushes it and removes it: the outbox is empty.
        try replica.removePushed(sequence: read.0, pushID: read.1)
        #expect(try replica.pendingCount() == 0)
        // A new write takes the number again.
        try replica.markSeen(user: "bo", walkthrough: "tour", version: 1, outcome: .completed)
        let newer = try #require(try replica.pendingEntries(limit: 10).first)
        #expect(newer.0 == read.0)
        #expect(newer.1 != read.1)
        // The first process's removal comes late: the newer entry stays to be pushed.
        try replica.removePushed(sequence: read.0, pushID: read.1)
        #expect(try replica.pendingCount() == 1)
        try replica.removePushed(sequence: newer.0, pushID: newer.1)
        #expect(try replica.pendingCount() == 0)
    }
}
