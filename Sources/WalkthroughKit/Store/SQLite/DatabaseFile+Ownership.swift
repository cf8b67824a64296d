import Glibc

extension DatabaseFile {
    /// Refuses a database, or a file SQLite keeps beside it (`-journal`, `-wal`, `-shm`), that
    /// belongs to another user than this one or root.
    ///
    /// Whoever owns such a file decides what SQLite reads from it: a rollback journal another
    /// user wrote (even one this user may read and write, mode 0666) is played back into the
    /// store on the next open, replacing its records with theirs; in a shared folder (0777) or
    /// a sticky one (1777, such as `/tmp`) anyone may create one beside the store. The check
    /// runs before SQLite opens anything, with `lstat` (a link is refused by
    /// ``checkCompanions(of:writing:)``), so not one byte of the planted file is read and the
    /// store is left as it was.
    ///
    /// - Throws: ``SeenStoreError/companionFile(path:file:reason:)`` for a companion file,
    ///   ``SeenStoreError/cannotOpen(path:reason:)`` for the database itself; both name the
    ///   owner.
    static func checkOwners(of path: String) throws(SeenStoreError) {
        let user = geteuid()
        func isTrusted(_ owner: uid_t) -> Bool { owner == user || owner == 0 }
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, !isTrusted(info.st_uid) {
            throw .cannotOpen(
                path: path,
                reason:
                    "it belongs to \(PasswordDatabase.describe(info.st_uid)), not to this user "
                    + "(\(PasswordDatabase.describe(user))), and a store is one user's file: "
                    + "it was not opened; use a database of your own")
        }
        for suffix in companionSuffixes {
            let file = path + suffix
            guard lstat(file, &info) == 0, !isTrusted(info.st_uid) else { continue }
            throw .companionFile(
                path: path, file: file,
                reason:
                    "it belongs to \(PasswordDatabase.describe(info.st_uid)), not to this user "
                    + "(\(PasswordDatabase.describe(user))), so it was not read and the database "
                    + "is as it was (another user's \(suffix) file would put their records in "
                    + "the store); have its owner or an administrator remove it, and keep the "
                    + "store in a folder only this user may write")
        }
    }

    /// The files SQLite keeps next to a database: its rollback journal, and the write-ahead
    /// log and its index of a store an older version left in WAL mode.
    static let companionSuffixes = ["-journal", "-wal", "-shm"]
}
