import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The read commands open the store read-only: they create nothing, change not one byte of the
/// database or of anything beside it, and read a store whose file and folder they may only
/// read, whatever state a writer left it in.
@Suite(.serialized)
struct ReadOnlyReadTests {
    /// The states a reader can find a store in.
    enum StoreState: String, CaseIterable, CustomTestStringConvertible {
        /// Written by this version: the rollback journal, closed.
        case rollbackJournal
        /// Version 1's WAL store, cleanly closed (no `-wal`, no `-shm`).
        case roundOneClosed
        /// Version 1's WAL store whose writer was killed: records only in `-wal`, `-shm` left.
        case roundOneKilledWriter

        var testDescription: String { rawValue }

        func make(in sandbox: Sandbox) throws {
            switch self {
            case .rollbackJournal:
                try sandbox.seed("tour")
            case .roundOneClosed:
                try FileManager.default.createDirectory(
                    atPath: sandbox.databaseFolder, withIntermediateDirectories: true)
                try RoundOneStore.create(
                    at: sandbox.database, users: ["alice"], walkthrough: "tour")
            case .roundOneKilledWriter:
                try FileManager.default.createDirectory(
                    atPath: sandbox.databaseFolder, withIntermediateDirectories: true)
                try RoundOneStore.create(at: sandbox.database, users: [], walkthrough: "tour")
                try RoundOneStore.addFromKilledWriter(
                    at: sandbox.database, users: ["alice"], walkthrough: "tour")
                #expect((sandbox.databaseBytes()?.count ?? 0) > 0)
                #expect(FileManager.default.fileExists(atPath: sandbox.database + "-wal"))
            }
        }
    }

    /// Every read command, as a user would type it.
    static let readCommands: [[String]] = [
        ["seen", "tour"], ["seen", "tour", "-q"], ["status"], ["status", "--json"],
        ["status", "--user", "alice"], ["list"], ["reset", "--user", "alice", "--dry-run"],
        ["reset", "--all-users", "tour", "--dry-run"],
    ]

    @Test(arguments: StoreState.allCases)
    func readCommandsChangeNoByte(state: StoreState) throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try state.make(in: sandbox)
        let before = HostileStore.snapshot(sandbox)
        for command in Self.readCommands {
            let result = try sandbox.execute(command)
            #expect(result.status == 0, "\(command): \(result.standardError)")
            #expect(HostileStore.snapshot(sandbox) == before, "\(command) changed the folder")
        }
        let seen = try sandbox.execute(["seen", "tour"])
        #expect(seen.standardOutput.contains("alice has seen"), "\(seen.standardOutput)")
    }

    @Test(
        .enabled(if: runningAsRoot, "acting as another user (setpriv) needs root"),
        arguments: StoreState.allCases)
    func aStoreThatMayOnlyBeReadIsReadByAnotherUser(state: StoreState) throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try state.make(in: sandbox)
        try sandbox.openToOthers()
        let before = HostileStore.snapshot(sandbox)

        let seen = try sandbox.executeAsNobody(["seen", "tour", "--user", "alice"])
        #expect(seen.status == 0, "\(seen.standardError)")
        let status = try sandbox.executeAsNobody(["status", "--json"])
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.standardOutput.contains("\"alice\""), "\(status.standardOutput)")
        let list = try sandbox.executeAsNobody(["list", sandbox.definitions, "--user", "alice"])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(HostileStore.snapshot(sandbox) == before)

        // Writing is refused, saying so, and changes nothing either.
        let mark = try sandbox.executeAsNobody(["mark", "tour", "--user", "nobody"])
        #expect(mark.status == 74)
        #expect(mark.standardError.contains(sandbox.database), "\(mark.standardError)")
        #expect(HostileStore.snapshot(sandbox) == before)
    }

    /// A writer killed while committing leaves a hot journal: a reader may not roll it back
    /// (that would change the file), so it says what to do; the next write rolls it back.
    @Test func anInterruptedWriteIsLeftForTheNextWriter() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour")
        try leaveInterruptedWrite(at: sandbox.database)
        let before = HostileStore.snapshot(sandbox)

        let seen = try sandbox.execute(["seen", "tour"])
        #expect(seen.status == 74)
        #expect(seen.standardError.contains("interrupted write"), "\(seen.standardError)")
        #expect(seen.standardError.contains(sandbox.database + "-journal"))
        // The library states the facts; the command adds which of its commands write.
        #expect(
            seen.standardError.hasSuffix(
                "walkthrough mark, or play, writes to it; then try again\n"))
        #expect(HostileStore.snapshot(sandbox) == before)

        let mark = try sandbox.execute(["mark", "tour", "--user", "bob"])
        #expect(mark.status == 0, "\(mark.standardError)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.database + "-journal"))
        let records = try sandbox.recordsFromStatus()
        // The interrupted transaction's 20,000 rows are gone; alice and bob are there.
        #expect(records.compactMap { $0["user"] as? String } == ["alice", "bob"])
    }

    /// The first write to a version-1 WAL store switches it to the rollback journal, keeping
    /// every record, the ones only in its `-wal` file included.
    @Test func aRoundOneStoreIsSwitchedOnItsNextWrite() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try StoreState.roundOneKilledWriter.make(in: sandbox)
        let mark = try sandbox.execute(["mark", "tour", "--user", "bob"])
        #expect(mark.status == 0, "\(mark.standardError)")
        let header = try #require(sandbox.databaseBytes())
        #expect(header[18] == 1 && header[19] == 1, "still in WAL mode")
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: sandbox.database + suffix), "\(suffix)")
        }
        let users = try sandbox.recordsFromStatus().compactMap { $0["user"] as? String }
        #expect(users == ["alice", "bob"])
    }
}
