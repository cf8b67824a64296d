import CSQLite

/// The baseline side of the store suites: the SQLite C API used the way a careful C program
/// would, with nothing in between.
///
/// Statements are prepared once and reused; text is bound with `SQLITE_STATIC` from buffers
/// that outlive the statement's use; the same pragmas as the store (busy timeout,
/// `synchronous`) and the same open flags (`SQLITE_OPEN_NOMUTEX`: one thread uses it).
final class RawSQLite {
    /// The connection.
    let handle: OpaquePointer
    /// The file, for messages.
    let path: String

    /// Opens an existing database read-write with the store's settings, or with another
    /// `synchronous` level or journal mode (`WAL`, the round-1 store's) to compare with.
    init(path: String, synchronous: String = "EXTRA", journalMode: String? = nil) throws {
        var database: OpaquePointer?
        let code = sqlite3_open_v2(
            path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let database else {
            sqlite3_close(database)
            throw BenchError(
                "raw SQLite cannot open \(path): \(String(cString: sqlite3_errstr(code)))")
        }
        handle = database
        self.path = path
        sqlite3_busy_timeout(database, 5000)
        if let journalMode { try execute("PRAGMA journal_mode = \(journalMode)") }
        try execute("PRAGMA synchronous = \(synchronous)")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Prepares a statement the caller finalizes (`sqlite3_finalize`).
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(
            handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw BenchError("cannot prepare \(sql): \(message)")
        }
        return statement
    }

    /// Runs SQL without results.
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw BenchError("\(sql) failed on \(path): \(message)") }
    }

    /// SQLite's message for the last error.
    var message: String { String(cString: sqlite3_errmsg(handle)) }
}

/// Many short strings as NUL-terminated C strings in one buffer, so that the baseline binds
/// them with `SQLITE_STATIC` and no conversion, as a C program holding `char *` would.
final class CStrings {
    private let storage: UnsafeMutablePointer<CChar>
    private let offsets: [Int]
    private let lengths: [Int32]

    /// Copies `strings` into one buffer.
    init(_ strings: [String]) {
        var offsets: [Int] = []
        var lengths: [Int32] = []
        var total = 0
        for string in strings {
            offsets.append(total)
            lengths.append(Int32(string.utf8.count))
            total += string.utf8.count + 1
        }
        storage = .allocate(capacity: max(total, 1))
        for (index, string) in strings.enumerated() {
            var offset = offsets[index]
            for byte in string.utf8 {
                storage[offset] = CChar(bitPattern: byte)
                offset += 1
            }
            storage[offset] = 0
        }
        self.offsets = offsets
        self.lengths = lengths
    }

    deinit {
        storage.deallocate()
    }

    /// The pointer to string `index`.
    @inline(__always)
    func pointer(_ index: Int) -> UnsafePointer<CChar> { UnsafePointer(storage + offsets[index]) }

    /// The byte length of string `index`.
    @inline(__always)
    func length(_ index: Int) -> Int32 { lengths[index] }
}

/// `SQLITE_STATIC`: SQLite may keep the pointer, which stays valid; nothing is copied.
let sqliteStatic: sqlite3_destructor_type? = nil
