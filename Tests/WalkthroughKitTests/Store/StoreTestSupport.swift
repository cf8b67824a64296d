import CSQLite
import Foundation
import Synchronization
import Testing
import WalkthroughKit
import WalkthroughTestSupport

// MARK: - Clock

/// A clock that stands still between the changes a test makes: each change moves it one second
/// on (``tick()``, which ``SteppedStore`` calls before every call that may change its store),
/// and every reading within the change sees that one instant, however often the store reads it
/// (the replica reads it for its own write, its outbox entry and its refresh). The `n`-th change
/// is stamped ``instant(_:)`` of `n`, whatever the store.
final class SteppingClock: Sendable {
    /// The instant of the first change.
    static let start = Timestamp(timeIntervalSince1970: 1_700_000_000.123)
    private let ticks = Mutex(0)

    /// The current instant: that of the last tick.
    @Sendable func now() -> Timestamp {
        Self.instant(ticks.withLock { $0 })
    }

    /// Moves the clock one second on: a new change begins.
    func tick() {
        ticks.withLock { $0 += 1 }
    }

    /// The instant after the `n`-th tick (``start`` after the first).
    static func instant(_ tick: Int) -> Timestamp {
        Timestamp(millisecondsSince1970: start.millisecondsSince1970 + Int64(tick - 1) * 1000)
    }
}

// MARK: - The store under test

/// A store under test: it moves its ``SteppingClock`` one second on before every call that may
/// change the store (a write, a goal, a reset, a prune), so each change has its own instant
/// and no store's way of reading its clock shows in the instants; and it keeps the temporary
/// folder of its file alive as long as itself, so that `try kind.make().store` can be used on
/// its own (each write of the rollback journal creates a `-journal` file in the folder, which
/// must still exist).
struct SteppedStore: EventRecordingStore {
    let base: any EventRecordingStore
    /// The clock the store stamps with, or `nil` when the test sets the clock itself.
    let clock: SteppingClock?
    let folder: TemporaryFolder?

    /// Starts a change: the clock moves one second on.
    private func change() { clock?.tick() }

    func record(user: String, walkthrough: String) throws -> SeenRecord? {
        try base.record(user: user, walkthrough: walkthrough)
    }
    func hasSeen(user: String, walkthrough: String, version: Int) throws -> Bool {
        try base.hasSeen(user: user, walkthrough: walkthrough, version: version)
    }
    func markSeen(
        user: String, walkthrough: String, version: Int, outcome: Navigator.FinishOutcome
    ) throws {
        change()
        try base.markSeen(user: user, walkthrough: walkthrough, version: version, outcome: outcome)
    }
    func saveProgress(user: String, walkthrough: String, version: Int, page: Int) throws {
        change()
        try base.saveProgress(user: user, walkthrough: walkthrough, version: version, page: page)
    }
    func reset(user: String, walkthrough: String?) throws -> Int {
        change()
        return try base.reset(user: user, walkthrough: walkthrough)
    }
    func resetAllUsers(walkthrough: String) throws -> Int {
        change()
        return try base.resetAllUsers(walkthrough: walkthrough)
    }
    func records(user: String?) throws -> [SeenRecord] {
        try base.records(user: user)
    }
    func forEachRecord(user: String?, _ body: (SeenRecord) throws -> Void) throws {
        try base.forEachRecord(user: user, body)
    }
    func write(_ step: SessionStep) throws {
        change()
        try base.write(step)
    }
    func forEachEvent(
        matching filter: EventFilter, _ body: (WalkthroughEvent) throws -> Void
    ) throws {
        try base.forEachEvent(matching: filter, body)
    }
    func pruneEvents(before date: Timestamp, dryRun: Bool) throws -> Int {
        change()
        return try base.pruneEvents(before: date, dryRun: dryRun)
    }
    func showSummary(user: String, walkthrough: String, version: Int) throws -> ShowSummary {
        try base.showSummary(user: user, walkthrough: walkthrough, version: version)
    }
    func funnelStats(
        walkthrough: String, version: Int, since: Timestamp?, pageCount: Int
    ) throws -> FunnelStats {
        try base.funnelStats(
            walkthrough: walkthrough, version: version, since: since, pageCount: pageCount)
    }
}

// MARK: - Raw SQLite

/// A connection through the C API, independent of the store: to build databases as another
/// version or another program would, to hold locks, and to check what the store wrote.
final class RawDatabase {
    let handle: OpaquePointer

    init(_ path: String, flags: Int32 = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) throws {
        var database: OpaquePointer?
        let code = sqlite3_open_v2(path, &database, flags, nil)
        guard code == SQLITE_OK, let database else {
            sqlite3_close(database)
            throw RawError(message: "cannot open \(path): code \(code)")
        }
        handle = database
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs `sql` (one or more statements).
    func exec(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw RawError(
                message: "\(sql): \(message.map { String(cString: $0) } ?? "code \(code)")")
        }
    }

    /// Every row of `sql`, each column as text.
    func rows(_ sql: String) throws -> [[String]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw RawError(message: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw RawError(message: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
            }
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
                })
        }
        return rows
    }

    /// The first column of the first row of `sql`.
    func scalar(_ sql: String) throws -> String {
        try #require(try rows(sql).first?.first)
    }
}

struct RawError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// `PRAGMA integrity_check` of the database at `path`, through a separate connection.
func integrityCheck(_ path: String) throws -> String {
    try RawDatabase(path, flags: SQLITE_OPEN_READWRITE).scalar("PRAGMA integrity_check")
}

