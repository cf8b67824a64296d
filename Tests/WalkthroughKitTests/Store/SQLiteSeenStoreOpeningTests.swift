import CSQLite
import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughFleet
@testable import WalkthroughKit

/// Opening, creating, initialising and migrating the database file, and refusing files that are
/// not ours: always with an error naming the file and the file left byte-for-byte as it was.
@Suite(.serialized)
struct SQLiteSeenStoreOpeningTests {
    // MARK: - Creating

    @Test func createsMissingFoldersAs0700AndTheFileAs0600() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state/walkthrough/seen.sqlite3")
        let store = try SQLiteSeenStore(path: path)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)

        #expect(try mode(of: folder.file("state")) == 0o700)
        #expect(try mode(of: folder.file("state/walkthrough")) == 0o700)
        #expect(try mode(of: path) == 0o600)
        // The rollback journal is gone once the write is committed: nothing else is left.
        #expect(sideFiles(of: path).isEmpty)
    }

    @Test func leavesTheModeOfAnExistingFolderAlone() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.file("shared"), withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o755])
        _ = try SQLiteSeenStore(path: folder.file("shared/seen.sqlite3"))
        #expect(try mode(of: folder.file("shared")) == 0o755)
    }

    @Test func aNewDatabaseUsesTheRollbackJournalAtTheCurrentSchema() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        _ = try SQLiteSeenStore(path: path)
        let header = try bytes(of: path)
        // Offsets 18 and 19: the file format's write and read versions, 1 for a rollback
        // journal and 2 for WAL.
        #expect(header[18] == 1 && header[19] == 1)
        let raw = try RawDatabase(path)
        #expect(try raw.scalar("PRAGMA journal_mode") == "delete")
        #expect(try raw.scalar("PRAGMA user_version") == String(SQLiteSeenStore.schemaVersion))
        #expect(try raw.scalar("PRAGMA application_id") == "1464617812")
        #expect(
            try raw.rows("SELECT name FROM pragma_table_info('seen') ORDER BY cid").map(\.[0]) == [
                "user", "walkthrough", "version", "outcome", "last_page", "updated_at",
                "snoozed_until",
            ])
    }

    @Test func recordsSurviveReopening() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let clock = SteppingClock()
        do {
            let store = try SQLiteSeenStore(path: path, now: clock.now)
            clock.tick()
            try store.saveProgress(user: "alice", walkthrough: "foodpin", version: 2, page: 1)
            clock.tick()
            try store.markSeen(user: "bob", walkthrough: "foodpin", version: 2, outcome: .skipped)
        }
        let reopened = try SQLiteSeenStore(path: path)
        #expect(
            try reopened.records(user: nil) == [
                SeenRecord(
                    user: "alice", walkthrough: "foodpin", version: 2, outcome: .inProgress,
                    lastPage: 1, updatedAt: SteppingClock.instant(1)),
                SeenRecord(
                    user: "bob", walkthrough: "foodpin", version: 2, outcome: .skipped,
                    lastPage: 0, updatedAt: SteppingClock.instant(2)),
            ])
    }

    @Test func twoStoresInOneProcessShareTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let first = try SQLiteSeenStore(path: path)
        let second = try SQLiteSeenStore(path: path)
        try first.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(try second.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
    }

    @Test func aMissingFileWithoutCreateIsRefusedAndNothingIsCreated() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("not-yet/seen.sqlite3")
        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path, options: .init(createIfMissing: false))
        }
        #expect(error == .databaseMissing(path: path))
        #expect(error.description.contains(path))
        #expect(!exists(folder.file("not-yet")))
    }

    @Test func anEmptyFileIsMissingToAStoreThatMayNotCreateAndIsLeftEmpty() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try write(Data(), to: path)
        #expect(throws: SeenStoreError.databaseMissing(path: path)) {
            try SQLiteSeenStore(path: path, options: .init(createIfMissing: false))
        }
        #expect(try bytes(of: path).isEmpty)
        #expect(sideFiles(of: path).isEmpty)
    }

    @Test func anEmptyFileIsInitialisedAsANewDatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try write(Data(), to: path)
        let store = try SQLiteSeenStore(path: path)
        try store.markSeen(user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        #expect(
            try RawDatabase(path).scalar("PRAGMA user_version")
                == String(SQLiteSeenStore.schemaVersion))
        #expect(try store.hasSeen(user: "alice", walkthrough: "foodpin", version: 1))
    }

    @Test func optionsReachTheConnection() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        let standard = try SQLiteSeenStore.openConnection(path: path, options: .init())
        #expect(try standard.execute("PRAGMA synchronous") == "3")
        #expect(standard.busyTimeout == .seconds(60))
        let full = try SQLiteSeenStore.openConnection(
            path: path, options: .init(synchronous: .full))
        #expect(try full.execute("PRAGMA synchronous") == "2")
        let normal = try SQLiteSeenStore.openConnection(
            path: path, options: .init(busyTimeout: .milliseconds(250), synchronous: .normal))
        #expect(try normal.execute("PRAGMA synchronous") == "1")
        #expect(normal.busyTimeout == .milliseconds(250))
    }

    // MARK: - Schema versions

    /// The schema versions are constants (a check builds none of the migrations' SQL): each
    /// must be the last migration's, with every version from 1 there once.
    @Test func migrationsAreNumberedOneByOne() {
        #expect(StoreSchema.migrations.map(\.version) == Array(1...SQLiteSeenStore.schemaVersion))
        #expect(
            PostgresSchema.migrations.map(\.version)
                == Array(1...PostgresSchema.currentVersion))
    }

    @Test func aSchemaVersion1DatabaseWrittenByAnotherConnectionOpens() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        do {
            // As version 1 left it, but in the default rollback-journal mode, with a row.
            let raw = try RawDatabase(path)
            try raw.exec(storeSchemaVersion1SQL)
            try raw.exec(
                """
                INSERT INTO seen VALUES ('alice', 'foodpin', 3, 'skipped', 2, 1700000000123)
                """)
        }
        let store = try SQLiteSeenStore(path: path)
        #expect(
            try store.record(user: "alice", walkthrough: "foodpin")
                == SeenRecord(
                    user: "alice", walkthrough: "foodpin", version: 3, outcome: .skipped,
                    lastPage: 2, updatedAt: SteppingClock.start))
        try store.markSeen(user: "bob", walkthrough: "foodpin", version: 1, outcome: .completed)
        let raw = try RawDatabase(path)
        #expect(try raw.scalar("PRAGMA journal_mode") == "delete")
        // Migrated to the current version on that first write, keeping the version-1 record.
        #expect(try raw.scalar("PRAGMA user_version") == String(SQLiteSeenStore.schemaVersion))
        #expect(try raw.scalar("SELECT count(*) FROM seen") == "2")
        #expect(try raw.scalar("SELECT count(*) FROM events") == "0")
    }

    @Test(arguments: [false, true])
    func aNewerSchemaIsRefusedAndLeftUntouched(walMode: Bool) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        do {
            let raw = try RawDatabase(path)
            if walMode { try raw.exec("PRAGMA journal_mode = WAL") }
            try raw.exec(storeSchemaVersion1SQL)
            try raw.exec(
                "ALTER TABLE seen ADD COLUMN note TEXT; "
                    + "PRAGMA user_version = \(SQLiteSeenStore.schemaVersion + 1)")
        }
        #expect(sideFiles(of: path).isEmpty)
        let before = try bytes(of: path)

        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path)
        }
        #expect(
            error
                == .newerSchema(
                    path: path, found: SQLiteSeenStore.schemaVersion + 1,
                    supported: SQLiteSeenStore.schemaVersion))
        #expect(error.description.contains(path))
        #expect(try bytes(of: path) == before)
        #expect(sideFiles(of: path).isEmpty)
    }

    // MARK: - Files that are not ours

    static let notDatabases: [(String, Data)] = [
        ("random bytes", Data((0..<8192).map { _ in UInt8.random(in: 0...255) })),
        ("a text file", Data("hasViewedWalkthrough = true\n".utf8)),
        ("one byte", Data([0x53])),
        (
            "an SQLite header then garbage",
            {
                var data = Data("SQLite format 3\0".utf8)
                data.append(Data((0..<4080).map { _ in UInt8.random(in: 0...255) }))
                return data
            }()
        ),
        ("a valid header over garbage pages", validHeaderOverGarbage()),
    ]

    /// A 100-byte header as SQLite writes it for a one-page database (4096-byte pages, schema
    /// version 0), followed by random bytes where the pages should be: only SQLite itself, not
    /// the store's header check, can tell that this is not a database.
    static func validHeaderOverGarbage() -> Data {
        var header = [UInt8](repeating: 0, count: 100)
        header.replaceSubrange(0..<16, with: Array("SQLite format 3\0".utf8))
        header[16] = 0x10  // page size 4096
        header[18] = 1  // rollback journal
        header[19] = 1
        header[21] = 64
        header[22] = 32
        header[23] = 32
        header[27] = 1  // change counter
        header[31] = 1  // one page
        header[43] = 1  // schema cookie
        header[47] = 4  // schema format
        header[59] = 1  // UTF-8
        header[95] = 1  // version-valid-for = change counter
        var data = Data(header)
        data.append(Data((100..<4096).map { _ in UInt8.random(in: 0...255) }))
        return data
    }

    @Test(arguments: notDatabases)
    func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched(what: String, contents: Data) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        try write(contents, to: path)

        let error = try #require(throws: SeenStoreError.self, "\(what)") {
            try SQLiteSeenStore(path: path)
        }
        switch error {
        case .notADatabase(let errorPath), .corrupt(let errorPath, _):
            #expect(errorPath == path)
        default:
            Issue.record("\(what): unexpected error \(error)")
        }
        #expect(error.description.contains(path))
        #expect(try bytes(of: path) == contents)
        #expect(sideFiles(of: path).isEmpty)
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.sqlite3")
        try RawDatabase(path).exec(
            "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
        let before = try bytes(of: path)

        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path)
        }
        guard case .unrecognizedSchema(let errorPath, _) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(errorPath == path)
        #expect(error.description.contains(path))
        #expect(try bytes(of: path) == before)
        #expect(sideFiles(of: path).isEmpty)
    }

    @Test func aDatabaseWithAnotherApplicationIdIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("other.sqlite3")
        try RawDatabase(path).exec("PRAGMA application_id = 42; PRAGMA user_version = 1")
        let before = try bytes(of: path)
        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path)
        }
        #expect(
            error
                == .unrecognizedSchema(
                    path: path, detail: "it belongs to another application: application_id 0x2a"))
        #expect(try bytes(of: path) == before)
    }

    @Test func aSeenTableWithoutOurColumnsIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        _ = try SQLiteSeenStore(path: path)
        try RawDatabase(path).exec("ALTER TABLE seen RENAME COLUMN last_page TO page")

        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path)
        }
        guard case .unrecognizedSchema(let errorPath, let detail) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(errorPath == path)
        #expect(detail.contains("last_page"))
    }

    // MARK: - Paths that cannot be used

    @Test func aFolderWhereTheFileShouldBeIsRefused() throws {
        let folder = try TemporaryFolder()
        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: folder.path)
        }
        guard case .cannotOpen(let path, let reason) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(path == folder.path)
        #expect(reason.contains("folder"))
    }

    @Test func anEmptyPathIsRefused() {
        #expect(throws: SeenStoreError.cannotOpen(path: "", reason: "the path is empty")) {
            try SQLiteSeenStore(path: "")
        }
    }

    /// `--db postgresql://…` is for later: until then a URL is refused, not taken as a relative
    /// path that would create a folder called `postgresql:` in the current directory.
    @Test(arguments: [
        "postgresql://db.example.com/walkthrough", "sqlite://seen.sqlite3", "svn+ssh://host/seen",
        "File.V-2://seen",
    ])
    func aURLIsRefusedAndNothingIsCreated(url: String) throws {
        let error = try #require(throws: SeenStoreError.self) { try SQLiteSeenStore(path: url) }
        guard case .cannotOpen(let path, let reason) = error else {
            Issue.record("expected cannotOpen, got \(error)")
            return
        }
        #expect(path == url)
        #expect(reason.contains("URL") && reason.contains("file path"))
        let scheme = String(url.prefix(while: { $0 != ":" }))
        #expect(!exists(scheme + ":"))
    }

    @Test func aFileNameWithAColonIsStillAFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("team:seen.sqlite3")
        _ = try SQLiteSeenStore(path: path)
        #expect(exists(path))
    }

    @Test func aFolderThatCannotBeCreatedIsReported() throws {
        let folder = try TemporaryFolder()
        try write(Data("a file, not a folder".utf8), to: folder.file("blocker"))
        let path = folder.file("blocker/walkthrough/seen.sqlite3")
        let error = try #require(throws: SeenStoreError.self) {
            try SQLiteSeenStore(path: path)
        }
        guard case .cannotCreateFolder(let errorPath, let failed, _) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(errorPath == path)
        #expect(failed.hasPrefix(folder.file("blocker")))
        #expect(error.description.contains(path))
    }

    @Test func aFolderInAReadOnlyParentCannotBeCreated() throws {
        let folder = try TemporaryFolder()
        let parent = folder.file("locked")
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
        let method = try makeReadOnly(parent)
        defer { try? makeWritable(parent, method) }

        let path = parent + "/walkthrough/seen.sqlite3"
        let error = try #require(throws: SeenStoreError.self, "made read-only by \(method)") {
            try SQLiteSeenStore(path: path)
        }
        guard case .cannotCreateFolder(_, let failed, _) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(failed == parent + "/walkthrough")
        #expect(!exists(parent + "/walkthrough"))
    }

    // MARK: - Read-only

    @Test func aReadOnlyFileIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        do {
            let store = try SQLiteSeenStore(path: path)
            try store.markSeen(
                user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        }
        #expect(sideFiles(of: path).isEmpty)
        let before = try bytes(of: path)
        // As root, permission bits would not stop the store: the immutable attribute does.
        let method = try makeReadOnly(path)
        defer { try? makeWritable(path, method) }

        let error = try #require(throws: SeenStoreError.self, "made read-only by \(method)") {
            try SQLiteSeenStore(path: path)
        }
        #expect(error == .readOnlyFile(path: path))
        #expect(error.description.contains(path))
        #expect(try bytes(of: path) == before)
        #expect(sideFiles(of: path).isEmpty)
    }

    @Test(arguments: [true, false])
    func aReadOnlyFolderIsRefused(fileExists: Bool) throws {
        let folder = try TemporaryFolder()
        let inner = folder.file("db")
        let path = inner + "/seen.sqlite3"
        if fileExists {
            let store = try SQLiteSeenStore(path: path)
            try store.markSeen(
                user: "alice", walkthrough: "foodpin", version: 1, outcome: .completed)
        } else {
            try FileManager.default.createDirectory(
                atPath: inner, withIntermediateDirectories: false)
        }
        let before = fileExists ? try bytes(of: path) : nil
        let method = try makeReadOnly(inner)
        defer { try? makeWritable(inner, method) }

        let error = try #require(throws: SeenStoreError.self, "made read-only by \(method)") {
            try SQLiteSeenStore(path: path)
        }
        #expect(error == .readOnlyFolder(path: path))
        #expect(error.description.contains(inner))
        if let before { #expect(try bytes(of: path) == before) } else { #expect(!exists(path)) }
        #expect(sideFiles(of: path).isEmpty)
    }

    /// A write SQLite itself refuses as read-only reaches the user as ``SeenStoreError/readOnlyFile(path:)``.
    ///
    /// Honest note: this opens the connection with `SQLITE_OPEN_READONLY`, which is SQLite's own
    /// read-only mode, not a file the system refuses to write; the two tests above cover that.
    @Test func sqliteReadOnlyErrorsMapToTheReadOnlyError() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("seen.sqlite3")
        _ = try SQLiteSeenStore(path: path)
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
        let error = try #require(throws: SQLiteError.self) {
            try connection.execute("DELETE FROM seen")
        }
        #expect(SeenStoreError(error, busyTimeout: .seconds(5)) == .readOnlyFile(path: path))
    }
}
