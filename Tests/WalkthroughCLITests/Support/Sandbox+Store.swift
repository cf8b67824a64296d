import Foundation
import WalkthroughKit

/// 2026-11-30T22:47:03.123Z, the time every seeded record carries.
let seedDate = Timestamp(timeIntervalSince1970: 1_796_078_823.123)

extension Sandbox {
    /// The sandbox's database opened directly (created when missing), its clock fixed at
    /// ``seedDate``: to set up records as another tool would have left them.
    func store() throws -> SQLiteSeenStore {
        try SQLiteSeenStore(path: database, now: { seedDate })
    }

    /// Records `outcome` (`nil`: in progress at `page`, 0-based) for `user`.
    func seed(
        _ walkthrough: String, user: String? = nil, version: Int = 1,
        outcome: Navigator.FinishOutcome? = .completed, page: Int = 0
    ) throws {
        let store = try store()
        let user = user ?? self.user
        if let outcome {
            try store.markSeen(
                user: user, walkthrough: walkthrough, version: version, outcome: outcome)
        } else {
            try store.saveProgress(
                user: user, walkthrough: walkthrough, version: version, page: page)
        }
    }

    /// The record of `walkthrough` for `user` (the sandbox's user by default).
    func record(_ walkthrough: String, user: String? = nil) throws -> SeenRecord? {
        try store().record(user: user ?? self.user, walkthrough: walkthrough)
    }

    /// The database's bytes, to check a refused file is left as it was.
    func databaseBytes() -> Data? {
        FileManager.default.contents(atPath: database)
    }

    /// Puts `bytes` where the database goes (creating its folder).
    func placeDatabase(_ bytes: Data) throws {
        try FileManager.default.createDirectory(
            atPath: (database as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: database))
    }
}

/// 4 KiB of bytes that are not an SQLite database, the same in every run.
let randomBytes: Data = {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var bytes = Data(capacity: 4096)
    for _ in 0..<4096 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(UInt8(truncatingIfNeeded: state >> 33))
    }
    return bytes
}()
