import Foundation
import WalkthroughKit

/// The temporary folder a run builds its databases and files in, removed at the end.
final class BenchFolder {
    /// The folder's absolute path.
    let path: String

    /// Takes over `path`, a folder this run created; it is removed with everything in it when
    /// the object is released.
    init(adopting path: String) {
        self.path = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Creates the subfolder `name` and returns its path.
    func folder(_ name: String) throws -> String {
        let folder = file(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Copies a database file (without `-wal`/`-shm`: it must have been closed cleanly), and
    /// flushes the copy to the disk.
    func copy(_ source: String, to name: String) throws -> String {
        let target = file(name)
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: source, toPath: target)
        try Self.flush(target)
        return target
    }

    /// Flushes a file just written to the disk (`fsync`), so that the first durable commits
    /// measured on it do not also pay for writing back the whole file.
    static func flush(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let reason = FileSystem.describe(errno: errno)
            if descriptor >= 0 { close(descriptor) }
            throw BenchError("cannot flush \(path) to the disk: \(reason)")
        }
        close(descriptor)
    }
}

extension BenchFolder {
    /// Removes a database file and its `-wal`/`-shm` companions, if any.
    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
