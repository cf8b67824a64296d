import CSQLite
@preconcurrency import Glibc

// MARK: - Opening

extension SQLiteSeenStore {
    /// Opens, checks and if needed initialises or migrates the database at `path`.
    ///
    /// The order matters: everything that could make us refuse the file is checked before the
    /// first write (the journal-mode switch or a migration), so a refused file is left exactly
    /// as it was.
    ///
    /// 1. The path: not a link another user made; neither the file nor those SQLite keeps next
    ///    to it (`-journal`, and a WAL store's `-wal` and `-shm`) another user's, and those
    ///    usable by this user.
    /// 2. Missing: refused when a `-wal` file with content is there without it (an orphan
    ///    SQLite would replay into a new file), and without `createIfMissing`; else the folder
    ///    (0700) and an empty file (0600) are created here.
    /// 3. The first 100 bytes, read without SQLite: empty (a new database, or missing without
    ///    `createIfMissing`), an SQLite header, or refused as not a database; a header from a
    ///    newer schema is refused here too.
    /// 4. The file and its folder must be writable.
    /// 5. SQLite opens it; busy timeout, defensive mode and `synchronous` are set (none of them
    ///    writes).
    /// 6. One read gives the schema version, the application id and whether the file holds
    ///    anything: another application's database or a newer schema is refused.
    /// 7. Writes, only now: a store version 1 left in WAL mode is switched to the rollback
    ///    journal (when no other connection holds it), then the pending migrations run in one
    ///    `BEGIN IMMEDIATE` transaction that checks the version again.
    /// 8. The record query is prepared (and kept in its slot), which proves that the `seen`
    ///    table has every column the store reads.
    ///
    /// A new file this call created and could not initialise (a full disk) is removed again.
    static func openConnection(
        path: String, options: Options
    ) throws(SeenStoreError) -> Connection {
        guard !path.isEmpty else {
            throw .cannotOpen(path: path, reason: "the path is empty")
        }
        if let scheme = urlScheme(of: path) {
            // `postgresql://…` and the like: a server store may come later; never treat the URL
            // as a relative file name and create folders called `postgresql:`.
            throw .cannotOpen(
                path: path,
                reason: "it is a \(scheme):// URL, and only SQLite database files are supported; "
                    + "give a file path")
        }
        try DatabaseFile.checkLink(path)
        try DatabaseFile.checkOwners(of: path)
        try DatabaseFile.checkCompanions(of: path, writing: !options.readOnly)
        if options.readOnly { return try openReadOnly(path: path, options: options) }
        var created = false
        if try !DatabaseFile.exists(path) {
            try DatabaseFile.refuseOrphanedWAL(of: path)
            guard options.createIfMissing else { throw .databaseMissing(path: path) }
            try DatabaseFile.createFolder(containing: path)
            created = try DatabaseFile.createEmptyFile(path)
        }
        do {
            return try openForWriting(path: path, options: options)
        } catch {
            if created { DatabaseFile.removeIfEmpty(path) }
            throw error
        }
    }

    /// Steps 3 to 8 of ``openConnection(path:options:)``, for a file that exists.
    private static func openForWriting(
        path: String, options: Options
    ) throws(SeenStoreError) -> Connection {
        var isWAL = false
        switch try DatabaseFile.readHeader(path) {
        case .empty:
            // An empty file is a database nobody has written yet: one that may not create
            // anything treats it as missing and leaves it alone.
            try DatabaseFile.refuseOrphanedWAL(of: path)
            guard options.createIfMissing else { throw .databaseMissing(path: path) }
        case .sqlite(let version, let wal):
            try refuseNewer(version, path: path)
            isWAL = wal
        }
        try DatabaseFile.checkWritable(path)

        let connection = try sqlite(options) { () throws(SQLiteError) in
            try Connection(path: path, flags: SQLITE_OPEN_READWRITE, vfs: Connection.journalVFS)
        }
        guard !connection.isReadOnly else { throw .readOnlyFile(path: path) }
        connection.setBusyTimeout(milliseconds: options.busyTimeoutMilliseconds)
        try sqlite(options) { () throws(SQLiteError) in
            try connection.enableDefensiveMode()
            try connection.execute(options.synchronous.pragma)
        }

        let state = try sqlite(options) { () throws(SQLiteError) in try readState(connection) }
        try refuseForeign(state, path: path)
        if isWAL {
            try sqlite(options) { () throws(SQLiteError) in
                try switchToRollbackJournal(connection)
            }
        }
        if state.version < StoreSchema.currentVersion {
            let refusal = try sqlite(options) { () throws(SQLiteError) in
                try migrate(connection)
            }
            if let refusal { throw refusal }
        }
        try sqlite(options) { () throws(SQLiteError) in
            _ = try connection.slottedStatement(SQL.record)
        }
        return connection
    }

