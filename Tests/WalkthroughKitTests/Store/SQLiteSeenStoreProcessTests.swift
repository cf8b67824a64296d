import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Many processes sharing one database, and processes killed mid-write. The writers are the
/// `StoreTestWriter` executable, spawned for real.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SQLiteSeenStoreProcessTests {
    /// How many writer processes run at once.
    static let processes = 8
    /// How many records each writes in the distinct-users test.
    static let writesPerProcess = 500
    /// How many rounds each runs on the shared record.
    static let sharedRounds = 200
    /// How many times the crash test kills a writer.
    static let kills = 30

    @Test func writersOnDistinctUsersLoseNothing() throws {
        let folder = try TemporaryFolder()
        // The file does not exist yet: the writers also race to create it.
        let path = folder.file("state/seen.sqlite3")
        let writers = try (0..<Self.processes).map { index in
            try WriterProcess(["distinct", path, "w\(index)", String(Self.writesPerProcess)])
        }
        for (index, writer) in writers.enumerated() {
            let result = writer.finish()
            #expect(result.status == 0, "writer \(index) exited \(result.status)")
            #expect(result.errors.isEmpty, "writer \(index) printed: \(result.errors)")
        }

        let records = try SQLiteSeenStore(path: path).records(user: nil)
        #expect(records.count == Self.processes * Self.writesPerProcess)
        let expected = Set(
            (0..<Self.processes).flatMap { process in
                (0..<Self.writesPerProcess).map { "w\(process)-\($0)" }
            })
        #expect(Set(records.map(\.user)) == expected)
        #expect(records.allSatisfy { $0.outcome == .completed && $0.version == 1 })
        #expect(try integrityCheck(path) == "ok")
    }

    @Test func writersOnTheSameRecordLeaveOneSeenRecord() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let writers = try (0..<Self.processes).map { _ in
            try WriterProcess(["same", path, String(Self.sharedRounds)])
        }
        for (index, writer) in writers.enumerated() {
            let result = writer.finish()
            #expect(result.status == 0, "writer \(index) exited \(result.status)")
            #expect(result.errors.isEmpty, "writer \(index) printed: \(result.errors)")
        }

        let records = try SQLiteSeenStore(path: path).records(user: nil)
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.user == "shared")
        #expect(record.version == 1)
        #expect(record.outcome.countsAsSeen)
        #expect(try integrityCheck(path) == "ok")
    }

    @Test func everyAcknowledgedWriteSurvivesSIGKILL() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [(prefix: String, count: Int)] = []

        for run in 0..<Self.kills {
            let prefix = "run\(run)"
            let writer = try WriterProcess(["acks", path, prefix])
            if run.isMultiple(of: 2) {
                // Anywhere from start-up and opening to well into the stream of writes.
                usleep(UInt32.random(in: 1_000...150_000, using: &generator))
            } else {
                // Surely in the middle of writing: once the first write is acknowledged.
                writer.waitForFirstLine()
                usleep(UInt32.random(in: 0...50_000, using: &generator))
            }
            writer.kill()
            let result = writer.finish()
            #expect(result.status == SIGKILL, "run \(run) was not killed: \(result.status)")
            #expect(result.errors.isEmpty, "run \(run) printed: \(result.errors)")
            // Only whole lines count: the kill may cut the last one.
            let acks = result.output.split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast()
            #expect(acks.enumerated().allSatisfy { $0.element == "ack \($0.offset)" })
            acknowledged.append((prefix, acks.count))
        }

        let store = try SQLiteSeenStore(path: path)
        for (prefix, count) in acknowledged {
            let users = Set(
                try store.records(user: nil).map(\.user).filter {
                    $0.hasPrefix(prefix + "-")
                })
            for index in 0..<count {
                #expect(
                    users.contains("\(prefix)-\(index)"), "acknowledged \(prefix)-\(index) is lost")
            }
            // At most the one write in flight when the kill came may be there unacknowledged.
            #expect(users.count == count || users.count == count + 1)
        }
        #expect(try integrityCheck(path) == "ok")
        // Half the kills came after the first acknowledgement, in the middle of writing.
        #expect(acknowledged.filter { $0.count > 0 }.count >= Self.kills / 2)
    }
}
