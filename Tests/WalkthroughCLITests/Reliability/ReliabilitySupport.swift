import Foundation
import Testing
import WalkthroughTestSupport

/// Whether the tests run as root: the ones that act as another user (`setpriv`), mount a small
/// file system or give files away (`chown`) need it, and CI runs as root.
let runningAsRoot = geteuid() == 0

/// The user the tests act as when they need someone who is not the file's owner.
let nobody: uid_t = 65534

extension Sandbox {
    /// Runs the built binary as uid and gid 65534 (`nobody`), with the sandbox's environment.
    func executeAsNobody(
        _ arguments: [String], extra: [String: String] = [:]
    ) throws -> ProgramResult {
        try ChildProcess.run(
            [
                "/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups",
                walkthroughBinary,
            ] + arguments,
            environment: environment.merging(extra) { $1 }, directory: "/", timeout: 60)
    }

    /// The database's folder.
    var databaseFolder: String { (database as NSString).deletingLastPathComponent }

    /// Lets other users into the sandbox: every folder on the way to the database and the
    /// definitions 0755, every file in them 0644.
    func openToOthers() throws {
        for folder in [folder.path, definitions, folder.path + "/state", databaseFolder] {
            #expect(chmod(folder, 0o755) == 0, "chmod \(folder)")
        }
        for folder in [definitions, databaseFolder] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                #expect(chmod(folder + "/" + name, 0o644) == 0)
            }
        }
    }
}

/// A `sqlite3` shell killed with SIGKILL in the middle of a large transaction on `path`, after
/// it has written changed pages into the database: it leaves a hot `-journal` that must be rolled
/// back before the database can be read. With `uid`, the shell runs as that user (`setpriv`),
/// whose journal it then is.
func leaveInterruptedWrite(at path: String, as uid: uid_t? = nil) throws {
    let user = uid.map {
        ["/usr/bin/setpriv", "--reuid=\($0)", "--regid=\($0)", "--clear-groups"]
    }
    let shell = try ChildProcess((user ?? []) + ["/usr/bin/sqlite3", path], directory: "/")
    shell.send(
        """
        PRAGMA cache_size = 1;
        BEGIN;
        INSERT INTO seen (user, walkthrough, version, outcome, last_page, updated_at)
            SELECT 'spill-' || value, 'tour', 1, 'completed', 0, 0 FROM generate_series(1, 20000);
        .print spilled

        """)
    try #require(shell.waitForOutput("spilled"), "\(shell.standardError)")
    shell.signal(SIGKILL)
    _ = shell.wait()
    try #require(FileManager.default.fileExists(atPath: path + "-journal"))
}
