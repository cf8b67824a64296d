import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The faults a store meets in the world, through the built binary: a full disk, files of
/// another user beside the database, planted folders and links, another process's lock. Each
/// gets exit 74 and one line that names the file it is about and says what is true of it.
@Suite(.serialized)
struct StoreFaultTests {
    // MARK: - A full disk

    @Test(.enabled(if: runningAsRoot, "mounting a small tmpfs needs root"))
    func aFullDiskFailsWritesInTheRightWordsAndReadersStillAnswer() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let mount = try SmallFileSystem(at: sandbox.folder.file("state"), kilobytes: 256)
        try sandbox.seed("tour")
        try mount.fill()

        let mark = try sandbox.execute(["mark", "tour", "--user", "bob"])
        #expect(mark.status == 74, "\(mark.standardError)")
        #expect(mark.standardError.contains("is full"), "\(mark.standardError)")
        #expect(!mark.standardError.contains("I/O error"))
        #expect(mark.standardError.contains(sandbox.database))
        #expect(mark.standardError.filter { $0 == "\n" }.count == 1)

        let seen = try sandbox.execute(["seen", "tour"])
        #expect(seen.status == 0, "\(seen.standardError)")
        let notSeen = try sandbox.execute(["seen", "tour", "--user", "bob", "-q"])
        #expect(notSeen.status == 1, "\(notSeen.standardError)")
        let status = try sandbox.execute(["status", "--json"])
        #expect(status.status == 0, "\(status.standardError)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.database + "-journal"))

        // A new store on the full disk: refused, and no empty file left behind.
        let other = sandbox.folder.file("state/other.sqlite3")
        let create = try sandbox.execute(["mark", "tour", "--db", other])
        #expect(create.status == 74, "\(create.standardError)")
        #expect(create.standardError.contains("is full"), "\(create.standardError)")
        #expect(!FileManager.default.fileExists(atPath: other))

