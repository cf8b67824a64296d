import Testing
import WalkthroughKit

@testable import WalkthroughCLI

/// The events and stats commands in-process: help pinned, usage errors, a store that does not
/// exist yet.
struct EventsCommandTests {
    @Test func pruneHelpIsPinned() {
        let result = walkthrough(["events", "prune", "--help"], environment: [:])
        #expect(result.code == .success)
        #expect(
            result.standardOutput == """
                OVERVIEW: Remove the events older than a date; the records stay.

                Removes every user's events recorded before DATE (YYYY-MM-DD, midnight UTC, or
                RFC 3339), and says how many. Who has seen what is kept: only the funnel of
                'walkthrough stats' forgets those sessions.

                USAGE: walkthrough events prune --before <date> [--db <path>] [--dry-run]

                OPTIONS:
                  --before <date>         Remove the events recorded before DATE.
                  --db <path>             The seen database: a file, or a postgresql:// URL
                                          (default: $WALKTHROUGH_DB, else under
                                          $XDG_STATE_HOME).
                  --dry-run               Count what would be removed, and remove nothing.
                  -h, --help              Show help information.

                """)
    }

    @Test func eventsAndStatsHelpNameTheirKeys() {
        let events = walkthrough(["help", "events"], environment: [:])
        #expect(
            events.standardOutput.contains(
                "USAGE: walkthrough events [<id>] [--user <name>] [--since <date>] [--db <path>]"))
        let stats = walkthrough(["stats", "--help"], environment: [:])
        #expect(
            stats.standardOutput.contains(
                "USAGE: walkthrough stats <walkthrough> [--since <date>] [--version <n>] [--json] "
                    + "[--experiment] [--goal <name>] [--db <path>]"))
        #expect(stats.standardOutput.contains("medianSecondsToComplete, pages: [{page, id,"))
    }

    @Test func aMissingStoreHasNoEventsAndCountsNobody() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let events = sandbox.run(["events"])
        #expect(events.code == .success)
        #expect(events.standardOutput.isEmpty)
        let stats = sandbox.run(["stats", "tour", "--json"])
        #expect(stats.code == .success)
        #expect(stats.standardOutput.contains("\"users\": 0"))
        #expect(stats.standardOutput.contains("\"completionRate\": null"))
        let prune = sandbox.run(["events", "prune", "--before", "2026-01-01"])
        #expect(prune.standardOutput.hasPrefix("Nothing to remove: the database "))
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test(arguments: [
        ("2026-12-01", "2026-12-01T00:00:00.000Z"),
        ("2026-12-01T07:26:01Z", "2026-12-01T07:26:01.000Z"),
        ("2026-12-01t07:26:01.1234567z", "2026-12-01T07:26:01.123Z"),
        ("2026-12-01 09:26:01.5+02:00", "2026-12-01T07:26:01.500Z"),
        ("2026-12-01T00:00:00-05:30", "2026-12-01T05:30:00.000Z"),
    ])
    func datesInEveryAcceptedForm(text: String, expected: String) throws {
        let date = try #require(Timestamp.parseDate(text))
        #expect(Timestamp.json(date) == expected)
    }

    @Test(arguments: [
        "", "2026-1-01", "2026-02-30", "2026-12-01T24:00:00Z", "2026-12-01T07:26:01",
        "2026-12-01T07:26:01.Z", "2026-12-01T07:26Z", "yesterday", "2026-12-01T07:26:01+2:00",
    ])
    func anythingElseIsNotADate(text: String) {
        #expect(Timestamp.parseDate(text) == nil)
    }
}
