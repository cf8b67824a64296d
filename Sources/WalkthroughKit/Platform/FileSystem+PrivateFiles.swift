@preconcurrency package import Glibc

extension FileSystem {
    /// Why a file-system call failed: the path it failed on and the `errno` it set, with the
    /// system's text for it (or a sentence of our own where the call's own text misleads).
    package struct Failure: Error, Sendable, Hashable {
        /// The file or folder the call failed on.
        package var path: String
        /// The `errno` value.
        package var code: Int32
        /// What went wrong, to sit inside a sentence: `permission denied`.
        package var reason: String

        /// A failure of `path` with `code`, described by the system.
        package init(path: String, code: Int32) {
            self.init(path: path, code: code, reason: FileSystem.describe(errno: code))
        }

        /// A failure of `path` with `code`, described by `reason`.
        package init(path: String, code: Int32, reason: String) {
            self.path = path
            self.code = code
            self.reason = reason
        }

        /// Whether the disk or the user's quota is full.
        package var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
    }

    /// Why a file that should be private (``readPrivateFile(_:limit:)``) cannot be used.
    package enum PrivateFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
        /// Nothing is at the path (or a folder on the way is missing).
        case missing
        /// Something other than a regular file is there: `a folder`, `a FIFO`.
        case notAFile(String)
        /// It could not be opened or read, for this reason.
        case unreadable(reason: String)
        /// It holds more than `limit` bytes.
        case tooLarge(limit: Int)
        /// It belongs to `owner`, not to the effective user `user`.
        case foreignOwner(owner: uid_t, user: uid_t)
        /// Its group or others have some permission on it (`mode & 0o077` is not 0).
        case openToOthers(mode: mode_t)