        mount.emptyFiller()
        let again = try sandbox.execute(["mark", "tour", "--user", "bob"])
        #expect(again.status == 0, "\(again.standardError)")
        let users = try sandbox.recordsFromStatus().compactMap { $0["user"] as? String }
        #expect(users == ["alice", "bob"])
    }

    // MARK: - Files of another user

    @Test(
        .enabled(if: runningAsRoot, "files of another user need root (chown, setpriv)"),
        arguments: ["-journal", "-wal"])
    func anotherUsersFileBesideTheDatabaseIsNamed(suffix: String) throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour")
        try sandbox.openToOthers()
        // The store and its folder are nobody's; a file beside it is root's, mode 0600.
        #expect(chown(sandbox.databaseFolder, nobody, nobody) == 0)
        #expect(chown(sandbox.database, nobody, nobody) == 0)
        let foreign = sandbox.database + suffix
        try Data(repeating: 0, count: 512).write(to: URL(fileURLWithPath: foreign))
        #expect(chmod(foreign, 0o600) == 0)
        let before = HostileStore.snapshot(sandbox)

        for command in [["mark", "tour", "--user", "nobody"], ["seen", "tour"]] {
            let result = try sandbox.executeAsNobody(command)
            #expect(result.status == 74, "\(command): \(result.standardError)")
            #expect(result.standardError.contains(foreign), "\(command): \(result.standardError)")
            #expect(result.standardError.contains("uid 0 (root)"), "\(result.standardError)")
            // The database itself is writable: no advice to chmod it.
            #expect(!result.standardError.contains("chmod u+w"), "\(result.standardError)")
            #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        }
        #expect(HostileStore.snapshot(sandbox) == before)
    }

    // MARK: - Planted folders and links

    @Test(.enabled(if: runningAsRoot, "a folder of another user needs root (chown)"))
    func aDefaultFolderThatIsALinkToAnotherUsersFolderIsRefused() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let state = sandbox.folder.file("xdg")
        let planted = sandbox.folder.file("planted")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: true)
        #expect(chown(planted, nobody, nobody) == 0)
        #expect(symlink(planted, state + "/walkthrough") == 0)

        for command in [["mark", "tour"], ["seen", "tour"], ["status"]] {
            let result = try sandbox.execute(command, extra: defaultStore(state: state))
            #expect(result.status == 74, "\(command): \(result.standardError)")
            #expect(
                result.standardError.contains(state + "/walkthrough"), "\(result.standardError)")
            #expect(result.standardError.contains("uid 65534"), "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: planted).isEmpty)
    }

    @Test(arguments: [0o777, 0o770, 0o702])
    func aDefaultFolderOthersMayWriteIsRefused(mode: Int) throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let state = sandbox.folder.file("xdg")
        let folder = state + "/walkthrough"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(chmod(folder, mode_t(mode)) == 0)
        let result = try sandbox.execute(["mark", "tour"], extra: defaultStore(state: state))
        #expect(result.status == 74, "\(result.standardError)")
        #expect(result.standardError.contains(folder), "\(result.standardError)")
        #expect(result.standardError.contains("may be written by"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)

        // The user's own folder, closed to others, is used; so is a missing one (made 0700).
        #expect(chmod(folder, 0o700) == 0)
        let fixed = try sandbox.execute(["mark", "tour"], extra: defaultStore(state: state))
        #expect(fixed.status == 0, "\(fixed.standardError)")
        let fresh = sandbox.folder.file("fresh")
        let made = try sandbox.execute(["mark", "tour"], extra: defaultStore(state: fresh))
        #expect(made.status == 0, "\(made.standardError)")
        var info = stat()
        #expect(stat(fresh + "/walkthrough", &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test(.enabled(if: runningAsRoot, "a link of another user needs root (lchown)"))
    func aDatabaseLinkMadeByAnotherUserIsRefused() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour")
        let link = sandbox.folder.file("link.sqlite3")
        #expect(symlink(sandbox.database, link) == 0)
        #expect(lchown(link, nobody, nobody) == 0)
        let refused = try sandbox.execute(["mark", "tour", "--user", "bob", "--db", link])
        #expect(refused.status == 74, "\(refused.standardError)")
        #expect(refused.standardError.contains(link), "\(refused.standardError)")
        #expect(refused.standardError.contains("symbolic link"), "\(refused.standardError)")

        // The user's own link is theirs to choose.
        #expect(lchown(link, 0, 0) == 0)
        let own = try sandbox.execute(["mark", "tour", "--user", "bob", "--db", link])
        #expect(own.status == 0, "\(own.standardError)")
    }

    // MARK: - Another process's lock

    @Test func theBusyTimeoutComesFromTheEnvironmentAndItsExpiryIsExplained() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour")
        let holder = try ChildProcess(["/usr/bin/sqlite3", sandbox.database])
        holder.send("BEGIN IMMEDIATE;\n.print holding\n")
        try #require(holder.waitForOutput("holding"), "\(holder.standardError)")

        let result = try sandbox.execute(
            ["mark", "tour", "--user", "bob"], extra: ["WALKTHROUGH_BUSY_TIMEOUT": "200"])
        #expect(result.status == 74, "\(result.standardError)")
        #expect(result.standardError.contains("after waiting 0.2 s"), "\(result.standardError)")
        #expect(result.standardError.contains("WALKTHROUGH_BUSY_TIMEOUT"))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        holder.send("COMMIT;\n.quit\n")
        #expect(holder.wait() == 0)

        let invalid = try sandbox.execute(
            ["mark", "tour"], extra: ["WALKTHROUGH_BUSY_TIMEOUT": "5s"])
        #expect(invalid.status == 64, "\(invalid.standardError)")
        #expect(invalid.standardError.contains("WALKTHROUGH_BUSY_TIMEOUT"))
        #expect(invalid.standardError.filter { $0 == "\n" }.count == 1)
    }

    // MARK: - Output after a write

    @Test func outputLostAfterAWriteSaysTheRecordIsStored() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let result = try ChildProcess.run(
            ["/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full", walkthroughBinary, "mark", "tour"],
            environment: sandbox.environment, directory: sandbox.folder.path)
        #expect(result.status == 74)
        #expect(result.standardError.contains("is stored"), "\(result.standardError)")
        #expect(try sandbox.execute(["seen", "tour", "-q"]).status == 0)
    }

    /// The environment that makes the binary use its default store under `state` (as
    /// `XDG_STATE_HOME`), rather than the sandbox's `WALKTHROUGH_DB`.
    private func defaultStore(state: String) -> [String: String] {
        ["WALKTHROUGH_DB": "", "XDG_STATE_HOME": state]
    }
}

/// A tmpfs of a few hundred kilobytes mounted for one test, and a file that fills it up.
final class SmallFileSystem {
    let path: String
    private var filler: String { path + "/filler" }

    init(at path: String, kilobytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try ChildProcess.run(
            ["/bin/mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path])
        try #require(result.status == 0, "mount: \(result.standardError)")
        self.path = path
    }

    deinit {
        _ = try? ChildProcess.run(["/bin/umount", "-l", path])
    }

    /// Writes zeros into a file until the file system has no room left.
    func fill() throws {
        let result = try ChildProcess.run(
            ["/bin/sh", "-c", "dd if=/dev/zero of=\"$0\" bs=1024 2>&1; true", filler])
        try #require(result.standardOutput.contains("No space left"), "\(result.standardOutput)")
    }

    /// Frees the space again.
    func emptyFiller() {
        unlink(filler)
    }
}
