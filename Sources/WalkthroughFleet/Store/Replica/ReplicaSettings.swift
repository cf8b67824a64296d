import Glibc
package import WalkthroughKit

/// What the environment says about the replica of a `postgresql://` store:
/// `WALKTHROUGH_REPLICA` (`off`, a file, or unset for the state folder),
/// `WALKTHROUGH_NETWORK_BUDGET` (milliseconds, default 300) and `WALKTHROUGH_SYNC_INTERVAL`
/// (seconds, default 600).
///
/// A budget or interval that is not a whole number of 0 or more is ignored (the default
/// applies), so that a mistyped value never makes a launch wait.
package struct ReplicaSettings: Sendable, Hashable {
    /// Where the replica is, or `nil` for direct mode (`WALKTHROUGH_REPLICA=off`).
    package var path: String?
    /// How long a command (outside the administrative views) waits on the network, in all.
    package var budget: Duration
    /// How long a record read or written here counts as fresh.
    package var syncInterval: Duration

    /// The default budget: 300 ms.
    package static let defaultBudget = Duration.milliseconds(300)
    /// The default interval: 600 s.
    package static let defaultSyncInterval = Duration.seconds(600)

    /// The settings for the store `url` names.
    ///
    /// - Throws: ``SeenStoreError`` when the state folder cannot be worked out or is not safe.
    package init(url: String, environment: [String: String]) throws(SeenStoreError) {
        budget =
            Self.number(environment["WALKTHROUGH_NETWORK_BUDGET"]).map { .milliseconds($0) }
            ?? Self.defaultBudget
        syncInterval =
            Self.number(environment["WALKTHROUGH_SYNC_INTERVAL"]).map { .seconds($0) }
            ?? Self.defaultSyncInterval
        let given = environment["WALKTHROUGH_REPLICA"] ?? ""
        if given.lowercased() == "off" {
            path = nil
        } else if !given.isEmpty {
            path = given
        } else {
            path = try Self.defaultPath(url: url, environment: environment)
        }
    }

    /// `$XDG_STATE_HOME/walkthrough/fleet/NAME.sqlite3` (or under `~/.local/state`), both
    /// folders checked as the default store's folder is.
    static func defaultPath(
        url: String, environment: [String: String]
    ) throws(SeenStoreError) -> String {
        var stateEnvironment = environment
        stateEnvironment["WALKTHROUGH_DB"] = nil
        let store = try SQLiteSeenStore.defaultPath(environment: stateEnvironment)
        let fleet = FileSystem.joined(FileSystem.folder(of: store), "fleet")
        let path = FileSystem.joined(
            fleet, try ReplicaName.name(url: url, environment: environment))
        return try DatabaseFile.openStateFolder(of: path)
    }

    private static func number(_ text: String?) -> Int64? {
        guard let text, let value = Int64(text), value >= 0, value <= 86_400_000 else {
            return nil
        }
        return value
    }
}

/// The replica's file name: the server (hosts and ports), the database and the role, made
/// safe for a file name, then a short hash of the same text so that two names the cleaning
/// made alike still differ. Nothing else of the URL: not the password, not its parameters.
enum ReplicaName {
    /// `ROLE@HOST-PORT-DB-HASH.sqlite3`.
    static func name(url: String, environment: [String: String]) throws(SeenStoreError) -> String {
        let identity = try identity(url: url, environment: environment)
        let cleaned = String(
            identity.unicodeScalars.map { scalar -> Character in
                let allowed =
                    (scalar.isASCII
                        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                    || scalar == "." || scalar == "-" || scalar == "_" || scalar == "@"
                return allowed ? Character(scalar) : "-"
            }.prefix(80))
        return cleaned + "-" + FNV1a.hex(FNV1a.hash64(identity.utf8)) + ".sqlite3"
    }

    /// What the server a replica belongs to is worked out from, as text, without libpq: the
    /// URL without its password, the `PG*` variables ``identity(url:environment:)`` reads, and
    /// the user id. Two launches with the same key have the same identity, so a replica that
    /// recorded the key answers the check without loading libpq (a launch that asks no server
    /// need not pay for it).
    static func key(url: String, environment: [String: String]) -> String {
        let variables = ["PGUSER", "PGHOST", "PGPORT", "PGDATABASE"].map {
            "\($0)=\(environment[$0] ?? "")"
        }
        return ([FleetURL.displayed(url), "uid=\(geteuid())"] + variables)
            .joined(separator: "\n")
    }

    /// The server a replica belongs to: `ROLE@HOSTS:PORTS/DATABASE`, as libpq would connect
    /// (the URL's, else `PGUSER`, `PGHOST`, `PGPORT`, `PGDATABASE`, else libpq's defaults).
    /// No password, no other parameter.
    static func identity(
        url: String, environment: [String: String]
    ) throws(SeenStoreError) -> String {
        let parsed: [String: String]
        do {
            parsed = try PostgresConnectionInfo(uri: url, environment: environment).parsed
        } catch {
            throw .server(error)
        }
        let login = PasswordDatabase.entry(for: geteuid())?.name ?? "user"
        let role = parsed["user"] ?? environment["PGUSER"] ?? login
        let hosts = parsed["host"] ?? parsed["hostaddr"] ?? environment["PGHOST"] ?? "local"
        let ports = parsed["port"] ?? environment["PGPORT"] ?? "5432"
        let database = parsed["dbname"] ?? environment["PGDATABASE"] ?? role
        return "\(role)@\(hosts):\(ports)/\(database)"
    }
}
