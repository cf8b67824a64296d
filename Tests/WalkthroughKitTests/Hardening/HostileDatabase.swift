import CSQLite
import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Builds the damaged databases of the hardening tests.
enum HostileDatabase {
    /// A store at `seen.sqlite3` in `folder` holding 300 records over several pages, closed so
    /// that everything is in the main file (no `-wal` left).
    static func populated(in folder: TemporaryFolder) throws -> String {
        let path = folder.file("seen.sqlite3")
        do {
            let store = try SQLiteSeenStore(path: path, options: .init(synchronous: .normal))
            for number in 0..<300 {
                try store.markSeen(
                    user: "user-\(number)-" + String(repeating: "x", count: 40),
                    walkthrough: "foodpin", version: 1, outcome: .completed)
            }
        }
        try #require(sideFiles(of: path).isEmpty, "the store left \(sideFiles(of: path))")
        return path
    }

    /// A `-wal` file holding committed records, with its database deleted: what is left when
    /// someone removes `seen.sqlite3` while a process that never checkpointed still had it.
    static func orphanedWAL(in folder: TemporaryFolder) throws -> String {
        let path = folder.file("seen.sqlite3")
        do {
            let raw = try RawDatabase(path)
            try raw.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
            #expect(
                walkthrough_sqlite3_db_config_flag(
                    raw.handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nil) == SQLITE_OK)
            try raw.exec(storeSchemaVersion1SQL)
            try raw.exec(
                "INSERT INTO seen VALUES ('alice', 'foodpin', 1, 'completed', 2, 1700000000000)")
        }
        try #require(try bytes(of: path + "-wal").count > 0, "no -wal file was left")
        try FileManager.default.removeItem(atPath: path)
        if exists(path + "-shm") { try FileManager.default.removeItem(atPath: path + "-shm") }
        return path
    }

    /// Cuts the file at `path` to its first `size` bytes.
    static func truncate(_ path: String, to size: Int) throws {
        try #require(Glibc.truncate(path, off_t(size)) == 0)
    }

    /// Inverts every byte of page `page` (1-based), or of all but its first 100 bytes (the
    /// database header, on page 1).
    static func flip(_ path: String, page: Int, skippingHeader: Bool = false) throws {
        var data = try bytes(of: path)
        let size = try pageSize(path)
        let start = (page - 1) * size + (skippingHeader ? 100 : 0)
        let end = page * size
        try #require(end <= data.count, "no page \(page) in \(data.count) bytes")
        for index in start..<end { data[index] ^= 0xFF }
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// The page size the header of `path` states.
    static func pageSize(_ path: String) throws -> Int {
        let header = try bytes(of: path).prefix(18)
        let size = Int(header[16]) << 8 | Int(header[17])
        return size == 1 ? 65536 : size
    }

    /// How many pages the file at `path` has.
    static func pageCount(_ path: String) throws -> Int {
        try bytes(of: path).count / pageSize(path)
    }
}
