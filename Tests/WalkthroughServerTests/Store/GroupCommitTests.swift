import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughServer

/// Steps committed in groups, each written once per client id: on a real SQLite file, from
/// many threads at once, and from a second connection (another process's view).
@Suite struct GroupCommitTests {
    static func step(user: String, id: String, page: Int) -> SessionStep {
        SessionStep(
            user: user, walkthrough: "foodpin", version: 1, change: .progress(page: page),
            events: [SessionStep.Event(.page, page: page)], clientID: id)
    }

    static func uuid(_ thread: Int, _ step: Int) -> String {
        let hex = String(thread * 1000 + step, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    @Test func stepsFromManyThreadsAreEachWrittenOnceAndAllDurable() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let store = try SQLiteSeenStore(path: path)
        let commits = GroupCommit(store: store)
        let threads = 16
        let perThread = 20
        let written = Locked(0)
        let workers = (0..<threads).map { thread in
            BackgroundThread {
                for index in 0..<perThread {
                    let step = Self.step(
                        user: "u\(thread)", id: Self.uuid(thread, index), page: index % 3)
                    let pending = PendingStep(user: step.user, walkthrough: "foodpin") { _ in step }
                    if (try? commits.commit(pending))?.written == true {
                        written.withLock { $0 += 1 }
                    }
                }
            }
        }
        for worker in workers { worker.join() }
        #expect(written.withLock { $0 } == threads * perThread)
        // Read through another connection: every step is there, once.
        let reader = try SQLiteSeenStore(path: path)
        #expect(try reader.events().count == threads * perThread)
        // Sent again (a client retrying after a lost answer): nothing is written.
        let again = try reader.write(
            batch: (0..<threads).map { Self.step(user: "u\($0)", id: Self.uuid($0, 0), page: 2) })
        #expect(again == Array(repeating: false, count: threads))
        #expect(try reader.events().count == threads * perThread)
        // A step without an id is written every time.
        var plain = Self.step(user: "u0", id: "x", page: 1)
        plain.clientID = nil
        #expect(try reader.write(batch: [plain, plain]) == [true, true])
    }

    @Test func aPendingStepIsMadeFromTheRecordAsItStandsInTheTransaction() throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteSeenStore(path: folder.file("seen.sqlite3"))
        try store.saveProgress(user: "alice", walkthrough: "foodpin", version: 1, page: 1)
        let seen = Locked<[SeenRecord?]>([])
        func pending(_ page: Int, id: Int) -> PendingStep {
            PendingStep(user: "alice", walkthrough: "foodpin") { prior in
                seen.withLock { $0.append(prior) }
                return Self.step(user: "alice", id: Self.uuid(9, id), page: page)
            }
        }
        // Two steps of one record in one batch: the second is made from the first's write,
        // and both answers carry the record after the batch.
        let outcomes = try store.write(pending: [pending(2, id: 1), pending(0, id: 2)])
        #expect(seen.withLock { $0.map { $0?.lastPage } } == [1, 2])
        #expect(outcomes.map(\.written) == [true, true])
        #expect(outcomes.map { $0.record?.lastPage } == [0, 0])
        // Sent again: not written, and answered with the record as it is.
        let again = try store.write(pending: [pending(1, id: 1)])
        #expect(again == [PendingStep.Outcome(written: false, record: outcomes[1].record)])
        // The default for other stores reads before and after the batch.
        let memory = InMemorySeenStore()
        let made = try memory.write(pending: [pending(2, id: 3)])
        #expect(made.map { $0.record?.lastPage } == [2])
    }

    @Test func theInMemoryStoreKeepsTheIdsToo() throws {
        let store = InMemorySeenStore()
        let step = Self.step(user: "alice", id: Self.uuid(1, 1), page: 1)
        #expect(store.write(batch: [step, step]) == [true, false])
        #expect(try store.events().count == 1)
    }
}
