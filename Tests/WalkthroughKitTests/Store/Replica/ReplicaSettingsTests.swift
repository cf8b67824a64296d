import Foundation
import Testing
import WalkthroughFleet
import WalkthroughKit

/// Where the replica of a `postgresql://` store lives, and the budget and interval the
/// environment sets.
struct ReplicaSettingsTests {
    private static let state = "/tmp/walkthrough-replica-settings-\(getpid())"

    private static func settings(
        _ url: String, _ extra: [String: String] = [:]
    ) throws -> ReplicaSettings {
        try ReplicaSettings(
            url: url,
            environment: ["XDG_STATE_HOME": state, "HOME": state].merging(extra) { $1 })
    }

    /// One file per server, database and role, under `$XDG_STATE_HOME/walkthrough/fleet`: the
    /// password and the other parameters change nothing, and never appear in the name.
    @Test func theNameIsTheServerTheDatabaseAndTheRole() throws {
        let plain = try Self.settings("postgresql://alice@db.example:5432/fleet")
        let secret = try Self.settings(
            "postgresql://alice:s3cr3t-pw@db.example:5432/fleet?sslmode=require&"
                + "application_name=x&options=-csearch_path%3Dother")
        let path = try #require(plain.path)
        #expect(path.hasPrefix(Self.state + "/walkthrough/fleet/"))
        #expect(path.hasSuffix(".sqlite3"))
        #expect(secret.path == path)
        #expect(!path.contains("s3cr3t"))
        let otherRole = try Self.settings("postgresql://bob@db.example:5432/fleet")
        let otherDatabase = try Self.settings("postgresql://alice@db.example:5432/fleet2")
        let otherServer = try Self.settings("postgresql://alice@db.example:5433/fleet")
        #expect(Set([path, otherRole.path, otherDatabase.path, otherServer.path]).count == 4)
    }

    @Test func offIsDirectModeAndAPathIsUsedAsItIs() throws {
        let url = "postgresql://alice@db.example/fleet"
        #expect(try Self.settings(url, ["WALKTHROUGH_REPLICA": "off"]).path == nil)
        #expect(try Self.settings(url, ["WALKTHROUGH_REPLICA": "OFF"]).path == nil)
        #expect(
            try Self.settings(url, ["WALKTHROUGH_REPLICA": "/somewhere/r.sqlite3"]).path
                == "/somewhere/r.sqlite3")
    }

    @Test func theBudgetAndTheIntervalHaveDefaultsAndIgnoreNonsense() throws {
        let url = "postgresql://alice@db.example/fleet"
        let defaults = try Self.settings(url)
        #expect(defaults.budget == .milliseconds(300))
        #expect(defaults.syncInterval == .seconds(600))
        let set = try Self.settings(
            url, ["WALKTHROUGH_NETWORK_BUDGET": "50", "WALKTHROUGH_SYNC_INTERVAL": "0"])
        #expect(set.budget == .milliseconds(50))
        #expect(set.syncInterval == .zero)
        for nonsense in ["-1", "1.5", "300ms", ""] {
            let ignored = try Self.settings(url, ["WALKTHROUGH_NETWORK_BUDGET": nonsense])
            #expect(ignored.budget == .milliseconds(300), "\(nonsense)")
        }
    }
}