        /// What is wrong, to follow the file's name: `may be read by others (mode 0644)`.
        package var description: String {
            switch self {
            case .missing:
                return "does not exist"
            case .notAFile(let what):
                return "is \(what), not a regular file"
            case .unreadable(let reason):
                return "cannot be read (\(reason))"
            case .tooLarge(let limit):
                return "is larger than \(limit) bytes"
            case .foreignOwner(let owner, let user):
                return
                    "belongs to \(PasswordDatabase.describe(owner)), not to "
                    + "\(PasswordDatabase.describe(user)), the user reading it"
            case .openToOthers(let mode):
                let others = mode & 0o007 != 0 ? "anyone" : "its group"
                return "may be used by \(others) (mode \(FileSystem.octal(mode)))"
            }
        }
    }

    /// A file mode in octal, four digits: `0644`.
    package static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: - Folders

    /// Creates the folder that will hold `path`, and any missing folder above it, each 0700
    /// exactly (whatever the umask). Folders that already exist are left as they are.
    ///
    /// - Throws: ``Failure`` naming the folder that could not be made; `ENOTDIR` with "a file
    ///   with that name is in the way" when a file stands where a folder should be.
    package static func createFolders(containing path: String) throws(Failure) {
        try createFolder(folder(of: path))
    }

    private static func createFolder(_ folder: String) throws(Failure) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw Failure(
                    path: folder, code: ENOTDIR, reason: "a file with that name is in the way")
            }
            return
        }
        let error = errno
        guard error == ENOENT || error == ENOTDIR else {
            throw Failure(path: folder, code: error)
        }
        let parent = self.folder(of: folder)
        if parent != folder { try createFolder(parent) }
        guard mkdir(folder, 0o700) == 0 else {
            let error = errno
            if error == EEXIST { return }  // another process created it meanwhile
            throw Failure(path: folder, code: error)
        }
        // mkdir's mode is reduced by the umask; make it exactly 0700.
        chmod(folder, 0o700)
    }

    // MARK: - Private files

    /// The bytes of the file at `path`, a file that holds secrets: it must be a regular file
    /// (a symbolic link to one is followed) that belongs to the effective user and on which
    /// neither its group nor others have any permission (`mode & 0o077 == 0`), as ssh holds a
    /// private key to.
    ///
    /// Every check is `fstat(2)` on the descriptor that is then read, so the file cannot be
    /// swapped between the check and the read; it is opened non-blocking, so a FIFO put in its
    /// place is refused rather than waited on.
    ///
    /// - Throws: ``PrivateFileProblem`` for the first thing wrong.
    package static func readPrivateFile(
        _ path: String, limit: Int
    ) throws(PrivateFileProblem) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw .missing
            case EISDIR: throw .notAFile("a folder")
            default: throw .unreadable(reason: describe(errno: code))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(reason: describe(errno: errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAFile("a folder")
        case S_IFIFO: throw .notAFile("a FIFO")
        case S_IFSOCK: throw .notAFile("a socket")
        default: throw .notAFile("a device")
        }
        let user = geteuid()
        guard info.st_uid == user else { throw .foreignOwner(owner: info.st_uid, user: user) }
        let mode = info.st_mode & 0o7777
        guard mode & 0o077 == 0 else { throw .openToOthers(mode: mode) }
        guard info.st_size <= limit else { throw .tooLarge(limit: limit) }
        // One byte more than the size, so that a file that grew meanwhile is noticed.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: describe(errno: errno))
            }
            if count == 0 { break }
            total += count
            if total > limit { throw .tooLarge(limit: limit) }
        }
        bytes.removeLast(bytes.count - total)
        return bytes
    }

    /// Creates `path` with `contents`, mode 0600, unless something is there already; a reader
    /// never sees it half-written, and no one else may ever read it.
    ///
    /// The bytes go to a new file beside it (`O_EXCL`, 0600 from the start, then `fsync`),
    /// which is then hard-linked to `path`: unlike `rename(2)`, a link never replaces a file
    /// another process created meanwhile. On a file system without hard links it is renamed
    /// instead, after checking that `path` is still free. The folder is synced last, so the
    /// new name survives a crash. The folder must exist (``createFolders(containing:)``).
    ///
    /// - Returns: `true` when this call created the file; `false` when something was already
    ///   at `path` (nothing is changed then).
    /// - Throws: ``Failure`` naming `path` when it cannot be written; nothing is left behind.
    package static func createPrivateFile(
        _ path: String, contents: [UInt8]
    ) throws(Failure) -> Bool {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let directory = open(self.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw Failure(path: path, code: errno) }
        defer { close(directory) }
        var exists = stat()
        if fstatat(directory, name, &exists, AT_SYMLINK_NOFOLLOW) == 0 { return false }

        var generator = SystemRandomNumberGenerator()
        var temporary = ""
        var file: Int32 = -1
        for _ in 0..<16 {
            temporary = "." + name + "." + String(generator.next() as UInt64, radix: 36) + ".tmp"
            file = openat(
                directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if file >= 0 || errno != EEXIST { break }
        }
        guard file >= 0 else { throw Failure(path: path, code: errno) }
        var failure: Int32 = 0
        // The umask may have taken bits away (never added any); the mode is exactly 0600.
        if fchmod(file, 0o600) != 0 { failure = errno }
        var written = 0
        while failure == 0, written < contents.count {
            let count = contents.withUnsafeBytes { buffer in
                write(file, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
            } else {
                written += count
            }
        }
        if failure == 0, fsync(file) != 0 { failure = errno }
        if close(file) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            unlinkat(directory, temporary, 0)
            throw Failure(path: path, code: failure)
        }
        var created = true
        if linkat(directory, temporary, directory, name, 0) != 0 {
            let code = errno
            if code == EEXIST {
                created = false
            } else if code == EPERM || code == EOPNOTSUPP || code == ENOSYS {
                // No hard links here (FAT, some FUSE file systems).
                if fstatat(directory, name, &exists, AT_SYMLINK_NOFOLLOW) == 0 {
                    created = false
                } else if renameat(directory, temporary, directory, name) != 0 {
                    let code = errno
                    unlinkat(directory, temporary, 0)
                    throw Failure(path: path, code: code)
                }
            } else {
                unlinkat(directory, temporary, 0)
                throw Failure(path: path, code: code)
            }
        }
        unlinkat(directory, temporary, 0)
        if created { fsync(directory) }
        return created
    }
}
