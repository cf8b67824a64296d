import CSQLite

extension SeenStoreError {
    /// The error a user sees for an SQLite failure on the database at `error.path`.
    ///
    /// - Parameter busyTimeout: The timeout that was waited for, named in ``locked(path:timeout:)``.
    init(_ error: SQLiteError, busyTimeout: Duration) {
        let path = error.path
        switch error.resultCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            self = .locked(path: path, timeout: busyTimeout)
        case SQLITE_READONLY:
            // SQLITE_READONLY_DIRECTORY: the folder does not let SQLite create its files.
            self =
                error.extendedCode == SQLITE_READONLY | (6 << 8)
                ? .readOnlyFolder(path: path) : .readOnlyFile(path: path)
        case SQLITE_NOTADB:
            self = .notADatabase(path: path)
        case SQLITE_CORRUPT:
            self = .corrupt(path: path, detail: error.message)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
            self = .cannotOpen(path: path, reason: error.message)
        case SQLITE_ERROR where error.operation == .prepare:
            // The store's statements are fixed and tested: one that does not compile names a
            // table, column or key the file lacks.
            self = .unrecognizedSchema(
                path: path, detail: "its seen table does not fit: \(error.message)")
        default:
            self = .failed(path: path, detail: error.description)
        }
    }
}
