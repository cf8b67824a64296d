/// Why a ``SQLiteSeenStore`` could not open its database or carry out a call.
///
/// Every case names the database file and its ``description`` says, in one line, what is wrong
/// and what can be done about the file itself; how to choose another database is the embedding
/// tool's to say (the `walkthrough` command adds its `--db` and `WALKTHROUGH_DB`, and exits 74
/// for all of them except ``databaseMissing(path:)``, which `seen` and `status` read as "nothing
/// recorded yet"). A file the store refuses is left exactly as it was.
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
    /// The folder holding the database cannot be written; SQLite creates its `-journal` file
    /// next to the database for every write, so the folder must be writable too.
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
    /// A file SQLite keeps next to the database (`file`: its `-journal`, or the `-wal` and
    /// `-shm` of a store an older version left in WAL mode) cannot be used by this user:
    /// `reason` says why (another user's file, its mode).
    case companionFile(path: String, file: String, reason: String)
    /// An earlier write was interrupted (its process was killed, or the machine lost power) and
    /// left `journal` to be rolled back, which a store that only reads may not do.
    case interruptedWrite(path: String, journal: String)
    /// The folder of the default database exists but is not safe to keep the store in: it
    /// belongs to another user, others may write to it, or it is a symbolic link to another
    /// user's folder (the checks ssh makes of `~/.ssh`).
    case unsafeFolder(path: String, folder: String, reason: String)
    /// The database path is a symbolic link that belongs to another user, who could point it
    /// anywhere.
    case untrustedLink(path: String, owner: UInt32)
    /// `WALKTHROUGH_BUSY_TIMEOUT` holds something other than a whole number of milliseconds.
    case invalidBusyTimeout(String)
    /// The default database path could not be worked out: no `WALKTHROUGH_DB`, no
    /// `XDG_STATE_HOME`, no `HOME` and no home directory in the password database.
    case noHomeDirectory
    /// A `PostgresSeenStore` (`WalkthroughFleet`) failed: connecting, or the server refused a call. The value says
    /// what failed, at which `host:port/dbname`, with the server's SQLSTATE and message.
    case server(SeenStoreError.ServerError)

    /// The database file the error is about, if any (for ``server(_:)``, the server's
    /// `host:port/dbname`).
    public var path: String? {
        switch self {
        case .databaseMissing(let path), .notADatabase(let path), .readOnlyFile(let path),
            .readOnlyFolder(let path), .diskFull(let path):
            return path
        case .newerSchema(let path, _, _), .cannotCreateFolder(let path, _, _),
            .companionFile(let path, _, _), .unsafeFolder(let path, _, _):
            return path
        case .interruptedWrite(let path, _), .untrustedLink(let path, _):
            return path
        case .unrecognizedSchema(let path, _), .cannotOpen(let path, _), .locked(let path, _),
            .corrupt(let path, _), .ioError(let path, _), .failed(let path, _):
            return path
        case .noHomeDirectory, .invalidBusyTimeout:
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
                + "untouched: move it away, or use another database"
        case .newerSchema(let path, let found, let supported):
            return
                "\(path) was written by a newer version of walkthrough (schema version "
                + "\(found); this version knows up to \(supported)); it was left untouched: "
                + "upgrade walkthrough, or use another database"
        case .unrecognizedSchema(let path, let detail):
            return
                "\(path) is an SQLite database but not a walkthrough store (\(detail)); it was "
                + "left untouched: use another database"
        case .readOnlyFile(let path):
            return
                "the walkthrough database \(path) is read-only; make it writable for this user "
                + "(chmod u+w, or chattr -i), or use another database"
        case .readOnlyFolder(let path):
            return
                "the folder \(FileSystem.folder(of: path)) holding the walkthrough database \(path) "
                + "is not writable (every write creates the database's -journal file there); "
                + "make the folder writable, or choose a database in another folder"
        case .cannotCreateFolder(let path, let folder, let reason):
            return
                "cannot create the folder \(folder) for the walkthrough database \(path): "
                + "\(reason); create it yourself, or use another database"
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
                "the disk holding the walkthrough database \(path) is full; nothing was "
                + "recorded and the database is as it was: free some space and try again"
        case .companionFile(let path, let file, let reason):
            return "cannot use \(file) next to the walkthrough database \(path): \(reason)"
        case .interruptedWrite(let path, let journal):
            return
                "the walkthrough database \(path) has an interrupted write that must be rolled "
                + "back first (\(journal) is still there), and a store opened only to read does "
                + "not change the database: the next write to it rolls it back"
        case .unsafeFolder(let path, let folder, let reason):
            return
                "the folder \(folder) for the walkthrough database \(path) is not safe to use: "
                + "\(reason); the store's default folder must belong to this user and be "
                + "writable by no one else (as ssh requires of ~/.ssh): fix it (chown, chmod "
                + "go-w) or remove it, or use another database"
        case .untrustedLink(let path, let owner):
            return
                "the walkthrough database \(path) is a symbolic link made by another user "
                + "(uid \(owner)), who could point it at any file: remove the link, or name the "
                + "real file"
        case .ioError(let path, let detail):
            return
                "reading or writing the walkthrough database \(path) failed with an I/O error "
                + "(\(detail)); check the disk, then try again"
        case .failed(let path, let detail):
            return
                "the walkthrough database \(path) refused the change (\(detail)); if another "
                + "program alters it, check it with sqlite3 (PRAGMA integrity_check), or move it "
                + "away to start afresh"
        case .invalidBusyTimeout(let text):
            return
                "WALKTHROUGH_BUSY_TIMEOUT is \"\(text)\", which is not a whole number of "
                + "milliseconds; give one from 0 to 2147483647 (60000 waits a minute), or unset it"
        case .noHomeDirectory:
            return
                "cannot work out where the walkthrough database goes: HOME is not set and the "
                + "user has no home directory; set WALKTHROUGH_DB or XDG_STATE_HOME"
        case .server(let error):
            return error.description
        }
    }

    /// A duration as a user reads it: `5 s`, `0.25 s`.
    private static func seconds(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        guard seconds >= 0, seconds < 1_000_000_000 else { return "\(seconds) s" }
        let milliseconds = duration.wholeMilliseconds
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        let fraction = String(milliseconds % 1000)
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        var trimmed = Substring(padded)
        while trimmed.last == "0" { trimmed.removeLast() }
        return "\(milliseconds / 1000).\(trimmed) s"
    }
}

extension SeenStoreError {
    /// Whether the store is there but this user may not write it (the file or its folder).
    package var isReadOnly: Bool {
        switch self {
        case .readOnlyFile, .readOnlyFolder: return true
        default: return false
        }
    }
}
