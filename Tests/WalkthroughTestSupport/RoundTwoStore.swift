/// Stores as round 2 of WalkthroughKit left them (schema version 2 on both backends: the
/// records and the events, no experiments, no summaries), written by the `sqlite3` shell or a
/// raw libpq connection, so that a migration test starts from what is on disk out there.
package enum RoundTwoStore {
    /// The SQLite schema of version 2, exactly as round 2 created it.
    package static let sqliteSchema = """
        CREATE TABLE seen (
            user        TEXT    NOT NULL,
            walkthrough TEXT    NOT NULL,
            version     INTEGER NOT NULL CHECK (version >= 1),
            outcome     TEXT    NOT NULL
                        CHECK (outcome IN ('completed', 'skipped', 'inProgress')),
            last_page   INTEGER NOT NULL CHECK (last_page >= 0),
            updated_at  INTEGER NOT NULL,
            PRIMARY KEY (user, walkthrough)
        ) WITHOUT ROWID;
        CREATE TABLE events (
            id          INTEGER PRIMARY KEY,
            time        INTEGER NOT NULL,
            user        TEXT    NOT NULL,
            walkthrough TEXT    NOT NULL,
            version     INTEGER NOT NULL CHECK (version >= 1),
            event       TEXT    NOT NULL
                        CHECK (event IN ('started', 'page', 'finished', 'quit', 'interrupted')),
            page        INTEGER NOT NULL CHECK (page >= 0),
            outcome     TEXT    CHECK (outcome IN ('completed', 'skipped')),
            locale      TEXT,
            resumed     INTEGER CHECK (resumed IN (0, 1)),
            forced      INTEGER CHECK (forced IN (0, 1)),
            signal      TEXT
        );
        CREATE INDEX events_by_time ON events (time);
        CREATE INDEX events_by_user ON events (user, walkthrough);
        CREATE INDEX events_funnel
            ON events (walkthrough, version, user, page, event, time, outcome);
        PRAGMA application_id = 1464617812;
        PRAGMA user_version = 2;
        """

    /// The PostgreSQL schema of version 2, exactly as round 2 created it.
    package static let postgresSchema = """
        CREATE TABLE walkthrough_schema (
            only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
            version  integer NOT NULL
        );
        CREATE TABLE walkthrough_seen (
            user_name   text   COLLATE "C" NOT NULL,
            walkthrough text   COLLATE "C" NOT NULL,
            version     bigint NOT NULL CHECK (version >= 1),
            outcome     text   NOT NULL
                        CHECK (outcome IN ('completed', 'skipped', 'inProgress')),
            last_page   bigint NOT NULL CHECK (last_page >= 0),
            updated_at  bigint NOT NULL,
            PRIMARY KEY (user_name, walkthrough)
        );
        CREATE TABLE walkthrough_events (
            id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            time        bigint NOT NULL,
            user_name   text   COLLATE "C" NOT NULL,
            walkthrough text   COLLATE "C" NOT NULL,
            version     bigint NOT NULL CHECK (version >= 1),
            event       text   NOT NULL
                        CHECK (event IN ('started', 'page', 'finished', 'quit', 'interrupted')),
            page        bigint NOT NULL CHECK (page >= 0),
            outcome     text   CHECK (outcome IN ('completed', 'skipped')),
            locale      text,
            resumed     boolean,
            forced      boolean,
            signal      text
        );
        CREATE INDEX walkthrough_events_by_time ON walkthrough_events (time, id);
        CREATE INDEX walkthrough_events_by_user ON walkthrough_events (user_name, walkthrough);
        CREATE INDEX walkthrough_events_funnel ON walkthrough_events
            (walkthrough, version, user_name, page, event, time, outcome);
        INSERT INTO walkthrough_schema (version) VALUES (2);
        """

    /// One stored event: (time in ms, user, walkthrough, version, event, 0-based page,
    /// outcome).
    package typealias Event = (
        time: Int64, user: String, walkthrough: String, version: Int, event: String, page: Int,
        outcome: String?
    )

    /// A population of `users` sessions of `walkthrough` with every shape the funnel counts:
    /// straight through, jumps back and forward, a page past the 63rd, second starts,
    /// completions of different lengths, skips, quits, page events without a start, and a few
    /// users of version 2.
    package static func population(users: Int, walkthrough: String) -> [Event] {
        var events: [Event] = []
        let start: Int64 = 1_764_547_200_000
        for index in 0..<users {
            let user = "user-\(index)"
            var time = start + Int64(index) * 1_000
            func add(_ event: String, _ page: Int, _ outcome: String? = nil, version: Int = 1) {
                events.append((time, user, walkthrough, version, event, page, outcome))
                time += 10 + Int64(index % 7)
            }
            let pages: [[Int]] = [[0, 1, 2, 3], [0, 2, 1], [0], [0, 1, 2, 3, 65], [0, 3]]
            if index % 11 != 5 { add("started", 0) }
            for page in pages[index % pages.count] { add("page", page) }
            if index % 7 == 0 {
                add("quit", 1)
                add("started", 1)
                add("page", 1)
            }
            if index % 3 == 0 {
                time += Int64(index * 37)
                add("finished", 3, "completed")
            } else if index % 4 == 1 {
                add("finished", 1, "skipped")
            } else {
                add("quit", 1)
            }
            if index % 13 == 0 {
                add("started", 0, version: 2)
                add("page", 0, version: 2)
            }
        }
        return events
    }

    /// `INSERT` statements for `events` into a store of schema version 2 (values written in
    /// as literals: the names are the test's own, plain ASCII).
    package static func inserts(_ events: [Event], postgres: Bool) -> String {
        let table = postgres ? "walkthrough_events" : "events"
        let user = postgres ? "user_name" : "user"
        return events.map { event in
            "INSERT INTO \(table) (time, \(user), walkthrough, version, event, page, outcome) "
                + "VALUES (\(event.time), '\(event.user)', '\(event.walkthrough)', "
                + "\(event.version), '\(event.event)', \(event.page), "
                + "\(event.outcome.map { "'\($0)'" } ?? "NULL"));"
        }.joined(separator: "\n")
    }

    /// Creates `path` as a round-2 SQLite store holding `events`.
    package static func createSQLite(at path: String, events: [Event]) throws {
        let script =
            sqliteSchema + "\nBEGIN;\n" + inserts(events, postgres: false) + "\nCOMMIT;\n"
        let result = try ChildProcess.run(["/usr/bin/sqlite3", path], input: script)
        guard result.status == 0, result.standardError.isEmpty else {
            throw TestSupportError("sqlite3 could not build \(path): \(result.standardError)")
        }
    }

    /// Creates the round-2 tables holding `events` where `url` leads (its first schema).
    package static func createPostgres(at url: String, events: [Event]) throws {
        let admin = try RawPostgres(url)
        try admin.exec(
            postgresSchema + "\nBEGIN;\n" + inserts(events, postgres: true) + "\nCOMMIT;\n")
    }
}
