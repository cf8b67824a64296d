extension SQLiteSeenStore {
    /// How a ``SQLiteSeenStore`` opens its database.
    public struct Options: Sendable, Hashable {
        /// How long a write waits for another process's lock before failing with
        /// ``SeenStoreError/locked(path:timeout:)``. Default: 5 seconds.
        public var busyTimeout: Duration
        /// How hard each commit pushes data to the disk. Default: ``Synchronous/full``.
        public var synchronous: Synchronous
        /// Whether to create the database (and its folder) when the file does not exist, and to
        /// initialise an empty (0-byte) file. Default: `true`. A read-only check (the
        /// `walkthrough seen` gate, `status`) passes `false`, creates nothing and gets
        /// ``SeenStoreError/databaseMissing(path:)`` instead.
        public var createIfMissing: Bool
        /// Whether the store only reads. Default: `false`.
        ///
        /// A read-only store writes nothing to the file, ever (`PRAGMA query_only`): no switch
        /// to WAL, no migration, nothing created (as if `createIfMissing` were `false`); a file
        /// the user may not write is opened with `SQLITE_OPEN_READONLY`. A missing file, an empty one, or an empty SQLite database gives
        /// ``SeenStoreError/databaseMissing(path:)``: nothing has been recorded there. It can
        /// read a database the user may not write (a store an administrator shares), and every
        /// write method throws ``SeenStoreError/readOnlyFile(path:)``. The command's `seen`,
        /// `status` and `list` open their store this way.
        public var readOnly: Bool

        /// Options with the given values; every default is the safe choice.
        public init(
            busyTimeout: Duration = .seconds(5), synchronous: Synchronous = .full,
            createIfMissing: Bool = true, readOnly: Bool = false
        ) {
            self.busyTimeout = busyTimeout
            self.synchronous = synchronous
            self.createIfMissing = createIfMissing
            self.readOnly = readOnly
        }

        /// The busy timeout in whole milliseconds, as `sqlite3_busy_timeout` takes it: negative
        /// durations count as 0, huge ones are capped at `Int32.max`.
        var busyTimeoutMilliseconds: Int32 {
            let (seconds, attoseconds) = busyTimeout.components
            guard seconds >= 0, attoseconds >= 0 else { return 0 }
            guard seconds < Int64(Int32.max) / 1000 else { return Int32.max }
            return Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        }
    }

    /// SQLite's `synchronous` setting for the store's connection.
    public enum Synchronous: String, Sendable, Hashable, CaseIterable {
        /// `synchronous=FULL`: every commit is on the disk when the call returns, so an
        /// acknowledged write survives a power loss. The default.
        case full
        /// `synchronous=NORMAL`: in WAL mode still safe from corruption and from a process crash,
        /// but the last commits before a power loss may be lost. Faster for bulk writes.
        case normal

        /// The pragma that sets it.
        var pragma: String {
            switch self {
            case .full: return "PRAGMA synchronous = FULL"
            case .normal: return "PRAGMA synchronous = NORMAL"
            }
        }
    }
}
