import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// "Later" in a real terminal: `z` in a tmux pane ends the session `snoozed` until the
/// definition's `snooze` has passed (the key help says it), `due` says until when, the
/// walkthrough comes back on the page it was put off on once that time has come, and
/// `maxShows` counts the show. Waits poll a condition with a bound; none sleeps a fixed time.
@Suite(.serialized)
struct SnoozeTmuxTests {
    static func definition(snooze: String, maxShows: Int? = nil) -> String {
        """
        {"id": "later", "title": "Later", "snooze": "\(snooze)",
         \(maxShows.map { "\"when\": {\"maxShows\": \($0)}," } ?? "")
         "pages": [{"heading": "One", "content": "1"}, {"heading": "Two", "content": "2"},
                   {"heading": "Three", "content": "3"}]}
        """
    }

    /// `cd SANDBOX && walkthrough ARGUMENTS; echo "[exit N]"`, quoted for `/bin/sh`.
    private func command(_ sandbox: Sandbox, _ arguments: [String]) -> String {
        "cd \(TmuxSession.quoted(sandbox.folder.path)) && "
            + ([walkthroughBinary] + arguments).map(TmuxSession.quoted).joined(separator: " ")
            + "; echo \"[exit $?]\""
    }

    private func pane(_ sandbox: Sandbox, _ arguments: [String]) throws -> TmuxSession {
        var environment = sandbox.environment
        environment["PATH"] = nil
        return try TmuxSession(
            command: "unset NO_COLOR; " + command(sandbox, arguments), columns: 120, rows: 20,
            environment: environment)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Polls `due later --json` until its reason is `reason`, for at most `timeout` seconds.
    private func waitForReason(
        _ sandbox: Sandbox, _ reason: String, timeout: Double = 30
    ) -> Bool {
        waitUntil(timeout: timeout, interval: 100) {
            guard let result = try? sandbox.execute(["due", "later", "--json"]),
                let object = try? json(result.standardOutput)
            else { return false }
            return object["reason"] as? String == reason
        }
    }

    @Test func zPutsItOffUntilItsSnoozeAndItComesBackOnThatPage() throws {
        let sandbox = try Sandbox()
        try sandbox.define("later.json", Self.definition(snooze: "3s"))
        let tmux = try pane(sandbox, ["play", "later"])
        defer { tmux.kill() }
        #expect(tmux.waitFor("One"), "\((try? tmux.capture()) ?? [])")
        try tmux.sendKeys("?")
        #expect(tmux.waitFor("z: later (shown again in 3s)"), "\((try? tmux.capture()) ?? [])")
        try tmux.sendKeys("Escape")
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("Two"))
        try tmux.sendKeys("z")
        #expect(tmux.waitFor("[exit 0]"), "\((try? tmux.capture(history: true)) ?? [])")
        #expect(tmux.waitFor("Snoozed at page 2/3 until "))
        #expect(tmux.waitFor("Later is not shown before then."))

        let record = try #require(try sandbox.recordsFromStatus().first)
        #expect(record["outcome"] as? String == "snoozed")
        #expect(record["lastPage"] as? Int == 2)
        let until = try #require(record["snoozedUntil"] as? String)
        let events = try sandbox.execute(["events"])
        #expect(events.standardOutput.contains(#""event":"snoozed","page":2,"outcome":"snoozed""#))

        // Put off: due says until when (unless the three seconds already passed on a slow
        // machine), and play shows nothing.
        let due = try sandbox.execute(["due", "later", "--json"])
        let decision = try json(due.standardOutput)
        if decision["reason"] as? String == "snoozed" {
            #expect(due.status == 1)
            #expect((decision["detail"] as? String)?.hasSuffix("due at \(until)") == true)
            let human = try sandbox.execute(["due", "later"])
            #expect(human.standardOutput.hasPrefix("Later is not due for alice: snoozed ("))
        }

        // Once the time has come it is due again, and resumes on page 2.
        #expect(waitForReason(sandbox, "due"), "still snoozed after 30 s")
        let again = try pane(sandbox, ["play", "later"])
        defer { again.kill() }
        #expect(again.waitFor("○ ● ○  2/3"), "\((try? again.capture()) ?? [])")
        #expect(again.waitFor("Two"))
        try again.sendKeys("q")
        #expect(again.waitFor("[exit 0]"))
    }

    @Test func maxShowsCountsTheShowThatWasPutOff() throws {
        let sandbox = try Sandbox()
        try sandbox.define("later.json", Self.definition(snooze: "1s", maxShows: 1))
        let tmux = try pane(sandbox, ["play", "later"])
        defer { tmux.kill() }
        #expect(tmux.waitFor("One"), "\((try? tmux.capture()) ?? [])")
        try tmux.sendKeys("z")
        #expect(tmux.waitFor("[exit 0]"), "\((try? tmux.capture(history: true)) ?? [])")
        #expect(waitForReason(sandbox, "maxShows"), "not held back by maxShows")
        let due = try sandbox.execute(["due", "later"])
        #expect(due.status == 1)
        #expect(
            due.standardOutput
                == "Later is not due for alice: maxShows (shown 1 time without being finished "
                + "(when.maxShows 1)).\n")
    }

    @Test func markSnoozedUntilATimeAndTheDonateCommandsBadInput() throws {
        let sandbox = try Sandbox()
        try sandbox.define("later.json", Self.definition(snooze: "1h"))
        let mark = try sandbox.execute(
            ["mark", "later", "--snoozed", "--until", "2999-01-01T00:00:00Z"])
        #expect(mark.status == 0, "\(mark.standardError)")
        #expect(
            mark.standardOutput
                == "Recorded: alice snoozed Later until 2999-01-01T00:00:00.000Z (version 1).\n")
        let due = try sandbox.execute(["due", "later"])
        #expect(due.status == 1)
        #expect(due.standardOutput.contains("due at 2999-01-01T00:00:00.000Z"))
        let seen = try sandbox.execute(["seen", "later"])
        #expect(seen.status == 1)
        #expect(seen.standardOutput.contains("snoozed until 2999-01-01"))

        for (arguments, message) in [
            (
                ["mark", "later", "--until", "2999-01-01"],
                "'--until <time>' is only for '--snoozed'"
            ),
            (["mark", "later", "--snoozed", "--until", "soon"], "Invalid time 'soon'"),
            (["mark", "later", "--snoozed", "--skipped"], "cannot be used together"),
            (["donate", "bad name"], "Invalid event name \"bad name\""),
            (["donate", "-x"], "Unknown option '-x'"),
            (["donate"], "Missing"),
            (["donate", "a", "b"], "Unexpected"),
        ] {
            let result = try sandbox.execute(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(
                result.standardError.split(separator: "\n").count == 1,
                "\(arguments): one line: \(result.standardError)")
        }
        let donate = try sandbox.execute(["donate", "deployed", "--user", "bob"])
        #expect(donate.status == 0)
        #expect(donate.standardOutput == "Recorded: bob did deployed.\n")
        // A store that cannot be opened: the store's error and its exit code.
        let blocked = try sandbox.execute(
            ["donate", "deployed", "--db", sandbox.folder.path + "/walkthroughs/later.json/x"])
        #expect(blocked.status != 0 && blocked.status != 64)
        #expect(blocked.standardError.hasPrefix("Error: "))
    }
}
