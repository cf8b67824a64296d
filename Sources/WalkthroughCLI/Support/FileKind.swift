@preconcurrency import Glibc

/// What is at a path, from one `stat(2)` (following symbolic links).
enum FileKind: Sendable, Hashable {
    /// Nothing (or nothing this process may look at).
    case missing
    /// A folder.
    case directory
    /// Anything else: a regular file, a device, a pipe.
    case file

    /// The kind of `path`.
    static func of(_ path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : .file
    }

    /// Whether `path` is a regular file (following symbolic links): what a folder scan reads.
    /// A FIFO or a device named `x.json` is passed over, since reading one can block forever.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFREG
    }
}
