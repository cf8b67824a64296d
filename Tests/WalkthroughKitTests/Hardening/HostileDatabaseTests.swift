import CSQLite
import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Databases damaged or replaced on purpose: each is refused with an error naming the file, by
/// the store that may create files and by the read-only one that `seen` and `status` use, with
/// no crash, no hang, the file left byte for byte as it was and no `-wal`, `-shm` or `-journal`
/// file left next to it.
@Suite(.serialized)
struct HostileDatabaseTests {
    /// Both ways the command line opens a store: `true` may create files (`play`, `mark`),
    /// `false` may not (`seen`, `status`).
    static let openings = [true, false]

    private static func options(creating: Bool) -> SQLiteSeenStore.Options {
        SQLiteSeenStore.Options(createIfMissing: creating)
    }

    // MARK: - Truncated files

    @Test(arguments: openings)
    func aDatabaseTruncatedAt100BytesIsRefused(creating: Bool) throws {
        let folder = try TemporaryFolder()
        let path = try HostileDatabase.populated(in: folder)
        try HostileDatabase.truncate(path, to: 100)
        try expectRefused(path, options: Self.options(creating: creating))
    }

    @Test(arguments: openings)
    func aDatabaseTruncatedToHalfItsSizeIsRefused(creating: Bool) throws {
        let folder = try TemporaryFolder()
        let path = try HostileDatabase.populated(in: folder)
        try HostileDatabase.truncate(path, to: try bytes(of: path).count / 2)
        try expectRefused(path, options: Self.options(creating: creating))
    }

    // MARK: - Flipped bytes

    @Test(arguments: openings)
    func aDatabaseWithTheSchemaPageFlippedIsRefused(creating: Bool) throws {
        let folder = try TemporaryFolder()
        let path = try HostileDatabase.populated(in: folder)
        // Page 1 after its 100-byte header: the schema's B-tree.
        try HostileDatabase.flip(path, page: 1, skippingHeader: true)
        try expectRefused(path, options: Self.options(creating: creating))
    }

    @Test(arguments: openings)
    func aDatabaseWithADataPageFlippedFailsOnReadingIt(creating: Bool) throws {
        let folder = try TemporaryFolder()
        let path = try HostileDatabase.populated(in: folder)
        let pages = try HostileDatabase.pageCount(path)
        try #require(pages >= 4, "the database should span several pages, has \(pages)")
        // The last page: a leaf of the records, written after every table and index of the
        // schema (whose empty roots would be met only by reading those tables).
        try HostileDatabase.flip(path, page: pages)
        let before = try bytes(of: path)
        // The file opens (its schema is intact), and reading the records meets the damage.
        let error = try #require(throws: SeenStoreError.self) {
            let store = try SQLiteSeenStore(path: path, options: Self.options(creating: creating))
            _ = try store.records(user: nil)
        }
        expectNamesTheFile(error, path)
        #expect(try bytes(of: path) == before, "the damaged file was changed")
        #expect(sideFiles(of: path).isEmpty, "left \(sideFiles(of: path))")
    }

    // MARK: - A journal without its database

    @Test(arguments: openings)
    func aWALFileWithoutItsDatabaseIsRefused(creating: Bool) throws {
        let folder = try TemporaryFolder()
        let path = try HostileDatabase.orphanedWAL(in: folder)
        let wal = try bytes(of: path + "-wal")
        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path, options: Self.options(creating: creating))
        }
        expectNamesTheFile(error, path)
        #expect(error.description.contains(path + "-wal"), "\(error)")
        #expect(!exists(path), "a database was created next to the orphaned -wal file")
        #expect(try bytes(of: path + "-wal") == wal, "the -wal file was changed")
        #expect(!exists(path + "-shm"))
    }

    @Test func aWALFileNextToAnEmptyDatabaseIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = try HostileDatabase.orphanedWAL(in: folder)
        try write(Data(), to: path)
        let wal = try bytes(of: path + "-wal")
        let error = try #require(throws: SeenStoreError.self) { try SQLiteSeenStore(path: path) }
        expectNamesTheFile(error, path)
        #expect(try bytes(of: path).isEmpty)
        #expect(try bytes(of: path + "-wal") == wal)
    }

    // MARK: - An altered table

    @Test(arguments: openings)
    func aSeenTableMissingAColumnIsRefused(creating: Bool) throws {
        let folder = try TemporaryFolder()
        let path = try HostileDatabase.populated(in: folder)
        do {
            let raw = try RawDatabase(path)
            try raw.exec("ALTER TABLE seen DROP COLUMN updated_at")
        }
        #expect(sideFiles(of: path).isEmpty)
        let error = try expectRefused(path, options: Self.options(creating: creating))
        guard case .unrecognizedSchema = error else {
            Issue.record("expected unrecognizedSchema, got \(error)")
            return
        }
        #expect(error.description.contains("updated_at"), "\(error)")
    }

    // MARK: - Not a file

    @Test(arguments: openings)
    func aFolderWhereTheDatabaseShouldBeIsRefused(creating: Bool) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path, options: Self.options(creating: creating))
        }
        expectNamesTheFile(error, path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
        #expect(sideFiles(of: path).isEmpty)
    }

    @Test(arguments: openings)
    func aFIFOWhereTheDatabaseShouldBeIsRefusedWithoutWaiting(creating: Bool) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try #require(mkfifo(path, 0o600) == 0)
        // Opening a FIFO for reading blocks until a writer comes: a store that did so would
        // hang here, and the test with it. Nobody ever writes to this one.
        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path, options: Self.options(creating: creating))
        }
        expectNamesTheFile(error, path)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(sideFiles(of: path).isEmpty)
    }

    @Test func aCharacterDeviceWhereTheDatabaseShouldBeIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        let error = try #require(throws: SeenStoreError.self) { try SQLiteSeenStore(path: path) }
        expectNamesTheFile(error, path)
        #expect(!exists(folder.file("seen.sqlite3-wal")))
    }

    // MARK: - Checks

    /// Opens `path` with `options` and checks the refusal: an error naming the file, the file
    /// unchanged, no side file.
    @discardableResult
    private func expectRefused(
        _ path: String, options: SQLiteSeenStore.Options,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SeenStoreError {
        let before = try bytes(of: path)
        let error = try #require(throws: SeenStoreError.self, sourceLocation: sourceLocation) {
            let store = try SQLiteSeenStore(path: path, options: options)
            // A store that opened must fail on its first read at the latest.
            _ = try store.records(user: nil)
        }
        expectNamesTheFile(error, path, sourceLocation: sourceLocation)
        #expect(
            try bytes(of: path) == before, "the file was changed", sourceLocation: sourceLocation)
        #expect(
            sideFiles(of: path).isEmpty, "left \(sideFiles(of: path))",
            sourceLocation: sourceLocation)
        return error
    }

    private func expectNamesTheFile(
        _ error: SeenStoreError, _ path: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error.path == path, sourceLocation: sourceLocation)
        #expect(
            error.description.contains(path), "\(error)", sourceLocation: sourceLocation)
        #expect(!error.description.contains("\n"), "\(error)", sourceLocation: sourceLocation)
        #expect(error != .databaseMissing(path: path), sourceLocation: sourceLocation)
    }
}
