@preconcurrency import Glibc
import WalkthroughKit

/// The folder an HTML export writes into, created if missing; every file goes in whole or not
/// at all.
///
/// A file is written to a new temporary file beside it (created exclusively, never following a
/// link), synced, then renamed over the old one: a reader of the folder sees the old page or
/// the new one, never half of one, and a symbolic link planted where a file goes is replaced,
/// not followed. Files are created `0666` less the umask, like any file a command writes.
struct ExportFolder {
    /// The folder, as given.
    let path: String

    /// Uses `path`, creating it and any missing folder above it.
    ///
    /// - Throws: ``HTMLExportError`` when it cannot be created or is not a folder.
    init(creating path: String) throws(HTMLExportError) {
        self.path = path
        try Self.makeFolders(path)
    }

    /// Creates the subfolder `name` (one level) unless it exists; it must be a real folder.
    ///
    /// - Throws: ``HTMLExportError`` when it cannot be created, is a symbolic link or a file.
    func makeSubfolder(_ name: String) throws(HTMLExportError) {
        let folder = file(name)
        if mkdir(folder, 0o777) == 0 { return }
        let code = errno
        var info = stat()
        guard code == EEXIST, lstat(folder, &info) == 0 else {
            throw .cannotCreateFolder(path: folder, reason: FileSystem.describe(errno: code))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return
        case S_IFLNK: throw .symbolicLink(path: folder)
        default: throw .notAFolder(path: folder)
        }
    }

    /// `path/name`.
    func file(_ name: String) -> String {
        FileSystem.joined(path, name)
    }

    /// Writes `bytes` to `name` (which may be in a subfolder made by ``makeSubfolder(_:)``),
    /// replacing any file there at once.
    ///
    /// - Throws: ``HTMLExportError`` when the file cannot be written; nothing is left behind.
    func write(_ bytes: [UInt8], to name: String) throws(HTMLExportError) {
        let target = file(name)
        var generator = SystemRandomNumberGenerator()
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            let slash = target.lastIndex(of: "/").map { target.index(after: $0) }
            let folder = slash.map { String(target[..<$0]) } ?? ""
            let base = slash.map { String(target[$0...]) } ?? target
            temporary =
                folder + "." + base + ".tmp-" + String(generator.next() as UInt64, radix: 36)
            descriptor = open(
                temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw Self.failure(errno, target) }
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Self.failure(failure, target)
        }
    }

    /// Writes `text` as UTF-8 to `name`, as ``write(_:to:)-([UInt8],_)`` does.
    func write(_ text: String, to name: String) throws(HTMLExportError) {
        try write(Array(text.utf8), to: name)
    }

    // MARK: - Private

    private static func failure(_ code: Int32, _ path: String) -> HTMLExportError {
        switch code {
        case ENOSPC, EDQUOT: return .diskFull(path: path)
        case EISDIR: return .notAFolder(path: path)
        default: return .cannotWrite(path: path, reason: FileSystem.describe(errno: code))
        }
    }

    /// `mkdir -p`: each missing folder of `path` from the top, each existing one checked to be
    /// a folder (a symbolic link to one is fine: the user named it).
    private static func makeFolders(_ path: String) throws(HTMLExportError) {
        var prefixes: [String] = []
        var current = ""
        for (offset, part) in path.split(separator: "/", omittingEmptySubsequences: false)
            .enumerated()
        {
            current += offset == 0 ? String(part) : "/" + part
            if !part.isEmpty, part != "." { prefixes.append(current) }
        }
        for folder in prefixes {
            var info = stat()
            if stat(folder, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: folder) }
                continue
            }
            if mkdir(folder, 0o777) != 0, errno != EEXIST {
                let code = errno
                if code == ENOSPC || code == EDQUOT { throw .diskFull(path: folder) }
                throw .cannotCreateFolder(path: folder, reason: FileSystem.describe(errno: code))
            }
        }
    }
}
