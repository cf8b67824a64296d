import Glibc

extension DatabaseFile {
    /// Refuses to read a store an older version left in WAL mode whose `-wal` file holds
    /// writes and whose `-shm` index is missing, when this user may not create that index in
    /// the database's folder.
    ///
    /// SQLite needs the index to read the `-wal` file and creates it; when it may not, it says
    /// only "unable to open database file". This names the two files and what to do.
    ///
    /// - Throws: ``SeenStoreError/companionFile(path:file:reason:)`` naming the `-wal` file.
    static func checkWALIndexCanBeCreated(of path: String) throws(SeenStoreError) {
        let folder = FileSystem.folder(of: path)
        guard faccessat(AT_FDCWD, folder, W_OK | X_OK, AT_EACCESS) != 0 else { return }
        throw .companionFile(
            path: path, file: path + "-wal",
            reason:
                "it holds writes not yet in the database, and reading them needs the index "
                + "\(path)-shm, which is missing and which this user may not create in \(folder) "
                + "(\(FileSystem.describe(errno: errno))); have a user who may write the folder "
                + "run a walkthrough command that writes to this database (it folds the -wal "
                + "file in), or give this user write access to the folder")
    }
}
