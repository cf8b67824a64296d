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
    /// 1. Missing: refused when a `-wal` file with content is there without it (an orphan
    ///    SQLite would replay into a new file), and without `createIfMissing`; else the folder
    ///    (0700) and an empty file (0600) are created here.
    /// 2. The first 100 bytes, read without SQLite: empty (a new database, or missing without
    ///    `createIfMissing`), an SQLite header, or refused as not a database; a header from a
    ///    newer schema is refused here too.
    /// 3. The file and its folder must be writable.
    /// 4. SQLite opens it; busy timeout, defensive mode and `synchronous` are set (none of them
    ///    writes).
    /// 5. One read gives the schema version, the application id and whether the file holds
    ///    anything: another application's database or a newer schema is refused.
    /// 6. Writes, only now: the switch to WAL (once per file), then the pending migrations in one
    ///    `BEGIN IMMEDIATE` transaction that checks the version again.
    /// 7. The record query is prepared (and kept in its slot), which proves that the `seen`
    ///    table has every column the store reads.
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
        let mayCreate = options.createIfMissing && !options.readOnly
        if try !DatabaseFile.exists(path) {
            try DatabaseFile.refuseOrphanedWAL(of: path)
            guard mayCreate else { throw .databaseMissing(path: path) }
            try DatabaseFile.createFolder(containing: path)
            try DatabaseFile.createEmptyFile(path)
        }
        var isWAL = false
        switch try DatabaseFile.readHeader(path) {
        case .empty:
            // An empty file is a database nobody has written yet: one that may not create
            // anything treats it as missing and leaves it alone.
            try DatabaseFile.refuseOrphanedWAL(of: path)
            guard mayCreate else { throw .databaseMissing(path: path) }
        case .sqlite(let version, let wal):
            try refuseNewer(version, path: path)
            isWAL = wal
        }
        if options.readOnly { return try openReadOnly(path: path, options: options) }
        try DatabaseFile.checkWritable(path)

        let connection = try sqlite(options) { () throws(SQLiteError) in
            try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
        }
        guard !connection.isReadOnly else { throw .readOnlyFile(path: path) }
        connection.setBusyTimeout(milliseconds: options.busyTimeoutMilliseconds)
        try sqlite(options) { () throws(SQLiteError) in
            try connection.enableDefensiveMode()
            try connection.execute(options.synchronous.pragma)
        }

        let state = try sqlite(options) { () throws(SQLiteError) in try readState(connection) }
        try refuseForeign(state, path: path)
        if !isWAL {
            try sqlite(options) { () throws(SQLiteError) in
                try switchToWAL(connection, busyTimeout: options.busyTimeout)
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

    /// Steps 4, 5 and 7 of ``openConnection(path:options:)`` for a store that only reads:
    /// `PRAGMA query_only` refuses every write, nothing is switched or migrated, and a file that
    /// holds no walkthrough schema yet (an empty SQLite database) has no records.
    private static func openReadOnly(
        path: String, options: Options
    ) throws(SeenStoreError) -> Connection {
        // Opened for writing when the system allows it, only so that SQLite can tidy its own
        // `-wal` and `-shm` files when the connection closes; the store writes nothing itself.
        // A file the user may only read is opened read-only.
        let flags = access(path, W_OK) == 0 ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY
        let connection = try sqlite(options) { () throws(SQLiteError) in
            try Connection(path: path, flags: flags)
        }
        connection.setBusyTimeout(milliseconds: options.busyTimeoutMilliseconds)
        try sqlite(options) { () throws(SQLiteError) in
            try connection.enableDefensiveMode()
            // Every write through this connection is refused, whatever the flags.
            try connection.execute("PRAGMA query_only = ON")
        }
        let state = try sqlite(options) { () throws(SQLiteError) in try readState(connection) }
        try refuseForeign(state, path: path)
        if state.version == 0, state.objectCount == 0 { throw .databaseMissing(path: path) }
        guard state.version == StoreSchema.currentVersion else {
            // An older schema: only a store that may write can migrate it. (Schema 1 is the
            // first, so today this is a file whose version is 0 but holds tables, refused above.)
            throw .unrecognizedSchema(
                path: path,
                detail: "it has schema version \(state.version), which only a command that "
                    + "writes (such as walkthrough mark) can bring up to \(StoreSchema.currentVersion)"
            )
        }
        try sqlite(options) { () throws(SQLiteError) in
            _ = try connection.slottedStatement(SQL.record)
        }
        return connection
    }

    /// The scheme of `path` when it is written as a URL (`scheme://…`), else `nil`.
    static func urlScheme(of path: String) -> String? {
        guard let colon = path.firstIndex(of: ":"), path[colon...].hasPrefix("://") else {
            return nil
        }
        let scheme = path[..<colon]
        guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic,
            first.isASCII,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "+.-".unicodeScalars.contains($0))
            })
        else { return nil }
        return String(scheme)
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

    /// Puts the database in WAL mode: readers never wait for the writer, and a commit is one
    /// append to the `-wal` file. The mode is stored in the file, so this runs once per file.
    ///
    /// Changing the journal mode needs the file to itself, and SQLite answers `SQLITE_BUSY` at
    /// once, without calling the busy handler, when another connection holds any lock: exactly
    /// what happens when several processes create the store at the same moment. So the switch is
    /// retried, with a growing pause, until the busy timeout has passed; a retry first looks
    /// whether another process has switched the file already.
    private static func switchToWAL(
        _ connection: Connection, busyTimeout: Duration
    ) throws(SQLiteError) {
        let sql = "PRAGMA journal_mode = WAL"
        let deadline = ContinuousClock.now + busyTimeout
        var pauseMicroseconds: UInt32 = 500
        while true {
            do throws(SQLiteError) {
                let mode = try connection.execute(sql)
                guard mode?.lowercased() == "wal" else {
                    throw SQLiteError(
                        code: SQLITE_ERROR,
                        message:
                            "could not switch to WAL journal mode (it stays \(mode ?? "unknown"))",
                        sql: sql, path: connection.path, operation: .configure)
                }
                return
            } catch  where error.resultCode == SQLITE_BUSY && ContinuousClock.now < deadline {
                usleep(pauseMicroseconds)
                pauseMicroseconds = min(pauseMicroseconds * 2, 50_000)
                if (try? connection.execute("PRAGMA journal_mode"))?.lowercased() == "wal" {
                    return
                }
            }
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
