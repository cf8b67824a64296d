@preconcurrency import Glibc

/// The few file-system questions the loader asks, answered with system calls.
enum FileSystem {
    /// Whether `path` names a regular file (following symbolic links).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFREG
    }
}
