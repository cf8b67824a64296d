import Glibc

/// The file-system checks the store makes before SQLite touches a database file.
///
/// SQLite is only given a file that looks like ours: a missing file is created here (folder
/// 0700, file 0600) rather than by SQLite, and an existing one is inspected by its first 100
/// bytes (the SQLite header) so that a file of random bytes or one from a newer schema is refused
/// without SQLite opening it, and so without any stray `-wal`/`-shm`/`-journal` file appearing.
package enum DatabaseFile {
    /// What the first bytes of a database file say.
    enum Header: Equatable {
        /// A 0-byte file: a new, empty database, initialised like a new file.
        case empty
        /// An SQLite database; `userVersion` and the WAL flag as its header has them. In WAL mode
        /// the newest values may still be in the `-wal` file; the store re-reads them through
        /// SQLite before relying on them.
        case sqlite(userVersion: Int, isWAL: Bool)
    }

    /// The 16 bytes every SQLite 3 database starts with.
    private static let magic: [UInt8] = Array("SQLite format 3\0".utf8)

    // MARK: - Existence

    /// Whether a regular file exists at `path`.
    ///
    /// - Throws: ``SeenStoreError/cannotOpen(path:reason:)`` when something other than a file
    ///   is there, or the path cannot be looked at.
    static func exists(_ path: String) throws(SeenStoreError) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let error = errno
            // ENOTDIR: a file stands where a folder on the way should be; creating the folder
            // reports that.
            if error == ENOENT || error == ENOTDIR { return false }
            throw .cannotOpen(path: path, reason: FileSystem.describe(errno: error))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file"
            throw .cannotOpen(path: path, reason: "it is \(what); name a file")
        }
        return true
    }

    /// The size of the file at `path` (not following a link), or `nil` when there is none.
    static func size(of path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Refuses a database that is missing or empty while a `-wal` file with content sits next
    /// to it.
    ///
    /// That `-wal` file is what remains of a database someone deleted or moved while a process
    /// still had it open: it may hold the only copy of recent records. Opening would let SQLite
    /// replay those frames into a new, empty file and then delete the `-wal` file when the
    /// connection closes; refusing leaves both as they are for a person to decide.
    ///
    /// The `-wal` file is looked at first and the database second: a process creating a new
    /// database writes its first page before any `-wal` file exists, so a creator running at the
    /// same time is never taken for an orphan.
    ///
    /// - Throws: ``SeenStoreError/cannotOpen(path:reason:)`` naming the `-wal` file.
    static func refuseOrphanedWAL(of path: String) throws(SeenStoreError) {
        let wal = path + "-wal"
        var walInfo = stat()
        guard stat(wal, &walInfo) == 0, walInfo.st_size > 0 else { return }
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_size == 0 else { return }
        } else {
            guard errno == ENOENT else { return }
        }
        throw .cannotOpen(
            path: path,
            reason:
                "\(wal) is there without its database; it may hold the records of a database "
                + "that was deleted or moved: put the database back, or move the -wal file away")
    }

    // MARK: - Creating

    /// Creates the folder that will hold `path`, and any missing folder above it, each 0700.
    /// Folders that already exist are left as they are.
    ///
    /// - Throws: ``SeenStoreError/cannotCreateFolder(path:folder:reason:)``.
    static func createFolder(containing path: String) throws(SeenStoreError) {
        do {
            try FileSystem.createFolders(containing: path)
        } catch {
            if error.isDiskFull { throw .diskFull(path: path) }
            throw .cannotCreateFolder(path: path, folder: error.path, reason: error.reason)
        }
    }

    /// Creates `path` as an empty file with mode 0600, unless it exists by now.
    ///
    /// SQLite gives its `-wal` and `-shm` files the mode of the database file, so they are 0600
    /// too.
    ///
    /// - Returns: Whether this call created the file (`false`: another process did meanwhile).
    /// - Throws: ``SeenStoreError/readOnlyFolder(path:)`` when the folder does not let us create
    ///   the file, ``SeenStoreError/diskFull(path:)``, ``SeenStoreError/cannotOpen(path:reason:)``
    ///   for anything else.
    @discardableResult
    static func createEmptyFile(_ path: String) throws(SeenStoreError) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let error = errno
            switch error {
            case EEXIST: return false  // another process created it meanwhile
            case EACCES, EPERM, EROFS: throw .readOnlyFolder(path: path)
            case ENOSPC, EDQUOT: throw .diskFull(path: path)
            default: throw .cannotOpen(path: path, reason: FileSystem.describe(errno: error))
            }
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
        return true
    }

    /// Removes `path` if it is still an empty file: undoes ``createEmptyFile(_:)`` when the
    /// new database could not be initialised (a full disk), so that nothing half-made is left.
    /// A file another process has written to meanwhile is kept.
    static func removeIfEmpty(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0
        else { return }
        unlink(path)
    }

    // MARK: - Trust

    /// Refuses a database path that is a symbolic link owned by someone other than this user
    /// or root: whoever made the link decides which file the store writes.
    ///
    /// - Throws: ``SeenStoreError/untrustedLink(path:owner:)``.
    static func checkLink(_ path: String) throws(SeenStoreError) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return }
        guard info.st_uid == geteuid() || info.st_uid == 0 else {
            throw .untrustedLink(path: path, owner: info.st_uid)
        }
    }

    /// Checks the files SQLite keeps next to the database, when they exist: its rollback
    /// journal (`-journal`) and, for a store an older version left in WAL mode, `-wal` and
    /// `-shm`. A writer must be able to read and write each, a reader to read each; a link in
    /// their place is refused (SQLite would follow it).
    ///
    /// Without this check SQLite reports another user's leftover file as "unable to open
    /// database file", or as a read-only database, naming neither the file nor its owner.
    ///
    /// - Throws: ``SeenStoreError/companionFile(path:file:reason:)``.
    static func checkCompanions(of path: String, writing: Bool) throws(SeenStoreError) {
        for suffix in companionSuffixes {
            let file = path + suffix
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }
            let role =
                suffix == "-journal"
                ? "it is the journal of an unfinished write and may be needed to undo it"
                : suffix == "-wal"
                    ? "it is the write-ahead log of a store an older version left in WAL mode and "
                        + "may hold records"
                    : "it is the index of a write-ahead log"
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw .companionFile(
                    path: path, file: file,
                    reason: "it is not a regular file (a link or something else stands there); "
                        + "move it away")
            }
            let mode = writing ? R_OK | W_OK : R_OK
            // Another process's write makes and removes a -journal all the time: one that is
            // gone by now was no obstacle.
            guard faccessat(AT_FDCWD, file, mode, AT_EACCESS) != 0, errno != ENOENT else {
                continue
            }
            let access = writing ? "read and write" : "read"
            let mine = info.st_uid == geteuid()
            let advice =
                mine
                ? "give this user \(access) access to it (chmod u+\(writing ? "rw" : "r"))"
                : "have its owner run a walkthrough command that writes to this database, which "
                    + "finishes with it, or ask an administrator"
            throw .companionFile(
                path: path, file: file,
                reason:
                    "this user may not \(access) it (it belongs to \(PasswordDatabase.describe(info.st_uid)), "
                    + "mode \(FileSystem.octal(info.st_mode & 0o7777))); \(role): \(advice)")
        }
    }

    // MARK: - Inspecting

    /// Reads and checks the SQLite header of `path`.
    ///
    /// - Throws: ``SeenStoreError/notADatabase(path:)`` when the file is not empty and does not
    ///   start with a valid SQLite header; ``SeenStoreError/cannotOpen(path:reason:)`` when it
    ///   cannot be read.
    static func readHeader(_ path: String) throws(SeenStoreError) -> Header {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: FileSystem.describe(errno: errno))
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 100)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got == 0 { break }
            if got < 0 {
                let error = errno
                if error == EINTR { continue }
                throw .cannotOpen(path: path, reason: FileSystem.describe(errno: error))
            }
            count += got
        }
        if count == 0 { return .empty }
        guard count == bytes.count, bytes.starts(with: magic), hasValidFixedFields(bytes) else {
            throw .notADatabase(path: path)
        }
        // Offset 60: the user version, a 4-byte big-endian signed integer.
        let userVersion = bytes[60..<64].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        // Offsets 18 and 19: the file format write and read versions, 2 in WAL mode.
        let isWAL = bytes[18] == 2 && bytes[19] == 2
        return .sqlite(userVersion: Int(Int32(bitPattern: userVersion)), isWAL: isWAL)
    }

    /// Whether the header fields whose values the file format fixes hold them, so that a file
    /// that merely starts with the magic string is not taken for a database (and its random
    /// "schema version" not reported as a newer schema).
    private static func hasValidFixedFields(_ header: [UInt8]) -> Bool {
        // Offset 16: the page size, a power of two from 512 to 32768, or 1 for 65536.
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        let validPageSize =
            pageSize == 1
            || (pageSize >= 512 && pageSize <= 32768 && pageSize & (pageSize - 1) == 0)
        // Offsets 18 and 19: write and read format versions, 1 (rollback) or 2 (WAL).
        let validFormats = (1...2).contains(header[18]) && (1...2).contains(header[19])
        // Offsets 21 to 23: the payload fractions, fixed at 64, 32 and 32.
        let validFractions = header[21] == 64 && header[22] == 32 && header[23] == 32
        return validPageSize && validFormats && validFractions
    }

    /// Checks that this process may write both the file and its folder (SQLite creates its
    /// `-journal` file in the folder for every write), using the effective user as the kernel
    /// will.
    ///
    /// Root passes permission bits, but not the immutable attribute (`chattr +i`) or a read-only
    /// mount.
    ///
    /// - Throws: ``SeenStoreError/readOnlyFile(path:)`` or
    ///   ``SeenStoreError/readOnlyFolder(path:)``.
    static func checkWritable(_ path: String) throws(SeenStoreError) {
        if faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 {
            throw .readOnlyFile(path: path)
        }
        if faccessat(AT_FDCWD, FileSystem.folder(of: path), W_OK, AT_EACCESS) != 0 {
            throw .readOnlyFolder(path: path)
        }
    }
}
