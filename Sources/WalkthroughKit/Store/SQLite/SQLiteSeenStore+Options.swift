extension SQLiteSeenStore {
    /// How a ``SQLiteSeenStore`` opens its database.
    public struct Options: Sendable, Hashable {
        /// How long a call waits for another process's lock before failing with
        /// ``SeenStoreError/locked(path:timeout:)``. Default: 60 seconds, long enough for
        /// dozens of processes writing at once on a slow disk (each write holds the lock for a
        /// few milliseconds); ``busyTimeout(environment:)`` reads `WALKTHROUGH_BUSY_TIMEOUT`.
        public var busyTimeout: Duration
        /// How hard each commit pushes data to the disk. Default: ``Synchronous/extra``.
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
        /// `status` and `list` open their store this way. Not a byte of the database changes,
        /// and no file is created beside it (but for the `-shm` a store version 1 left in WAL
        /// mode may need after a killed writer, until its next write).
        public var readOnly: Bool

        /// Options with the given values; every default is the safe choice.
        public init(
            busyTimeout: Duration = Options.defaultBusyTimeout, synchronous: Synchronous = .extra,
            createIfMissing: Bool = true, readOnly: Bool = false
        ) {
            self.busyTimeout = busyTimeout
            self.synchronous = synchronous
            self.createIfMissing = createIfMissing
            self.readOnly = readOnly
        }

        /// The busy timeout when nothing else is said: 60 seconds.
        public static let defaultBusyTimeout: Duration = .seconds(60)

        /// The busy timeout `WALKTHROUGH_BUSY_TIMEOUT` sets (whole milliseconds), or `nil` when
        /// the variable is unset or empty.
        ///
        /// - Throws: ``SeenStoreError/invalidBusyTimeout(_:)`` for anything but a whole number
        ///   from 0 to 2147483647.
        public static func busyTimeout(
            environment: [String: String]
        ) throws(SeenStoreError) -> Duration? {
            guard let text = environment["WALKTHROUGH_BUSY_TIMEOUT"], !text.isEmpty else {
                return nil
            }
            guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let milliseconds = Int32(text)
            else { throw .invalidBusyTimeout(text) }
            return .milliseconds(milliseconds)
        }

        /// The busy timeout in whole milliseconds, as `sqlite3_busy_timeout` takes it: negative
        /// durations count as 0, huge ones are capped at `Int32.max`.
        var busyTimeoutMilliseconds: Int32 { Self.milliseconds(busyTimeout) }

        /// `duration` in whole milliseconds, as ``busyTimeoutMilliseconds`` counts them.
        static func milliseconds(_ duration: Duration) -> Int32 {
            let (seconds, attoseconds) = duration.components
            guard seconds >= 0, attoseconds >= 0 else { return 0 }
            guard seconds < Int64(Int32.max) / 1000 else { return Int32.max }
            return Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        }
    }

    /// SQLite's `synchronous` setting for the store's connection.
    public enum Synchronous: String, Sendable, Hashable, CaseIterable {
        /// `synchronous=EXTRA`: every commit is on the disk when the call returns, the removal
        /// of its journal included, so an acknowledged write survives a power loss. The default.
        ///
        /// With the rollback journal the store uses, a commit is the deletion of the `-journal`
        /// file; `FULL` syncs the journal and the database but not the folder after that
        /// deletion, so a power loss right after a commit can bring the journal back and roll
        /// the acknowledged write back. `EXTRA` also syncs the folder: one more `fsync` a write
        /// (see `walkthrough-bench store-write`).
        case extra
        /// `synchronous=FULL`: the journal and the database are synced at each commit; safe
        /// from corruption, but a commit followed at once by a power loss may be rolled back.
        case full
        /// `synchronous=NORMAL`: safe from a process crash, but a power loss at the wrong moment
        /// may lose the last commits or, with the rollback journal, corrupt the database. For
        /// throwaway stores only.
        case normal

        /// The pragma that sets it.
        var pragma: String {
            switch self {
            case .extra: return "PRAGMA synchronous = EXTRA"
            case .full: return "PRAGMA synchronous = FULL"
            case .normal: return "PRAGMA synchronous = NORMAL"
            }
        }
    }
}
