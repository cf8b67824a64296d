@preconcurrency import Glibc

extension DatabaseFile {
    /// Checks the default store's folder as ssh checks `~/.ssh`, through the descriptor that
    /// is then used, and returns the database's path in the folder that was checked.
    ///
    /// When the folder exists it must be a folder (or a link to one, made by this user or
    /// root) that belongs to this user and that neither the group nor others may write. The
    /// folder is opened once (`openat` with `O_DIRECTORY | O_NOFOLLOW` under its parent, then
    /// following a link only after the link's owner passed), and every check is `fstat` on that
    /// descriptor; the path returned names the folder the descriptor holds (its
    /// `/proc/self/fd/N` target), with no link left in it. Someone who swaps a link at
    /// `$XDG_STATE_HOME/walkthrough` after the check therefore cannot redirect the store: the
    /// swapped name is no longer on the path. (SQLite's own file names come from the same
    /// place: it resolves a `/proc/self/fd/N/…` path to that target as well.)
    ///
    /// A folder that does not exist yet is fine: the first write creates it 0700, and the path
    /// is returned as it is; only in a parent folder that others may write (`$XDG_STATE_HOME`
    /// in a shared folder) is it created at once, with `mkdirat` under the parent's
    /// descriptor, and then checked like one that was there.
    ///
    /// - Throws: ``SeenStoreError/unsafeFolder(path:folder:reason:)``.
    package static func openStateFolder(of path: String) throws(SeenStoreError) -> String {
        let folder = FileSystem.folder(of: path)
        let name = String(path[path.index(after: path.lastIndex(of: "/")!)...])
        func unsafe(_ reason: String) -> SeenStoreError {
            .unsafeFolder(path: path, folder: folder, reason: reason)
        }
        let parentPath = FileSystem.folder(of: folder)
        let leaf = String(folder[folder.index(after: folder.lastIndex(of: "/")!)...])
        let parent = open(parentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { return path }
            throw unsafe("its parent cannot be opened (\(FileSystem.describe(errno: error)))")
        }
        defer { close(parent) }

        var descriptor = openat(parent, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0, errno == ENOENT {
            // Missing. Where no one else may add a name beside it, the first write creates it
            // by path; in a parent others may write, it is created here, under the parent's
            // descriptor, so that no link another user puts there can take its place.
            guard isShared(parent) else { return path }
            if mkdirat(parent, leaf, 0o700) == 0 {
                fchmodat(parent, leaf, 0o700, 0)
            }
            descriptor = openat(parent, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        var isLink = false
        if descriptor < 0 {
            let error = errno
            if error == ENOENT { return path }
            var link = stat()
            guard fstatat(parent, leaf, &link, AT_SYMLINK_NOFOLLOW) == 0 else {
                throw unsafe("it cannot be looked at (\(FileSystem.describe(errno: errno)))")
            }
            guard (link.st_mode & S_IFMT) == S_IFLNK else {
                if error == ENOTDIR { throw unsafe("it is not a folder") }
                throw unsafe("it cannot be opened (\(FileSystem.describe(errno: error)))")
            }
            isLink = true
            let user = geteuid()
            if link.st_uid != user, link.st_uid != 0 {
                throw unsafe(
                    "it is a symbolic link made by \(PasswordDatabase.describe(link.st_uid))")
            }
            descriptor = openat(parent, leaf, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOTDIR { throw unsafe("it is a symbolic link to a file") }
                throw unsafe("it is a symbolic link to something that cannot be looked at")
            }
        }
        defer { close(descriptor) }
        try checkOwnFolder(descriptor, isLink: isLink, unsafe: unsafe)
        guard let target = FileSystem.target(ofDescriptor: descriptor) else {
            throw unsafe("the folder it opens cannot be named (/proc is not mounted?)")
        }
        return FileSystem.joined(target, name)
    }

    /// Whether someone other than this user or root may add a name to the folder `descriptor`.
    private static func isShared(_ descriptor: Int32) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return true }
        return (info.st_uid != geteuid() && info.st_uid != 0) || info.st_mode & 0o022 != 0
    }

    /// The checks of ``openStateFolder(of:)`` on the folder's descriptor.
    private static func checkOwnFolder(
        _ descriptor: Int32, isLink: Bool, unsafe: (String) -> SeenStoreError
    ) throws(SeenStoreError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw unsafe("it is not a folder")
        }
        let what = isLink ? "it is a symbolic link to a folder that" : "it"
        let user = geteuid()
        guard info.st_uid == user else {
            throw unsafe(
                "\(what) belongs to \(PasswordDatabase.describe(info.st_uid)), not to this user "
                    + "(\(PasswordDatabase.describe(user)))")
        }
        let mode = info.st_mode & 0o7777
        guard mode & 0o022 == 0 else {
            throw unsafe(
                "\(what) may be written by \(mode & 0o002 != 0 ? "anyone" : "its group") "
                    + "(mode \(FileSystem.octal(mode)))")
        }
    }
}
