import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The damaged databases of the hardening tests, made at a sandbox's database path with the
/// store itself and plain file operations (this target does not link SQLite's C API).
enum HostileStore: String, CaseIterable, CustomTestStringConvertible {
    case truncatedAt100Bytes
    case truncatedToHalf
    case schemaPageFlipped
    case walWithoutDatabase
    case seenTableMissingAColumn
    case folder
    case fifo

    var testDescription: String { rawValue }

    /// Puts the damaged database in place in `sandbox`.
    func make(in sandbox: Sandbox) throws {
        let path = sandbox.database
        switch self {
        case .truncatedAt100Bytes:
            try Self.populate(sandbox)
            try #require(truncate(path, 100) == 0)
        case .truncatedToHalf:
            try Self.populate(sandbox)
            let size = try #require(sandbox.databaseBytes()).count
            try #require(truncate(path, off_t(size / 2)) == 0)
        case .schemaPageFlipped:
            try Self.populate(sandbox)
            var bytes = try #require(sandbox.databaseBytes())
            let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
            for index in 100..<pageSize { bytes[index] ^= 0xFF }
            try bytes.write(to: URL(fileURLWithPath: path))
        case .walWithoutDatabase:
            // A version-1 writer killed with records only in its -wal file; then the database
            // is deleted, as a careless `rm seen.sqlite3` would.
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try RoundOneStore.create(at: path, users: [])
            try RoundOneStore.addFromKilledWriter(
                at: path, users: (0..<20).map { "user-\($0)" }, walkthrough: "tour")
            let wal = try #require(FileManager.default.contents(atPath: path + "-wal"))
            try #require(!wal.isEmpty)
            try FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + "-shm")
        case .seenTableMissingAColumn:
            try Self.populate(sandbox)
            let sqlite = try ChildProcess(
                ["/usr/bin/sqlite3", path, "ALTER TABLE seen DROP COLUMN updated_at;"],
                environment: [:], directory: sandbox.folder.path)
            sqlite.closeInput()
            #expect(sqlite.wait() == 0, "\(sqlite.standardError)")
        case .folder:
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true)
        case .fifo:
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try #require(mkfifo(path, 0o600) == 0)
        }
    }

    /// 300 records of the sandbox's walkthroughs over several pages, the store closed after.
    static func populate(_ sandbox: Sandbox) throws {
        let store = try sandbox.store()
        for number in 0..<300 {
            try store.markSeen(
                user: "user-\(number)-" + String(repeating: "x", count: 40), walkthrough: "tour",
                version: 1, outcome: .completed)
        }
        try store.markSeen(user: sandbox.user, walkthrough: "tour", version: 1, outcome: .skipped)
    }

    /// Every file and folder in the database's folder with its bytes (a folder and a FIFO as
    /// markers), to compare before and after a command.
    static func snapshot(_ sandbox: Sandbox) -> [String: Data] {
        let folder = (sandbox.database as NSString).deletingLastPathComponent
        var result: [String: Data] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: result[name] = FileManager.default.contents(atPath: path) ?? Data()
            case S_IFDIR:
                let inside = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                result[name] = Data(("folder: " + inside.sorted().joined(separator: ",")).utf8)
            default: result[name] = Data("mode \(info.st_mode & S_IFMT)".utf8)
            }
        }
        return result
    }
}