    /// Steps 1, 3, 5, 6 and 8 of ``openConnection(path:options:)`` for a store that only reads:
    /// nothing is created, switched or migrated, and not one byte of the database or of the
    /// files beside it changes.
    ///
    /// The file is opened `SQLITE_OPEN_READONLY`, with `PRAGMA query_only` as well and no
    /// checkpoint when the connection closes, so it reads a store whose file and folder this
    /// user may only read. A store that version 1 left in WAL mode is read without creating
    /// anything when it was closed cleanly (no `-wal` or `-shm` file: opened `immutable`, since
    /// all of it is in the file) or when its `-shm` file is there (opened `readonly_shm`); only
    /// a `-wal` with content and no `-shm` (a killed writer) lets SQLite create the `-shm` it
    /// needs, until the next write switches the store to the rollback journal. A file that holds
    /// no walkthrough schema yet (an empty SQLite database) has no records.
    private static func openReadOnly(
        path: String, options: Options
    ) throws(SeenStoreError) -> Connection {
        guard try DatabaseFile.exists(path) else {
            try DatabaseFile.refuseOrphanedWAL(of: path)
            throw .databaseMissing(path: path)
        }
        let usesWAL: Bool
        switch try DatabaseFile.readHeader(path) {
        case .empty:
            try DatabaseFile.refuseOrphanedWAL(of: path)
            throw .databaseMissing(path: path)
        case .sqlite(let version, let wal):
            try refuseNewer(version, path: path)
            // SQLite reads a database in WAL mode whenever a -wal file is there.
            usesWAL = wal || DatabaseFile.size(of: path + "-wal") != nil
        }
        var parameters: [String] = []
        if usesWAL {
            if DatabaseFile.size(of: path + "-shm") != nil {
                parameters = ["readonly_shm=1"]
            } else if (DatabaseFile.size(of: path + "-wal") ?? 0) == 0 {
                parameters = ["immutable=1"]
            } else {
                try DatabaseFile.checkWALIndexCanBeCreated(of: path)
            }
        }
        let connection = try sqlite(options) { () throws(SQLiteError) in
            try Connection(path: path, flags: SQLITE_OPEN_READONLY, uriParameters: parameters)
        }
        connection.setBusyTimeout(milliseconds: options.busyTimeoutMilliseconds)
        try sqlite(options) { () throws(SQLiteError) in
            try connection.enableDefensiveMode()
            try connection.disableCheckpointOnClose()
            // Every write through this connection is refused, whatever the flags.
            try connection.execute("PRAGMA query_only = ON")
        }
        let state = try sqlite(options) { () throws(SQLiteError) in try readState(connection) }
        try refuseForeign(state, path: path)
        if state.version == 0, state.objectCount == 0 { throw .databaseMissing(path: path) }
        // An older schema is read as it is: only a store that writes migrates it, and a
        // version-1 store simply has no events yet. (A version 0 holding tables was refused.)
        try sqlite(options) { () throws(SQLiteError) in
            _ = try connection.slottedStatement(
                state.version >= 6 ? SQL.record : SQL.recordBeforeSnooze)
        }
        return connection
    }

    /// The schema version of the opened file (`PRAGMA user_version`), which a read-only store
    /// reads as it is.
    static func storedVersion(
        of connection: Connection, options: Options
    ) throws(SeenStoreError) -> Int {
        try sqlite(options) { () throws(SQLiteError) in try readState(connection).version }
    }

    /// The scheme of `path` when it is written as a URL (`scheme://…`), else `nil`.
    ///
    /// A scheme is an ASCII letter followed by letters, digits, `+`, `.` or `-` (RFC 3986), so a
    /// path that starts any other way (`/var/…`, `./seen.sqlite3`) is answered from its first
    /// byte.
    static func urlScheme(of path: String) -> String? {
        var utf8 = path.utf8[...]
        guard let first = utf8.first, isASCIILetter(first) else { return nil }
        while let byte = utf8.first, byte != UInt8(ascii: ":") {
            guard isASCIILetter(byte) || isSchemeMark(byte) else { return nil }
            utf8 = utf8.dropFirst()
        }
        guard utf8.starts(with: "://".utf8) else { return nil }
        return String(path[..<utf8.startIndex])
    }

