import CSQLite
import Glibc

extension SeenStoreError {
    /// The error a user sees for an SQLite failure on the database at `error.path`.
    ///
    /// - Parameter busyTimeout: The timeout that was waited for, named in ``locked(path:timeout:)``.
    init(_ error: SQLiteError, busyTimeout: Duration) {
        let path = error.path
        if Self.isDiskFull(error) {
            self = .diskFull(path: path)
            return
        }
        if error.extendedCode == SQLITE_READONLY | (3 << 8) {
            // SQLITE_READONLY_ROLLBACK: a hot journal that a read-only connection cannot roll
            // back.
            self = .interruptedWrite(path: path, journal: path + "-journal")
            return
        }
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
            self = .corrupt(path: path, detail: CharacterSafety.oneLine(error.message))
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
            self = .cannotOpen(path: path, reason: CharacterSafety.oneLine(error.message))
        case SQLITE_ERROR where error.operation == .prepare:
            // The store's statements are fixed and tested: one that does not compile names a
            // table, column or key the file lacks.
            self = .unrecognizedSchema(
                path: path,
                detail: "its seen table does not fit: \(CharacterSafety.oneLine(error.message))")
        case SQLITE_FULL:
            self = .diskFull(path: path)
        case SQLITE_IOERR:
            self = .ioError(path: path, detail: CharacterSafety.oneLine(error.message))
        default:
            // SQLite's message and code, on one line; the SQL stays out of a user's message.
            self = .failed(
                path: path,
                detail:
                    "\(CharacterSafety.oneLine(error.message)); SQLite error \(error.extendedCode)")
        }
    }

    /// Whether `error` means the disk (or the user's quota) is full: `SQLITE_FULL`, an I/O
    /// error whose system error is `ENOSPC` or `EDQUOT`, or `SQLITE_IOERR_SHMSIZE` (a WAL
    /// store's `-shm` file could not grow).
    static func isDiskFull(_ error: SQLiteError) -> Bool {
        if error.resultCode == SQLITE_FULL { return true }
        if error.extendedCode == SQLITE_IOERR | (19 << 8) { return true }
        guard error.resultCode == SQLITE_IOERR || error.resultCode == SQLITE_CANTOPEN else {
            return false
        }
        return error.systemErrno == ENOSPC || error.systemErrno == EDQUOT
    }
}
