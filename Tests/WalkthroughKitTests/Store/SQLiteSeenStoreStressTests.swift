import CSQLite
import Foundation
import Synchronization
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The store under the loads that lost data or failed with round 1's WAL store: writers racing
/// foreign connections that checkpoint and read in tight loops, and 32 writer processes at once.
/// The writers are `StoreTestWriter` processes, spawned for real, with the store's default
/// options.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct SQLiteSeenStoreStressTests {
    /// How long the checkpoint stress runs: `WALKTHROUGH_STRESS_SECONDS`, else 20 s (`.ci/run`
    /// gives 60).
    static let stressSeconds: Int = {
        let text = ProcessInfo.processInfo.environment["WALKTHROUGH_STRESS_SECONDS"] ?? ""
        return Int(text).map { max($0, 1) } ?? 20
    }()

    /// Four writers for `stressSeconds`, each write acknowledged before the next, while three
    /// other connections open the store, checkpoint it (`wal_checkpoint(TRUNCATE)`, what broke
    /// round 1) and count its records in tight loops. Every acknowledged record must be there;
    /// once from a new store and once from a store version 1 left in WAL mode.
    @Test(arguments: [false, true])
    func acknowledgedWritesSurviveForeignCheckpointsAndReads(fromRoundOneStore: Bool) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        if fromRoundOneStore {
            try RoundOneStore.create(at: path, users: ["before"])
        } else {
            _ = try SQLiteSeenStore(path: path)
        }
        let stop = Atomic<Bool>(false)
        let foreignRounds = Atomic<Int>(0)
        let foreign = (0..<3).map { _ in
            BackgroundThread {
                while !stop.load(ordering: .acquiring) {
                    guard let raw = try? RawDatabase(path, flags: SQLITE_OPEN_READWRITE) else {
                        continue
                    }
                    sqlite3_busy_timeout(raw.handle, 50)
                    _ = try? raw.exec("PRAGMA wal_checkpoint(TRUNCATE)")
                    _ = try? raw.rows("SELECT count(*) FROM seen")
                    foreignRounds.add(1, ordering: .relaxed)
                }
            }
        }
        let writers = try (0..<4).map { index in
            try WriterProcess(["timed", path, "w\(index)", String(Self.stressSeconds)])
        }
        var written: [Int] = []
        for (index, writer) in writers.enumerated() {
            let result = writer.finish()
            #expect(result.status == 0, "writer \(index) exited \(result.status)")
            #expect(result.errors.isEmpty, "writer \(index) printed: \(result.errors)")
            let count = Int(result.output.dropFirst("wrote ".count).dropLast()) ?? -1
            #expect(result.output.hasPrefix("wrote ") && count > 0, "\(result.output)")
            written.append(count)
        }
        stop.store(true, ordering: .releasing)
        for thread in foreign { thread.join() }
        #expect(foreignRounds.load(ordering: .relaxed) > 0)
        print(
            "checkpoint stress (\(fromRoundOneStore ? "round-1 WAL store" : "new store")): "
                + "\(written.reduce(0, +)) acknowledged writes by 4 processes in "
                + "\(Self.stressSeconds) s, \(foreignRounds.load(ordering: .relaxed)) rounds of "
                + "foreign checkpoints and reads")

        let users = Set(try SQLiteSeenStore(path: path).records(user: nil).map(\.user))
        for (index, count) in written.enumerated() where count > 0 {
            let lost = (0..<count).filter { !users.contains("w\(index)-\($0)") }
            #expect(lost.isEmpty, "acknowledged writes lost: \(lost.map { "w\(index)-\($0)" })")
        }
        #expect(users.count == written.reduce(0, +) + (fromRoundOneStore ? 1 : 0))
        #expect(try integrityCheck(path) == "ok")
        // The writers moved the store to the rollback journal (a WAL store on its first write).
        let header = try bytes(of: path)
        #expect(header[18] == 1 && header[19] == 1)
    }

    /// 32 writer processes at once on one new store, with the default busy timeout: no write
    /// fails with "locked", none is lost.
    @Test func thirtyTwoWriterProcessesLoseNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state/seen.sqlite3")
        let processes = 32
        let writes = 60
        let writers = try (0..<processes).map { index in
            try WriterProcess(["distinct", path, "p\(index)", String(writes)])
        }
        for (index, writer) in writers.enumerated() {
            let result = writer.finish()
            #expect(result.status == 0, "writer \(index) exited \(result.status)")
            #expect(result.errors.isEmpty, "writer \(index) printed: \(result.errors)")
        }
        let users = Set(try SQLiteSeenStore(path: path).records(user: nil).map(\.user))
        let expected = Set(
            (0..<processes).flatMap { process in (0..<writes).map { "p\(process)-\($0)" } })
        #expect(users.count == expected.count)
        #expect(
            expected.subtracting(users).isEmpty, "lost: \(expected.subtracting(users).sorted())")
        #expect(try integrityCheck(path) == "ok")
    }
}
