import FoundationEssentials
@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Files that hold secrets: made 0600 without ever replacing one, and read only when they are
/// this user's and no one else's.
@Suite struct PrivateFileTests {
    @Test func aNewFileIsMadeWholeWithMode0600() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("secret.json")
        #expect(try FileSystem.createPrivateFile(path, contents: Array("{}\n".utf8)))
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(try FileSystem.readPrivateFile(path, limit: 100) == Array("{}\n".utf8))
        #expect(FileSystem.names(in: folder.path) == ["secret.json"])
    }

    @Test func anExistingFileIsNeverReplaced() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("theirs", to: "secret.json")
        #expect(try !FileSystem.createPrivateFile(path, contents: Array("ours".utf8)))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs")
        #expect(FileSystem.names(in: folder.path) == ["secret.json"])
    }

    @Test func aMissingFolderIsMadeWithMode0700() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a/b/secret.json")
        try FileSystem.createFolders(containing: path)
        for name in ["a", "a/b"] {
            var info = stat()
            #expect(stat(folder.file(name), &info) == 0)
            #expect(info.st_mode & 0o7777 == 0o700)
        }
        _ = try folder.write("x", to: "file")
        #expect(
            throws: FileSystem.Failure(
                path: folder.file("file"), code: ENOTDIR,
                reason: "a file with that name is in the way")
        ) {
            try FileSystem.createFolders(containing: folder.file("file/secret.json"))
        }
    }

    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("fifo")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: FileSystem.PrivateFileProblem.notAFile("a FIFO")) {
            try FileSystem.readPrivateFile(path, limit: 100)
        }
    }

    @Test func aLargeFileIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(String(repeating: "x", count: 101), to: "big")
        chmod(path, 0o600)
        #expect(throws: FileSystem.PrivateFileProblem.tooLarge(limit: 100)) {
            try FileSystem.readPrivateFile(path, limit: 100)
        }
    }
}
