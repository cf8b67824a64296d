import Foundation
import Testing
import WalkthroughTestSupport

/// Another Unix user's files never get into the store: a journal planted beside it in a shared
/// or sticky folder, a link at the default folder flipped while commands run. Two users made up
/// for the test act through `setpriv`: the store's owner and the other one.
@Suite(.serialized, .enabled(if: runningAsRoot, "acting as two other users (setpriv) needs root"))
struct StoreTrustTests {
    /// The store's owner.
    static let owner: uid_t = 2201
    /// The other user.
    static let other: uid_t = 2202

    /// Runs `arguments` as `uid` (and gid `uid`) with `environment`.
    static func run(
        as uid: uid_t, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> ProgramResult {
        try ChildProcess.run(
            ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups"]
                + arguments,
            environment: ["PATH": "/usr/bin:/bin", "LOGNAME": "owner"].merging(environment) {
                $1
            },
            directory: "/", timeout: 60)
    }

    /// A rollback journal `uid` wrote for a store of its own holding `mallory`: a `sqlite3`
    /// shell of that user killed in the middle of a large transaction on `scratch`.
    static func plantJournal(by uid: uid_t, scratch: String, as journal: String) throws {
        let made = try run(
            as: uid,
            [
                "/usr/bin/sqlite3", scratch,
                "CREATE TABLE seen (user TEXT, walkthrough TEXT, version INT, outcome TEXT, "
                    + "last_page INT, updated_at INT, PRIMARY KEY (user, walkthrough)) "
                    + "WITHOUT ROWID; INSERT INTO seen VALUES ('mallory', 'tour', 1, "
                    + "'completed', 0, 0); PRAGMA user_version = 2;",
            ])
        try #require(made.status == 0, "\(made.standardError)")
        try leaveInterruptedWrite(at: scratch, as: uid)
        let moved = try run(as: uid, ["/bin/mv", scratch + "-journal", journal])
        try #require(moved.status == 0, "\(moved.standardError)")
        #expect(chmod(journal, 0o666) == 0)
    }

    /// Lets the two users into the sandbox and its definitions (0755, files 0644).
    static func letOthersIn(_ sandbox: Sandbox) throws {
        for folder in [sandbox.folder.path, sandbox.definitions] {
            #expect(chmod(folder, 0o755) == 0)
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: sandbox.definitions) {
            #expect(chmod(sandbox.definitions + "/" + name, 0o644) == 0)
        }
    }

    /// Every file of `folder` and its bytes.
    static func snapshot(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            files[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return files
    }

    @Test(arguments: [0o777, 0o1777])
    func aJournalAnotherUserPlantedIsNeverPlayedBack(folderMode: Int) throws {
        let sandbox = try Sandbox()
        let tour = try sandbox.define("tour.json", definition())
        try Self.letOthersIn(sandbox)
        let shared = sandbox.folder.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        #expect(chmod(shared, mode_t(folderMode)) == 0)
        let store = shared + "/store.sqlite3"
        let first = try Self.run(
            as: Self.owner, [walkthroughBinary, "mark", tour, "--user", "alice", "--db", store])
        try #require(first.status == 0, "\(first.standardError)")
        try Self.plantJournal(
            by: Self.other, scratch: shared + "/mine.sqlite3", as: store + "-journal")
        let before = Self.snapshot(shared)

        for command in [["mark", tour, "--user", "bob"], ["seen", tour], ["status"]] {
            let result = try Self.run(
                as: Self.owner, [walkthroughBinary] + command + ["--db", store])
            #expect(result.status == 74, "\(command): \(result.standardError)")
            #expect(result.standardError.contains(store + "-journal"), "\(result.standardError)")
            #expect(result.standardError.contains("uid \(Self.other)"), "\(result.standardError)")
            #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        }
        #expect(
            Self.snapshot(shared) == before, "the store and the planted journal are as they were")

        // Once the journal is gone, the store is the owner's, with alice's record only.
        #expect(unlink(store + "-journal") == 0)
        let status = try Self.run(
            as: Self.owner, [walkthroughBinary, "status", "--json", "--db", store])
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.standardOutput.contains("\"alice\""))
        #expect(!status.standardOutput.contains("mallory"))
    }

    @Test func aStoreAnotherUserOwnsIsNotOpened() throws {
        let sandbox = try Sandbox()
        let tour = try sandbox.define("tour.json", definition())
        try Self.letOthersIn(sandbox)
        let shared = sandbox.folder.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        #expect(chmod(shared, 0o1777) == 0)
        let store = shared + "/store.sqlite3"
        let planted = try Self.run(
            as: Self.other, [walkthroughBinary, "mark", tour, "--user", "mallory", "--db", store])
        try #require(planted.status == 0, "\(planted.standardError)")
        #expect(chmod(store, 0o666) == 0)
        let before = Self.snapshot(shared)
        for command in [["mark", tour], ["seen", tour]] {
            let result = try Self.run(
                as: Self.owner, [walkthroughBinary] + command + ["--db", store])
            #expect(result.status == 74, "\(command): \(result.standardError)")
            #expect(result.standardError.contains(store), "\(result.standardError)")
            #expect(result.standardError.contains("uid \(Self.other)"), "\(result.standardError)")
        }
        #expect(Self.snapshot(shared) == before)
    }

    /// Another user flips `$XDG_STATE_HOME/walkthrough` (a sticky folder) between missing and a
    /// link to a folder of theirs that anyone may write, while `mark` runs 200 times.
    @Test func aDefaultFolderLinkFlippedByAnotherUserNeverGetsTheStore() throws {
        let sandbox = try Sandbox()
        let tour = try sandbox.define("tour.json", definition())
        try Self.letOthersIn(sandbox)
        let state = sandbox.folder.file("xdg")
        let theirs = sandbox.folder.file("theirs")
        for (folder, mode) in [(state, 0o1777), (theirs, 0o777)] {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: false)
            #expect(chmod(folder, mode_t(mode)) == 0)
        }
        #expect(chown(theirs, Self.other, Self.other) == 0)
        let flipper = try ChildProcess(
            [
                "/usr/bin/setpriv", "--reuid=\(Self.other)", "--regid=\(Self.other)",
                "--clear-groups", "/bin/sh", "-c",
                "cd \(state) && while :; do ln -sfn \(theirs) walkthrough 2>/dev/null; "
                    + "rm -f walkthrough 2>/dev/null; done",
            ], directory: "/")
        defer {
            flipper.signal(SIGKILL)
            _ = flipper.wait()
        }
        var landed = 0
        var statuses: [Int32: Int] = [:]
        for _ in 0..<200 {
            let result = try Self.run(
                as: Self.owner, [walkthroughBinary, "mark", tour, "--user", "alice"],
                environment: [
                    "WALKTHROUGH_DB": "", "XDG_STATE_HOME": state, "HOME": "/nonexistent",
                ])
            statuses[result.status, default: 0] += 1
            if FileManager.default.fileExists(atPath: theirs + "/seen.sqlite3") {
                landed += 1
                for suffix in ["", "-journal"] { unlink(theirs + "/seen.sqlite3" + suffix) }
            }
            // The owner's own folder, when its mkdir came first, is removed so that every try
            // meets the race again.
            var info = stat()
            if lstat(state + "/walkthrough", &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                try? FileManager.default.removeItem(atPath: state + "/walkthrough")
            }
        }
        #expect(landed == 0, "the store landed in the other user's folder \(landed) times")
        #expect(Set(statuses.keys).isSubset(of: [0, 74]), "\(statuses)")
    }
}