    /// Whether `byte` is an ASCII letter.
    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Whether `byte` may follow a scheme's first letter and is not a letter: a digit, `+`, `.`
    /// or `-`.
    private static func isSchemeMark(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    /// What opening reads before writing anything.
    private struct State {
        /// `PRAGMA user_version`.
        var version: Int
        /// `PRAGMA application_id`.
        var applicationID: Int32
        /// How many tables, indices, views and triggers the file holds.
        var objectCount: Int
    }

    private static func readState(_ connection: Connection) throws(SQLiteError) -> State {
        try connection.withStatement(SQL.state) { statement throws(SQLiteError) in
            _ = try statement.step()
            return State(
                version: statement.int(at: 0),
                applicationID: Int32(
                    truncatingIfNeeded:
                        statement.int(at: 1)), objectCount: statement.int(at: 2))
        }
    }

    private static func refuseNewer(_ version: Int, path: String) throws(SeenStoreError) {
        guard version <= StoreSchema.currentVersion else {
            throw .newerSchema(
                path: path, found: version, supported: StoreSchema.currentVersion)
        }
    }

    /// The refusal for a file that is not (or not yet) a walkthrough store at a version we
    /// know, or `nil` when the file is ours or empty.
    private static func refusal(_ state: State, path: String) -> SeenStoreError? {
        if state.version > StoreSchema.currentVersion {
            return .newerSchema(
                path: path, found: state.version, supported: StoreSchema.currentVersion)
        }
        if state.applicationID != 0, state.applicationID != StoreSchema.applicationID {
            let id = String(UInt32(bitPattern: state.applicationID), radix: 16)
            return .unrecognizedSchema(
                path: path, detail: "it belongs to another application: application_id 0x\(id)")
        }
        if state.version == 0, state.objectCount > 0 {
            return .unrecognizedSchema(
                path: path,
                detail: "it has no walkthrough schema version but already holds "
                    + "\(state.objectCount) tables or indices")
        }
        return nil
    }

    private static func refuseForeign(_ state: State, path: String) throws(SeenStoreError) {
        if let refusal = refusal(state, path: path) { throw refusal }
    }

    /// Switches a store that version 1 left in WAL mode to the rollback journal
    /// (`journal_mode=DELETE`), which folds the `-wal` file into the database and removes it and
    /// the `-shm` file. The mode is stored in the file, so this happens once per store.
    ///
    /// WAL mode, with several processes writing while others checkpoint, meets SQLite's WAL-reset
    /// race (3.7.0 to 3.51.2), which can lose an acknowledged write; it also makes readers create
    /// and write files. The switch needs the file to itself: while another connection (an older
    /// walkthrough, a `sqlite3` shell) holds it, SQLite refuses with `SQLITE_BUSY`, and this
    /// write goes ahead in WAL mode; the next write tries again.
    private static func switchToRollbackJournal(_ connection: Connection) throws(SQLiteError) {
        do {
            _ = try connection.execute("PRAGMA journal_mode = DELETE")
        } catch  where error.resultCode == SQLITE_BUSY || error.resultCode == SQLITE_LOCKED {
            return
        }
    }

    /// Runs the pending migrations in one `BEGIN IMMEDIATE` transaction.
    ///
    /// The version is read again under the write lock: another process may have migrated (or
    /// refused) the file since we looked.
    ///
    /// - Returns: A refusal when the file turned out not to be ours; nothing was written then.
    private static func migrate(_ connection: Connection) throws(SQLiteError) -> SeenStoreError? {
        try connection.immediateTransaction { () throws(SQLiteError) -> SeenStoreError? in
            let state = try readState(connection)
            if let refusal = refusal(state, path: connection.path) { return refusal }
            let pending = StoreSchema.pending(from: state.version)
            guard !pending.isEmpty else { return nil }
            for migration in pending {
                for statement in migration.statements { try connection.execute(statement) }
            }
            // Pragmas take no bound parameters; both values are our own constants.
            try connection.execute("PRAGMA application_id = \(StoreSchema.applicationID)")
            try connection.execute("PRAGMA user_version = \(StoreSchema.currentVersion)")
            return nil
        }
    }

    /// Runs SQLite work, turning its errors into ``SeenStoreError``.
    private static func sqlite<Result>(
        _ options: Options, _ body: () throws(SQLiteError) -> Result
    ) throws(SeenStoreError) -> Result {
        do {
            return try body()
        } catch {
            throw SeenStoreError(error, busyTimeout: options.busyTimeout)
        }
    }
}
