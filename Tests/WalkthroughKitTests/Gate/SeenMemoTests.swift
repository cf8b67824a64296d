import Foundation
import Glibc
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The gate's memo (`SeenMemo`): a real SQLite store, real definition files and the memo's real
/// folder under a temporary `HOME`. What a host would check: the memo answers only what the
/// store would, and any write to the store, a changed definition, another user or a file it
/// cannot trust sends the gate back to the store.
struct SeenMemoTests {
    /// A folder with a definition, a store and a home of its own.
    private struct Launch {
        let folder: TemporaryFolder
        let definition: String
        let database: String
        var environment: [String: String]

        init(version: Int = 1) throws {
            folder = try TemporaryFolder()
            definition = try folder.write(Self.tour(version: version), to: "tour.json")
            database = folder.file("seen.sqlite3")
            environment = [
                "LOGNAME": "alice", "HOME": folder.path, "WALKTHROUGH_DB": database,
            ]
        }

        static func tour(version: Int) -> String {
            #"{"id": "tour", "version": \#(version), "pages": [{"heading": "One", "content": "1"}]}"#
        }

        var gate: FirstRunGate { FirstRunGate(environment: environment) }

        /// The memo's folder, where the gate keeps it.
        var memoFolder: String { folder.path + "/.cache/walkthrough/seen-memo" }

        var memoFiles: [String] {
            (FileSystem.names(in: memoFolder) ?? []).filter { !$0.hasPrefix(".") }
        }

        /// One launch through the gate's one decision, as the one-call gate and every command
        /// make it: what answered, and how.
        @discardableResult
        func run(user: String? = nil, source: DefinitionSource? = nil) throws -> String {
            let source = source ?? .file(definition)
            let gate = FirstRunGate(user: user, environment: environment)
            let decided = try gate.decide(
                source, restart: false, force: false, recordsEvents: false, allPages: false,
                shown: { $0 })
            switch decided.decision {
            case .alreadySeen(let record) where decided.walkthrough == nil:
                return "remembered \(record.user) \(record.outcome.rawValue) v\(record.version)"
            case .alreadySeen(let record):
                return "seen \(record.user) \(record.outcome.rawValue) v\(record.version)"
            case .notDue(let decision): return "not due: \(decision.reason)"
            case .show: return "show"
            }
        }

        /// Launches until one answers from the memo: a store written a moment ago is
        /// remembered only once it has been still for `SeenMemo.settled`.
        func runUntilRemembered(
            user: String? = nil, source: DefinitionSource? = nil
        ) throws -> String {
            var answer = ""
            var failure: (any Error)?
            _ = waitUntil(timeout: 10, interval: 20) {
                do {
                    answer = try run(user: user, source: source)
                } catch {
                    failure = error
                    return true
                }
                return answer.hasPrefix("remembered")
            }
            if let failure { throw failure }
            return answer
        }

        func store() throws -> SQLiteSeenStore { try SQLiteSeenStore(path: database) }

        /// Records that alice completed the tour, then launches until the memo answers.
        func markSeenAndRemember() throws {
            try store().markSeen(
                user: "alice", walkthrough: "tour", version: 1, outcome: .completed)
            #expect(try runUntilRemembered() == "remembered alice completed v1")
        }
    }

    @Test func aUserWhoHasSeenItIsAnsweredFromTheMemoAsTheStoreWould() throws {
        let launch = try Launch()
        try launch.store().markSeen(
            user: "alice", walkthrough: "tour", version: 1, outcome: .completed)
        #expect(try launch.run().hasPrefix("seen alice completed v1"))
        #expect(try launch.runUntilRemembered() == "remembered alice completed v1")
        #expect(launch.memoFiles.count == 1)
        // The memo is the user's own, and no one else may read it.
        var info = stat()
        #expect(stat(launch.memoFolder + "/" + launch.memoFiles[0], &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(launch.memoFolder, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test func aResetSendsTheNextLaunchToTheStoreAndShowsItAgain() throws {
        let launch = try Launch()
        try launch.store().markSeen(
            user: "alice", walkthrough: "tour", version: 1, outcome: .skipped)
        #expect(try launch.runUntilRemembered() == "remembered alice skipped v1")
        #expect(try launch.store().reset(user: "alice", walkthrough: "tour") == 1)
        #expect(try launch.run() == "show")
    }

    @Test func anotherUsersWriteToTheSameStoreIsNotAnsweredAround() throws {
        let launch = try Launch()
        try launch.markSeenAndRemember()
        try launch.store().markSeen(
            user: "bob", walkthrough: "tour", version: 1, outcome: .completed)
        #expect(try launch.run() == "seen alice completed v1")
        #expect(try launch.run(user: "bob") == "seen bob completed v1")
        #expect(try launch.run(user: "carol") == "show")
    }

    @Test func aNewVersionOfTheDefinitionIsNotAnsweredFromTheOldOnesMemo() throws {
        let launch = try Launch()
        try launch.markSeenAndRemember()
        _ = try launch.folder.write(Launch.tour(version: 2), to: "tour.json")
        #expect(try launch.run() == "show")
    }

