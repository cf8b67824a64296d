import Foundation

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

    /// Copies a database file (without `-wal`/`-shm`: it must have been closed cleanly).
    func copy(_ source: String, to name: String) throws -> String {
        let target = file(name)
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: source, toPath: target)
        return target
    }
}

/// A failure that stops the benchmark run: the message says what and where.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    init(_ description: String) {
        self.description = description
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
