import CSQLite

/// Settings of SQLite for a whole process, made before the process opens its first database.
/// Only a process that is the `walkthrough` command's own sets them: an embedding host's SQLite
/// is its own.
package enum SQLiteProcessSettings {
    /// Page caches take their pages one at a time, as they need them, instead of allocating
    /// room for 20 pages (88 KiB) when they are made.
    ///
    /// SQLite makes a page cache for every temporary b-tree: a statement whose `CHECK (x IN
    /// ('a', 'b', 'c'))` it evaluates builds one each time it runs, as every write to the
    /// store's tables does. The bulk allocation and its release, a step at a time, had the
    /// allocator return the memory to the system and take it back (`madvise`, page faults).
    ///
    /// - Returns: Whether it took effect (not when a database was opened before).
    @discardableResult
    package static func allocatePagesAsNeeded() -> Bool {
        walkthrough_sqlite3_config_no_bulk_page_cache() == SQLITE_OK
    }
}
