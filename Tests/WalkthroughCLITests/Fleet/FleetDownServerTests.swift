import Foundation
import Testing
import WalkthroughTestSupport

/// A server that is down costs one launch: the replica remembers a failed contact and backs
/// off; a launch that can show nothing creates nothing and waits on no network; a refused
/// port is reported within 3 s; a replica answers for its own server only.
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct FleetDownServerTests {
    /// Every file and folder under `folder`, by relative path, with its bytes (a folder's
    /// are empty).
    private func digest(of folder: String) -> [String: [UInt8]] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String: [UInt8]] = [:]
        while let name = enumerator?.nextObject() as? String {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            files[name] =
                isFolder.boolValue
                ? [] : Array(FileManager.default.contents(atPath: path) ?? Data())
        }
        return files
    }

    /// After a launch that could not reach the server (it accepts and never answers), the
    /// launches that follow do not contact it until the back-off passes (here the sync
    /// interval, 2 s, caps it); `sync` contacts it whatever the back-off says; writes made
    /// meanwhile reach the server once it answers.
    @Test func aDownServerIsAskedAgainOnlyAfterTheBackoff() throws {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let machine = try FleetMachine(server: server, url: serverURL)
        #expect(try machine.run(["db", "migrate"]).status == 0)
        machine.proxy.mode = .neverAnswer
        let interval = ["WALKTHROUGH_SYNC_INTERVAL": "2"]
        let before = machine.proxy.accepted
        let first = try machine.run(["due", "foodpin", "-q"], extra: interval)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(machine.proxy.accepted == before + 1)
        for _ in 0..<3 {
            let later = try machine.run(["due", "foodpin", "-q"], extra: interval)
            #expect(later.status == 0, "\(later.standardError)")
        }
        let mark = try machine.run(["mark", "foodpin", "--user", "bob"], extra: interval)
        #expect(mark.status == 0, "\(mark.standardError)")
        #expect(machine.proxy.accepted == before + 1, "no launch asked the server again")
        let meta = try machine.replicaRows(
            "SELECT key FROM replica_meta WHERE key LIKE 'contact%' ORDER BY 1")
        #expect(meta == ["contactBackoff", "contactFailedAt"])
        // Once the back-off has passed, a launch asks again (and fails again: it doubles,
        // capped by the interval).
        #expect(
            waitUntil(timeout: 20, interval: 200) {
                _ = try? machine.run(["due", "foodpin", "-q"], extra: interval)
                return machine.proxy.accepted > before + 1
            })
        // sync asks whatever the back-off says.
        machine.proxy.mode = .forward
        let asked = machine.proxy.accepted
        let sync = try machine.run(["sync"], extra: interval)
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(machine.proxy.accepted > asked)
        #expect(try serverRecords(serverURL) == ["bob foodpin completed 1"])
        // A contact that worked forgets the failures.
        #expect(
            try machine.replicaRows("SELECT key FROM replica_meta WHERE key LIKE 'contact%'")
                .isEmpty)
    }

    /// A launch of an embedding host in a pipe (nothing can be shown) against a URL where
    /// nothing listens creates no replica, no state folder, no byte anywhere.
    @Test func aLaunchThatCanShowNothingCreatesNothing() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.copyExample("foodpin.json")
        let port = try LoopbackListener.freePort()
        let environment = sandbox.replicaEnvironment.merging([
            "WALKTHROUGH_DB": "postgresql://walkthrough@127.0.0.1:\(port)/fleet"
        ]) { $1 }
        let before = digest(of: sandbox.folder.path)
        let result = try ChildProcess.run(
            [builtExecutable("OnboardingTestHost"), file], environment: environment,
            directory: sandbox.folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("result: not shown: not interactive"))
        #expect(digest(of: sandbox.folder.path) == before)
        // The same launch with a replica this machine already has answers from it.
        let mark = try sandbox.execute(
            ["mark", "foodpin", "--db", "postgresql://walkthrough@127.0.0.1:\(port)/fleet"],
            extra: ["WALKTHROUGH_REPLICA": ""])
        #expect(mark.status == 0, "\(mark.standardError)")
        let kept = digest(of: sandbox.folder.path)
        let seen = try ChildProcess.run(
            [builtExecutable("OnboardingTestHost"), file], environment: environment,
            directory: sandbox.folder.path)
        #expect(seen.standardOutput.contains("result: already seen"), "\(seen.standardOutput)")
        #expect(digest(of: sandbox.folder.path) == kept)
    }

    /// Nothing listening on the port: `status` says "connection refused" within 3 s.
    @Test func aRefusedPortIsReportedWithinThreeSeconds() throws {
        let sandbox = try Sandbox()
        let port = try LoopbackListener.freePort()
        let start = ContinuousClock.now
        let result = try sandbox.execute([
            "status", "--db", "postgresql://walkthrough_admin:hunter2@127.0.0.1:\(port)/fleet",
        ])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 74)
        #expect(result.standardError.contains("connection refused"), "\(result.standardError)")
        #expect(!result.standardError.contains("hunter2"))
        #expect(elapsed < .seconds(3), "\(elapsed)")
    }

    /// One replica file named for two servers: the second is refused with exit 74 naming
    /// both, and neither server is given the other's writes or answered from its records.
    @Test func aReplicaFileNamedForTwoServersIsRefused() throws {
        let server = try TestPostgres.shared()
        let first = try server.freshDatabaseURL()
        let second = try server.freshDatabaseURL()
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        for url in [first, second] {
            let migrate = try sandbox.execute(["db", "migrate", "--db", url])
            #expect(migrate.status == 0, "\(migrate.standardError)")
        }
        let replica = ["WALKTHROUGH_REPLICA": sandbox.folder.path + "/shared-replica.sqlite3"]
        let proxy = try FaultProxy(host: server.host, port: Int(server.port) ?? 5432)
        // The first server's write waits in the outbox (its server does not answer).
        proxy.mode = .refuse
        let viaProxy = first.replacingOccurrences(
            of: "@\(server.host):\(server.port)/", with: "@127.0.0.1:\(proxy.port)/")
        let mark = try sandbox.execute(["mark", "foodpin", "--db", viaProxy], extra: replica)
        #expect(mark.status == 0, "\(mark.standardError)")
        for arguments in [["seen", "foodpin"], ["mark", "foodpin"], ["sync"]] {
            let other = try sandbox.execute(arguments + ["--db", second], extra: replica)
            #expect(other.status == 74, "\(arguments)")
            #expect(other.standardError.contains("is the replica of"), "\(other.standardError)")
            let database = try #require(RawPostgres.parse(second)["dbname"])
            #expect(other.standardError.contains("/\(database)"))
            #expect(other.standardError.contains("127.0.0.1:\(proxy.port)"))
            #expect(!other.standardError.contains(server.password))
        }
        #expect(try serverRecords(second).isEmpty)
        proxy.mode = .forward
        let sync = try sandbox.execute(["sync", "--db", viaProxy], extra: replica)
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(try serverRecords(first) == ["alice foodpin completed 1"])
        #expect(try serverRecords(second).isEmpty)
    }
}