// MARK: - Files

/// The bytes of the file at `path`.
func bytes(of path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The permission bits of `path` (`0o600`).
func mode(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
}

/// Whether `path` exists.
func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
}

/// The SQLite side files of `path` that exist.
func sideFiles(of path: String) -> [String] {
    ["-wal", "-shm", "-journal"].filter { exists(path + $0) }
}

/// Writes `data` to a new file at `path`.
func write(_ data: Data, to path: String) throws {
    try data.write(to: URL(fileURLWithPath: path))
}

// MARK: - Making things read-only

/// How a test made a file or folder read-only.
enum ReadOnlyMethod: String {
    /// `chmod a-w`: enough for an ordinary user.
    case permissionBits
    /// `chattr +i`: root ignores permission bits, not the immutable attribute.
    case immutableAttribute
}

/// Makes `path` unwritable for this process, the way that works for the current user.
///
/// As root, permission bits stop nothing, so the immutable attribute is used; a machine where
/// root cannot set it makes this throw, and the test fails rather than pass without checking.
func makeReadOnly(_ path: String) throws -> ReadOnlyMethod {
    if geteuid() != 0 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw RawError(message: "cannot stat \(path)") }
        guard chmod(path, info.st_mode & ~0o222) == 0 else {
            throw RawError(message: "cannot chmod \(path)")
        }
        return .permissionBits
    }
    let status = try runTool("/usr/bin/chattr", ["+i", path])
    guard status == 0 else {
        throw RawError(
            message: "running as root and `chattr +i \(path)` failed (status \(status)): "
                + "this file system or container cannot make a file read-only for root")
    }
    return .immutableAttribute
}

/// Undoes ``makeReadOnly(_:)``.
func makeWritable(_ path: String, _ method: ReadOnlyMethod) throws {
    switch method {
    case .permissionBits:
        var info = stat()
        _ = stat(path, &info)
        _ = chmod(path, info.st_mode | 0o200)
    case .immutableAttribute:
        _ = try runTool("/usr/bin/chattr", ["-i", path])
    }
}

/// Runs a tool and returns its exit status.
@discardableResult
func runTool(_ tool: String, _ arguments: [String]) throws -> Int32 {
    try ChildProcess.run([tool] + arguments).status
}

// MARK: - The writer process

/// The built `StoreTestWriter` executable: next to the test bundle, in the build products folder.
func storeTestWriterPath() throws -> String {
    let writer = builtExecutable("StoreTestWriter")
    try #require(
        FileManager.default.isExecutableFile(atPath: writer),
        "StoreTestWriter is not built next to the tests (\(writer)); run `swift build --build-tests`"
    )
    return writer
}

/// A running writer process with its output captured.
final class WriterProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: try storeTestWriterPath())
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// What ``waitForFirstLine()`` has read so far.
    private var early = Data()

    /// Blocks until the process has printed a first whole line (or closed its output).
    func waitForFirstLine() {
        while !early.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            early.append(chunk)
        }
    }

    /// Waits for the process to end; returns its status and everything it printed.
    func finish() -> (status: Int32, output: String, errors: String) {
        // Read before waiting, so that a full pipe cannot block the writer.
        let out = early + output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: out, as: UTF8.self),
            String(decoding: err, as: UTF8.self)
        )
    }

    /// Kills the process with SIGKILL: no handler, no cleanup, no flush.
    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }
}

extension SteppedStore: ExperimentStore {
    private var experiments: any ExperimentStore {
        guard let store = base as? any ExperimentStore else {
            preconditionFailure("every store under test keeps experiments")
        }
        return store
    }
    func exposure(user: String, walkthrough: String, experiment: String) throws -> String? {
        try experiments.exposure(user: user, walkthrough: walkthrough, experiment: experiment)
    }
    func recordGoal(_ goal: String, user: String) throws {
        change()
        try experiments.recordGoal(goal, user: user)
    }
    func experimentCounts(
        walkthrough: String, experiment: String, goal: String?
    ) throws -> [ExperimentCounts] {
        try experiments.experimentCounts(
            walkthrough: walkthrough, experiment: experiment, goal: goal)
    }
    func goalPage(
        matching filter: EventFilter, after: EventKey, limit: Int
    ) throws -> [(item: ReachedGoal, key: EventKey)] {
        try experiments.goalPage(matching: filter, after: after, limit: limit)
    }
}

extension SteppedStore: DonationStore {
    private var donations: any DonationStore {
        guard let store = base as? any DonationStore else {
            preconditionFailure("every store under test keeps donations")
        }
        return store
    }
    func donate(_ name: String, user: String) throws -> Timestamp {
        change()
        return try donations.donate(name, user: user)
    }
    func donationCounts(
        user: String, of names: [(name: String, since: Timestamp?)]
    ) throws -> [Int] {
        try donations.donationCounts(user: user, of: names)
    }
}

/// A clock the test sets: what a store stamps with, and what the rules are read at.
final class ManualClock: Sendable {
    private let instant: Mutex<Timestamp>

    init(_ start: Timestamp) { instant = Mutex(start) }

    /// The instant set last.
    @Sendable func now() -> Timestamp { instant.withLock { $0 } }

    /// Sets the clock to `time`.
    func set(_ time: Timestamp) { instant.withLock { $0 = time } }
}
