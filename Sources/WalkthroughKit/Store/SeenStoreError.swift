/// Why a ``SQLiteSeenStore`` could not open its database or carry out a call.
///
/// Every case names the database file and its ``description`` says what to do, in one line, so
/// a command line can print it as it is (the `walkthrough` command exits 74 for all of them
/// except ``databaseMissing(path:)``, which `seen` and `status` read as "nothing recorded yet").
/// A file the store refuses is left exactly as it was.
public enum SeenStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file does not exist, or is empty, and the store was opened without
    /// ``SQLiteSeenStore/Options/createIfMissing``: nothing has been recorded there yet.
    case databaseMissing(path: String)
    /// The file is not an SQLite database (for example random bytes, or a text file).
    case notADatabase(path: String)
    /// The database was written by a newer version of WalkthroughKit, with a schema this version
    /// does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file is an SQLite database but not a walkthrough store, or its `seen` table was
    /// altered so that it lacks columns the store needs.
    case unrecognizedSchema(path: String, detail: String)
    /// The database file cannot be written.
    case readOnlyFile(path: String)
    /// The folder holding the database cannot be written; SQLite keeps its `-wal` and `-shm`
    /// files next to the database, so the folder must be writable too.
    case readOnlyFolder(path: String)
    /// The folder for a new database could not be created.
    case cannotCreateFolder(path: String, folder: String, reason: String)
    /// The file could not be opened or created for another reason (a folder in its place, a
    /// permission missing on the way to it, …).
    case cannotOpen(path: String, reason: String)
    /// Another connection held the database locked for longer than the busy timeout.
    case locked(path: String, timeout: Duration)
    /// The database is damaged.
    case corrupt(path: String, detail: String)
    /// The disk (or the user's quota) holding the database is full.
    case diskFull(path: String)
    /// The operating system reported an input/output error on the database or its journal.
    case ioError(path: String, detail: String)
    /// Any other storage failure, with SQLite's message and result code in `detail`.
    case failed(path: String, detail: String)
    /// The default database path could not be worked out: no `WALKTHROUGH_DB`, no
    /// `XDG_STATE_HOME`, no `HOME` and no home directory in the password database.
    case noHomeDirectory
    /// A ``PostgresSeenStore`` failed: connecting, or the server refused a call. The value says
    /// what failed, at which `host:port/dbname`, with the server's SQLSTATE and message.
    case server(PostgresStoreError)

    /// The database file the error is about, if any (for ``server(_:)``, the server's
    /// `host:port/dbname`).
    public var path: String? {
        switch self {
        case .databaseMissing(let path), .notADatabase(let path), .readOnlyFile(let path),
            .readOnlyFolder(let path), .diskFull(let path):
            return path
        case .newerSchema(let path, _, _), .cannotCreateFolder(let path, _, _):
            return path
        case .unrecognizedSchema(let path, _), .cannotOpen(let path, _), .locked(let path, _),
            .corrupt(let path, _), .ioError(let path, _), .failed(let path, _):
            return path
        case .noHomeDirectory:
            return nil
        case .server(let error):
            return error.location
        }
    }

    /// One line: what is wrong, with which file, and what to do about it.
    public var description: String {
        switch self {
        case .databaseMissing(let path):
            return
                "the walkthrough database \(path) does not exist yet (or is empty); it is "
                + "created by the first write (marking a walkthrough seen, or playing one)"
        case .notADatabase(let path):
            return
                "\(path) is not a walkthrough database (it is not an SQLite file); it was left "
                + "untouched: move it away, or choose another file with --db or WALKTHROUGH_DB"
        case .newerSchema(let path, let found, let supported):
            return
                "\(path) was written by a newer version of walkthrough (schema version "
                + "\(found); this version knows up to \(supported)); it was left untouched: "
                + "upgrade walkthrough, or choose another file with --db or WALKTHROUGH_DB"
        case .unrecognizedSchema(let path, let detail):
            return
                "\(path) is an SQLite database but not a walkthrough store (\(detail)); it was "
                + "left untouched: choose another file with --db or WALKTHROUGH_DB"
        case .readOnlyFile(let path):
            return
                "the walkthrough database \(path) is read-only; make it writable for this user "
                + "(chmod u+w, or chattr -i), or choose another file with --db or WALKTHROUGH_DB"
        case .readOnlyFolder(let path):
            return
                "the folder \(Self.folder(of: path)) holding the walkthrough database \(path) "
                + "is not writable (SQLite keeps its -wal and -shm files next to the database); "
                + "make the folder writable, or choose a database in another folder"
        case .cannotCreateFolder(let path, let folder, let reason):
            return
                "cannot create the folder \(folder) for the walkthrough database \(path): "
                + "\(reason); create it yourself, or choose another file with --db or "
                + "WALKTHROUGH_DB"
        case .cannotOpen(let path, let reason):
            return "cannot open the walkthrough database \(path): \(reason)"
        case .locked(let path, let timeout):
            return
                "the walkthrough database \(path) is still locked by another process after "
                + "waiting \(Self.seconds(timeout)); try again when it has finished (fuser "
                + "\(path) shows which process has it open)"
        case .corrupt(let path, let detail):
            return
                "the walkthrough database \(path) is damaged (\(detail)); restore it from a "
                + "backup, or move it away to start afresh"
        case .diskFull(let path):
            return
                "the disk holding the walkthrough database \(path) is full; free some space and "
                + "try again (nothing was recorded)"
        case .ioError(let path, let detail):
            return
                "reading or writing the walkthrough database \(path) failed with an I/O error "
                + "(\(detail)); check the disk, then try again"
        case .failed(let path, let detail):
            return
                "the walkthrough database \(path) refused the change (\(detail)); if another "
                + "program alters it, check it with sqlite3 (PRAGMA integrity_check), or move it "
                + "away to start afresh"
        case .noHomeDirectory:
            return
                "cannot work out where the walkthrough database goes: HOME is not set and the "
                + "user has no home directory; set WALKTHROUGH_DB or XDG_STATE_HOME, or pass --db"
        case .server(let error):
            return error.description
        }
    }

    /// The folder part of `path` (`.` for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// A duration as a user reads it: `5 s`, `0.25 s`.
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, seconds < 1_000_000_000 else { return "\(seconds) s" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        let fraction = String(milliseconds % 1000)
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        var trimmed = Substring(padded)
        while trimmed.last == "0" { trimmed.removeLast() }
        return "\(milliseconds / 1000).\(trimmed) s"
    }
}
