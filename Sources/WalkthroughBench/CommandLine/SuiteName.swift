/// The benchmark suites, by the names the command line and `--json` use.
enum SuiteName: String, CaseIterable, Sendable {
    /// `hasSeen` on a large store against a raw C-API lookup.
    case storeLookup = "store-lookup"
    /// Durable `markSeen` against the raw C API's upsert.
    case storeWrite = "store-write"
    /// The store against Foundation's `UserDefaults`, the iOS habit.
    case userDefaults = "userdefaults"
    /// Loading and validating a 10,000-page definition against `JSONSerialization`.
    case definitionLoad = "definition-load"
    /// Random navigator moves against a bare index with bounds checks.
    case navigator
    /// `walkthrough seen` as a process against the `sqlite3` command.
    case gate
    /// `walkthrough stats` on a million events against the same query in `sqlite3` / `psql`,
    /// and what events add to a page move.
    case stats
    /// Three host tools' launches with the one-call gate (nothing due) against the same tools
    /// without the library.
    case embed
    /// The first frame with a 1000 × 700 PNG against the `chafa` command, and the memory the
    /// image adds.
    case image
    /// `walkthrough stats --experiment` against one query and Python's `statistics`, and the
    /// assignment's cost in the gate.
    case experiment
    /// `walkthrough serve` under wrk's load against nginx serving the same bodies as static
    /// files, durable steps against raw C's one-at-a-time write, and idle connections' memory.
    case serve

    /// One line on what the suite compares, for `--help` and the table headers.
    var summary: String {
        switch self {
        case .storeLookup:
            return "SQLiteSeenStore.hasSeen vs the raw SQLite C API (prepared statement reused); "
                + "PostgresSeenStore vs raw libpq"
        case .storeWrite:
            return "SQLiteSeenStore.markSeen vs the raw C API's upsert, one transaction each; "
                + "PostgresSeenStore vs raw libpq"
        case .userDefaults:
            return "SQLiteSeenStore vs Foundation UserDefaults, one key per user"
        case .definitionLoad:
            return "DefinitionLoader.validate (load and validate) vs JSONSerialization's parse"
        case .navigator:
            return "Navigator random moves vs a bare Int index with bounds checks"
        case .gate:
            return
                "`walkthrough seen ID --user U -q` vs `sqlite3 DB \"SELECT …\"` (and `psql -tAc`), "
                + "whole processes"
        case .stats:
            return "`walkthrough stats ID --json` (summaries) vs the raw events' query in sqlite3 "
                + "/ psql, 1M and 10M events"
        case .embed:
            return "three host tools' launches with Onboarding.presentIfNeeded (nothing due) vs "
                + "the same tools without the library, whole processes"
        case .image:
            return "first frame of `walkthrough play` with a 1000×700 PNG vs the chafa command, "
                + "whole processes on a pty; the memory the image adds"
        case .experiment:
            return "`walkthrough stats ID --experiment --json` vs one SQL query + Python's "
                + "statistics.NormalDist, 100k users; the assignment's cost in the gate"
        case .serve:
            return "`walkthrough serve` under wrk (64 connections, 100k users) vs nginx serving "
                + "the same body as a static file; durable steps vs raw C; idle connections"
        }
    }
}