    @Test func aStoreWrittenWithinTheSettlingTimeIsNotRemembered() throws {
        let launch = try Launch()
        try launch.store().markSeen(
            user: "alice", walkthrough: "tour", version: 1, outcome: .completed)
        let record = try #require(try launch.store().record(user: "alice", walkthrough: "tour"))
        let stamp = try #require(SeenMemo.Stamp.ofStore(at: launch.database))
        let memo = SeenMemo(
            storePath: launch.database, user: "alice", definitionName: launch.definition,
            definitionHash: 1, folder: launch.memoFolder)
        memo.remember(record, before: stamp, startedAt: stamp.changedAt + .milliseconds(99))
        #expect(launch.memoFiles.isEmpty)
        #expect(memo.recall(stamp: stamp) == nil)
        memo.remember(record, before: stamp, startedAt: stamp.changedAt + SeenMemo.settled)
        #expect(memo.recall(stamp: stamp) == record)
        // Another key finds nothing in the same folder.
        var other = memo
        other.definitionHash = 2
        #expect(other.recall(stamp: stamp) == nil)
    }

    @Test func aMemoThatIsNotTheUsersOwnOrIsDamagedIsNotBelieved() throws {
        let launch = try Launch()
        try launch.markSeenAndRemember()
        let file = launch.memoFolder + "/" + launch.memoFiles[0]
        #expect(chmod(file, 0o666) == 0)
        #expect(try launch.run() == "seen alice completed v1")
        #expect(try launch.runUntilRemembered() == "remembered alice completed v1")

        // Cut short: the record's line is gone.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let cut = String(text.dropLast(text.split(separator: "\n").last!.count + 1))
        _ = try launch.folder.write(cut, to: ".cache/walkthrough/seen-memo/" + launch.memoFiles[0])
        #expect(chmod(file, 0o600) == 0)
        #expect(try launch.run() == "seen alice completed v1")
    }

    @Test func aJournalBesideTheStoreSendsTheGateToTheStore() throws {
        let launch = try Launch()
        try launch.markSeenAndRemember()
        _ = try launch.folder.write("", to: "seen.sqlite3-journal")
        #expect(try launch.run() == "seen alice completed v1")
    }

    @Test func theQuietSwitchAndAServerStoreAreNeverAnsweredFromTheMemo() throws {
        var launch = try Launch()
        try launch.markSeenAndRemember()
        launch.environment["CI"] = "true"
        #expect(try launch.run() == "not due: ci")
        launch.environment["CI"] = nil
        launch.environment["WALKTHROUGH_DB"] = "postgresql://127.0.0.1:1/none"
        guard
            case .unread = launch.gate.recall(.file(launch.definition))
        else {
            Issue.record("a server store was asked of the memo")
            return
        }
        // Nor a walkthrough given as a value, which has no bytes to compare.
        launch.environment["WALKTHROUGH_DB"] = launch.database
        let walkthrough = try launch.gate.load(.file(launch.definition))
        guard
            case .unread = launch.gate.recall(.walkthrough(walkthrough))
        else {
            Issue.record("a walkthrough value was asked of the memo")
            return
        }
    }

    @Test func definitionsInMemoryAreRememberedByTheirBytes() throws {
        let launch = try Launch()
        try launch.store().markSeen(
            user: "alice", walkthrough: "tour", version: 1, outcome: .completed)
        let source = DefinitionSource.json(Launch.tour(version: 1), name: "tour")
        #expect(try launch.runUntilRemembered(source: source) == "remembered alice completed v1")
        let changed = DefinitionSource.json(Launch.tour(version: 2), name: "tour")
        #expect(try launch.run(source: changed) == "show")
    }

    @Test func aNamedDefinitionIsFoundAsTheGateFindsIt() throws {
        var launch = try Launch()
        try launch.store().markSeen(
            user: "alice", walkthrough: "tour", version: 1, outcome: .completed)
        launch.environment["WALKTHROUGH_PATH"] = launch.folder.path
        #expect(try launch.runUntilRemembered(source: "tour") == "remembered alice completed v1")
        _ = try launch.folder.write(Launch.tour(version: 2), to: "tour.json")
        #expect(try launch.run(source: "tour") == "show")
    }

    @Test func theFileSystemTypeIsTheOneFindmntNames() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("x", to: "file")
        for path in [file, "/proc/self/status", "/dev/shm"] where access(path, F_OK) == 0 {
            let findmnt = try ChildProcess.run(["findmnt", "-n", "-o", "FSTYPE", "--target", path])
            try #require(findmnt.status == 0, "\(findmnt.standardError)")
            let expected = findmnt.standardOutput.split(separator: "\n").first.map(String.init)
            #expect(FileSystem.fileSystemType(of: path) == expected, "\(path)")
        }
        #expect(FileSystem.fileSystemType(of: folder.file("missing")) == nil)
    }

    @Test func storesOnFileSystemsOtherMachinesWriteAreNeverRemembered() {
        for shared in ["nfs", "nfs4", "cifs", "smb3", "fuse.sshfs", "fuseblk", "ceph", "9p"] {
            #expect(FileSystem.isShared(fileSystemType: shared), "\(shared)")
        }
        for local in ["ext4", "xfs", "btrfs", "tmpfs", "overlay", "zfs", "f2fs"] {
            #expect(!FileSystem.isShared(fileSystemType: local), "\(local)")
        }
    }
}
