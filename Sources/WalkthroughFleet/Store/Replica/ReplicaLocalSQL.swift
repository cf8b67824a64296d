import WalkthroughKit

/// The replica's own tables, beside the records and events of an ``SQLiteSeenStore`` in the
/// same file: the outbox, the writes the server refused, when each record was last refreshed,
/// and what the replica knows of its server.
enum ReplicaLocalSQL {
    /// The replica's tables, as ``create`` names them.
    static let tables = ["replica_outbox", "replica_fresh", "replica_meta", "replica_refused"]

    /// The tables, created once.
    ///
    /// The outbox's `seq` orders the entries (a new one is always numbered above every entry
    /// there). It is not `AUTOINCREMENT`, which would write `sqlite_sequence` in every
    /// write's transaction (one more page journaled and synced each time); so a number may
    /// come back once the outbox has emptied, and a pushed entry is removed by its number and
    /// its `push_id` together (``done``). Nor is `push_id` indexed `UNIQUE` (another page in
    /// every write): it is a random UUID (``OutboxEntry/newIdentifier()``, 122 random bits),
    /// and nothing looks an entry up by it alone; the server keeps each one once. Replicas made
    /// before keep `AUTOINCREMENT` and the index; both work the same.
    static let create = [
        """
        CREATE TABLE IF NOT EXISTS replica_outbox (
            seq     INTEGER PRIMARY KEY,
            push_id TEXT    NOT NULL,
            user    TEXT    NOT NULL,
            entry   TEXT    NOT NULL
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS replica_fresh (
            user        TEXT    NOT NULL,
            walkthrough TEXT    NOT NULL,
            at          INTEGER NOT NULL,
            PRIMARY KEY (user, walkthrough)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE IF NOT EXISTS replica_meta (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        // Outbox entries the server answered and refused (a missing grant, row security, a
        // constraint), with its reason: kept until `sync --retry-refused` sends them again.
        """
        CREATE TABLE IF NOT EXISTS replica_refused (
            seq     INTEGER PRIMARY KEY,
            push_id TEXT    NOT NULL,
            user    TEXT    NOT NULL,
            entry   TEXT    NOT NULL,
            reason  TEXT    NOT NULL,
            at      INTEGER NOT NULL
        )
        """,
    ]

    static let enqueue = "INSERT INTO replica_outbox (push_id, user, entry) VALUES (?1, ?2, ?3)"
    static let pending = "SELECT seq, push_id, entry FROM replica_outbox ORDER BY seq LIMIT ?1"
    static let pendingCount = "SELECT count(*) FROM replica_outbox"
    /// The user's writes not on the server yet: waiting, or refused.
    static let pendingOfUser = """
        SELECT (SELECT count(*) FROM replica_outbox WHERE user = ?1)
            + (SELECT count(*) FROM replica_refused WHERE user = ?1)
        """
    /// Removes the pushed entry `?1`, `?2` its `push_id`: the entry read, never one that took
    /// its number after another process pushed and removed it.
    static let done = "DELETE FROM replica_outbox WHERE seq = ?1 AND push_id = ?2"

    /// Moves the outbox entry `?1` (its `push_id` `?2`) to the refused list with the server's
    /// reason `?3` at `?4`; ``done`` then removes it from the outbox, in the same transaction.
    static let refuse = """
        INSERT INTO replica_refused (push_id, user, entry, reason, at)
        SELECT push_id, user, entry, ?3, ?4 FROM replica_outbox WHERE seq = ?1 AND push_id = ?2
        """
    static let refusedCount = "SELECT count(*) FROM replica_refused"
    /// The newest refusal's reason.
    static let lastRefusal = "SELECT reason FROM replica_refused ORDER BY seq DESC LIMIT 1"
    /// Every refused entry back into the outbox, oldest first (new numbers, after the entries
    /// waiting there: the server's merge rule does not depend on the order of pushes).
    static let unrefuse = [
        """
        INSERT INTO replica_outbox (push_id, user, entry)
        SELECT push_id, user, entry FROM replica_refused ORDER BY seq
        """,
        "DELETE FROM replica_refused",
    ]

    /// Marks `?1`'s record of `?2` (`''`: the user's whole refresh) fresh at `?3`.
    static let touch = """
        INSERT INTO replica_fresh (user, walkthrough, at) VALUES (?1, ?2, ?3)
        ON CONFLICT (user, walkthrough) DO UPDATE SET at = excluded.at
        """
    /// When `?1`'s record of `?2`, or all of `?1`'s records, were last refreshed.
    static let freshness = """
        SELECT max(at) FROM replica_fresh WHERE user = ?1 AND walkthrough IN (?2, '')
        """

    /// The users the replica's own tables hold anything of, beside those the SQLite store holds
    /// records or goals of (``ReplicaSeenStore/localUsers()``).
    static let users = """
        SELECT user FROM replica_fresh WHERE walkthrough = ''
        UNION SELECT user FROM replica_outbox UNION SELECT user FROM replica_refused ORDER BY 1
        """

    /// Forgets a failed contact (see `ReplicaSeenStore+Backoff.swift`).
    static let forgetFailedContact =
        "DELETE FROM replica_meta WHERE key IN ('contactFailedAt', 'contactBackoff')"

    static let readMeta = "SELECT value FROM replica_meta WHERE key = ?1"
    static let writeMeta = """
        INSERT INTO replica_meta (key, value) VALUES (?1, ?2)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """
}
