import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// `walkthrough play` in a real terminal: a tmux pane on a private server, driven with keys and
/// read back with `capture-pane` (polled, never slept on), its raw output logged with
/// `pipe-pane` where the bytes matter.
@Suite(.serialized)
struct TerminalPlayTests {
    /// A sandbox with the examples, and the shell line that runs the binary there.
    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in ["foodpin.json", "foodpin-zh-hant.json"] { try sandbox.copyExample(name) }
        return sandbox
    }

    /// `cd SANDBOX && walkthrough ARGUMENTS; echo "[exit N]"`, quoted for `/bin/sh`.
    ///
    /// The shell reports the exit status on the screen: tmux's own `#{pane_dead_status}` depends
    /// on the server reaping the pane's process, which a loaded machine was seen to delay past
    /// any timeout (the process stayed a zombie until the server got another SIGCHLD).
    private func command(_ sandbox: Sandbox, _ arguments: [String]) -> String {
        let words = [walkthroughBinary] + arguments
        return "cd \(TmuxSession.quoted(sandbox.folder.path)) && "
            + words.map(TmuxSession.quoted).joined(separator: " ") + "; echo \"[exit $?]\""
    }

    /// Polls the pane (and its history) for the `[exit N]` line of ``command(_:_:)``.
    private func exitStatus(_ tmux: TmuxSession, timeout: Double = 30) -> Int? {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        repeat {
            let text = ((try? tmux.capture(history: true)) ?? []).joined(separator: "\n")
            if let start = text.range(of: "[exit ") {
                let digits = text[start.upperBound...].prefix { $0.isNumber }
                if text[start.upperBound...].dropFirst(digits.count).first == "]" {
                    return Int(digits)
                }
            }
            usleep(20_000)
        } while ContinuousClock.now < deadline
        return nil
    }

    /// A tmux pane running `command` with the sandbox's variables.
    private func pane(
        _ sandbox: Sandbox, _ command: String, columns: Int = 60, rows: Int = 20,
        extra: [String: String] = [:], log: String? = nil
    ) throws -> TmuxSession {
        var environment = sandbox.environment.merging(extra) { $1 }
        environment["PATH"] = nil  // tmux's own PATH finds stty and sleep
        // The pane inherits the test runner's variables, which may include NO_COLOR.
        let unset = extra["NO_COLOR"] == nil ? "unset NO_COLOR; " : ""
        return try TmuxSession(
            command: unset + command, columns: columns, rows: rows, environment: environment,
            logPath: log)
    }

    /// What the renderer draws for `page` of `walkthrough` at `size`, as `capture-pane` shows it.
    private func expectedScreen(
        _ walkthrough: Walkthrough, page: Int, size: TerminalSize
    ) -> [String] {
        let lines = Renderer.render(
            RenderState(walkthrough: walkthrough, pageIndex: page), size: size)
        var trimmed = lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        while trimmed.count < size.rows { trimmed.append("") }
        return trimmed
    }

    /// Polls until the pane shows exactly `expected`, or 30 seconds pass; returns the last screen.
    private func waitForScreen(_ tmux: TmuxSession, _ expected: [String]) -> [String] {
        var screen: [String] = []
        for _ in 0..<1500 {
            screen = (try? tmux.capture()) ?? []
            if screen == expected { break }
            usleep(20_000)
        }
        return screen
    }

    // MARK: - Playing

    @Test func arrowsDigitsAndEnterFinishAndTheDatabaseSaysCompleted() throws {
        let sandbox = try sandbox()
        let tmux = try pane(sandbox, command(sandbox, ["play", "foodpin"]))
        defer { tmux.kill() }
        #expect(tmux.waitFor("● ○ ○  1/3"), "\((try? tmux.capture()) ?? [])")
        #expect(tmux.waitFor("Personalize"))
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("○ ● ○  2/3"))
        #expect(tmux.waitFor("Locate"))
        try tmux.sendKeys("Left")
        #expect(tmux.waitFor("● ○ ○  1/3"))
        try tmux.sendKeys("2")
        #expect(tmux.waitFor("○ ● ○  2/3"))
        try tmux.sendKeys("3")
        #expect(tmux.waitFor("○ ○ ●  3/3"))
        #expect(tmux.waitFor("Discover"))
        try tmux.sendKeys("Enter")
        #expect(exitStatus(tmux) == 0, "\((try? tmux.capture()) ?? [])")
        #expect(tmux.waitFor("Recorded: alice completed FoodPin (version 1)."))
        #expect(try tmux.format("#{alternate_on}") == "0", "the normal screen is back")

        let records = try sandbox.recordsFromStatus()
        #expect(records.count == 1)
        #expect(records.first?["outcome"] as? String == "completed")
        #expect(records.first?["lastPage"] as? Int == 3)
    }

    /// What's new on a terminal: a user who finished version 1 sees only the two new pages, and
    /// the indicator counts those two.
    @Test func whatsNewShowsOnlyTheNewPagesAndTheIndicatorCountsThem() throws {
        let sandbox = try sandbox()
        try sandbox.define(
            "tour.json",
            #"{"id": "tour", "title": "Tour", "pages": [{"heading": "Old", "content": ""}]}"#)
        _ = try sandbox.execute(["play", "tour"], input: "n\n")
        try sandbox.define(
            "tour.json",
            """
            {"id": "tour", "version": 2, "title": "Tour", "pages": [
              {"heading": "Old", "content": ""}, {"heading": "New one", "content": "", "since": 2},
              {"heading": "New two", "content": "", "since": 2}]}
            """)
        let tmux = try pane(sandbox, command(sandbox, ["play", "tour"]))
        defer { tmux.kill() }
        #expect(tmux.waitFor("● ○  1/2"), "\((try? tmux.capture()) ?? [])")
        #expect(tmux.waitFor("New one"))
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("○ ●  2/2"))
        #expect(tmux.waitFor("New two"))
        try tmux.sendKeys("Enter")
        #expect(exitStatus(tmux) == 0, "\((try? tmux.capture()) ?? [])")
        #expect(tmux.waitFor("Recorded: alice completed Tour (version 2)."))
        let records = try sandbox.recordsFromStatus()
        #expect(records.first { $0["walkthrough"] as? String == "tour" }?["lastPage"] as? Int == 3)
    }

    @Test func resumesWhereTheUserLeftOff() throws {
        let sandbox = try sandbox()
        _ = try sandbox.execute(["play", "foodpin"], input: "n\nq\n")
        let tmux = try pane(sandbox, command(sandbox, ["play", "foodpin"]))
        defer { tmux.kill() }
        #expect(tmux.waitFor("○ ● ○  2/3"))
        try tmux.sendKeys("q")
        #expect(exitStatus(tmux) == 0)
        #expect(tmux.waitFor("Progress kept at page 2/3"))
    }

    @Test(
        arguments: [(["--plain"], [:]), ([], ["TERM": "dumb"])] as [([String], [String: String])])
    func plainModeOnATerminalWhenAskedOrWhenTERMIsDumb(
        options: [String], extra: [String: String]
    ) throws {
        let sandbox = try sandbox()
        let tmux = try pane(
            sandbox, command(sandbox, ["play", "foodpin"] + options), extra: extra)
        defer { tmux.kill() }
        #expect(tmux.waitFor("FoodPin · 1/3 · Personalize"), "\((try? tmux.capture()) ?? [])")
        #expect(try tmux.format("#{alternate_on}") == "0", "no full-screen mode")
        try tmux.type("next")
        try tmux.sendKeys("Enter")
        #expect(tmux.waitFor("FoodPin · 2/3 · Locate"))
        try tmux.type("quit")
        try tmux.sendKeys("Enter")
        #expect(exitStatus(tmux) == 0)
        #expect(tmux.waitFor("Progress kept at page 2/3"))
    }

    // MARK: - Signals leave the terminal as it was

    @Test(arguments: [("C-c", 0, 130, "SIGINT"), ("", SIGTERM, 143, "SIGTERM")])
    func aSignalRestoresTheTerminalAndKeepsProgress(
        key: String, signal: Int32, status: Int, name: String
    ) throws {
        let sandbox = try sandbox()
        let files = sandbox.folder.path
        let tmux = try playingOnPageTwo(sandbox, afterwards: "stty -a > settings; ")
        defer { tmux.kill() }
        try stop(tmux, files: files, key: key, signal: signal)
        #expect(tmux.waitFor("status=\(status)"), "\((try? tmux.capture()) ?? [])")
        #expect(tmux.waitFor("Interrupted by \(name) at page 2/3; progress kept"))
        #expect(try tmux.format("#{alternate_on}") == "0", "the normal screen is back")
        #expect(try tmux.format("#{cursor_flag}") == "1", "the cursor is visible")

        // Wait for the shell to have written the settings after the status line.
        var settings = ""
        _ = waitUntil(timeout: 10, interval: 20) {
            settings = (try? String(contentsOfFile: files + "/settings", encoding: .utf8)) ?? ""
            return !settings.isEmpty
        }
        let words = Set(settings.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }))
        #expect(words.contains("icanon") && words.contains("echo"), "\(settings)")
        #expect(!words.contains("-icanon") && !words.contains("-echo"))
        let before = try String(contentsOfFile: files + "/before", encoding: .utf8)
        let after = try String(contentsOfFile: files + "/after", encoding: .utf8)
        #expect(!before.isEmpty)
        #expect(before == after, "stty -g is the same before and after")

        let record = try #require(try sandbox.recordsFromStatus().first)
        #expect(record["outcome"] as? String == "inProgress")
        #expect(record["lastPage"] as? Int == 2)
    }

    /// Another process holds the store's write lock (an `sqlite3` shell in `BEGIN IMMEDIATE`)
    /// when the signal comes: the player leaves the terminal as it was and exits with the
    /// signal's status within 2 s (it tries the `interrupted` event for a second, not the 60 s
    /// busy timeout); the page reached was durable before the signal.
    @Test(arguments: [
        ("C-c", 0, 130, "SIGINT"), ("", SIGTERM, 143, "SIGTERM"), ("", SIGHUP, 129, "SIGHUP"),
    ])
    func aSignalEndsThePlayerWithinTwoSecondsWhileAnotherProcessHoldsTheLock(
        key: String, signal: Int32, status: Int, name: String
    ) throws {
        let sandbox = try sandbox()
        let files = sandbox.folder.path
        // The page is drawn once its move is committed.
        let tmux = try playingOnPageTwo(sandbox, afterwards: "")
        defer { tmux.kill() }

        let holder = try ChildProcess(["/usr/bin/sqlite3", sandbox.database])
        holder.send("BEGIN IMMEDIATE;\n.print holding\n")
        try #require(holder.waitForOutput("holding"), "\(holder.standardError)")
        let sent = ContinuousClock.now
        try stop(tmux, files: files, key: key, signal: signal)
        #expect(tmux.waitFor("status=\(status)"), "\((try? tmux.capture()) ?? [])")
        let elapsed = ContinuousClock.now - sent
        #expect(elapsed < .seconds(2), "exited \(elapsed) after \(name), the lock held")
        #expect(tmux.waitFor("Interrupted by \(name) at page 2/3; progress kept"))
        #expect(try tmux.format("#{alternate_on}") == "0", "the normal screen is back")
        #expect(try tmux.format("#{cursor_flag}") == "1", "the cursor is visible")
        var after = ""
        _ = waitUntil(timeout: 10, interval: 20) {
            after = (try? String(contentsOfFile: files + "/after", encoding: .utf8)) ?? ""
            return !after.isEmpty
        }
        let before = try String(contentsOfFile: files + "/before", encoding: .utf8)
        #expect(!before.isEmpty)
        #expect(before == after, "stty -g is the same before and after")

        holder.send("COMMIT;\n.quit\n")
        #expect(holder.wait() == 0)
        let record = try #require(try sandbox.recordsFromStatus().first)
        #expect(record["outcome"] as? String == "inProgress")
        #expect(record["lastPage"] as? Int == 2)
        // The lock outlived the player's second: its `interrupted` event was given up.
        let events = try sandbox.execute(["events"])
        #expect(events.status == 0, "\(events.standardError)")
        #expect(events.standardOutput.contains(#""event":"page","page":2"#))
        #expect(!events.standardOutput.contains(#""interrupted""#), "\(events.standardOutput)")
    }

    /// `walkthrough play foodpin` in a pane, moved to page 2: its pid in `pid`, `stty -g` in
    /// `before` and, once it ends, its status printed as `status=N`, then `stty -g` in `after`
    /// and `afterwards` run.
    private func playingOnPageTwo(_ sandbox: Sandbox, afterwards: String) throws -> TmuxSession {
        let files = sandbox.folder.path
        let play =
            "sh -c 'echo $$ > \(files)/pid; exec \"$0\" play foodpin' "
            + TmuxSession.quoted(walkthroughBinary)
        let script = """
            cd \(TmuxSession.quoted(files)) && stty -g > before && \(play); \
            echo "status=$?"; stty -g > after; \(afterwards)exec sleep 600
            """
        let tmux = try pane(sandbox, script)
        #expect(tmux.waitFor("● ○ ○  1/3"))
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("○ ● ○  2/3"))
        return tmux
    }

    /// Ends the player with `key` typed in the pane, or with `signal` sent to its pid.
    private func stop(_ tmux: TmuxSession, files: String, key: String, signal: Int32) throws {
        guard key.isEmpty else {
            try tmux.sendKeys(key)
            return
        }
        let pid = try String(contentsOfFile: files + "/pid", encoding: .utf8)
        let number = try #require(pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(number, signal) == 0)
    }

    // MARK: - Drawing

    @Test func aResizeRedrawsAtTheNewWidth() throws {
        let sandbox = try sandbox()
        let walkthrough = try DefinitionLoader.load(
            contentsOf: sandbox.definitions + "/foodpin.json")
        let tmux = try pane(
            sandbox, command(sandbox, ["play", "foodpin"]), extra: ["NO_COLOR": "1"])
        defer { tmux.kill() }
        let wide = expectedScreen(walkthrough, page: 0, size: TerminalSize(columns: 60, rows: 20))
        #expect(waitForScreen(tmux, wide) == wide)
        try tmux.resize(columns: 34, rows: 14)
        let narrow = expectedScreen(walkthrough, page: 0, size: TerminalSize(columns: 34, rows: 14))
        #expect(narrow != Array(wide.prefix(14)), "the layouts differ, so the test can fail")
        #expect(waitForScreen(tmux, narrow) == narrow)
        try tmux.resize(columns: 60, rows: 20)
        #expect(waitForScreen(tmux, wide) == wide)
        try tmux.sendKeys("q")
        #expect(exitStatus(tmux) == 0)
    }

    @Test func traditionalChineseFitsThirtyColumns() throws {
        let sandbox = try sandbox()
        let walkthrough = try DefinitionLoader.load(
            contentsOf: sandbox.definitions + "/foodpin-zh-hant.json")
        let size = TerminalSize(columns: 30, rows: 24)
        let tmux = try pane(
            sandbox, command(sandbox, ["play", "foodpin-zh-hant"]), columns: size.columns,
            rows: size.rows, extra: ["NO_COLOR": "1"])
        defer { tmux.kill() }
        for (index, page) in walkthrough.pages.enumerated() {
            let expected = expectedScreen(walkthrough, page: index, size: size)
            let screen = waitForScreen(tmux, expected)
            #expect(screen == expected, "page \(index + 1)")
            for line in screen {
                #expect(DisplayWidth.of(line) <= 30, "\(line)")
            }
            // Every character of the content is on the screen, in order: nothing was cut off
            // at the pane's edge.
            let shown = screen.joined().filter { $0 != " " }
            #expect(shown.contains(page.content.filter { $0 != " " }), "page \(index + 1)")
            try tmux.sendKeys(index == walkthrough.pages.count - 1 ? "Enter" : "Right")
        }
        #expect(exitStatus(tmux) == 0)
        #expect(try sandbox.recordsFromStatus().first?["outcome"] as? String == "completed")
    }

    // MARK: - Safety

    @Test func escapeSequencesInADefinitionNeverReachTheTerminal() throws {
        let sandbox = try Sandbox()
        try sandbox.define("evil.json", hostileDefinition)
        let log = sandbox.folder.path + "/pane.log"
        let tmux = try pane(sandbox, command(sandbox, ["play", "evil"]), log: log)
        defer { tmux.kill() }
        #expect(tmux.waitFor("Heading ^[[2Jcleared"), "\((try? tmux.capture()) ?? [])")
        #expect(tmux.waitFor("^[]0;pwned^G"))
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("Two \\u{202E}desrever"))
        try tmux.sendKeys("q")
        #expect(exitStatus(tmux) == 0)
        #expect(tmux.waitFor("Progress kept at page 2/2"))

        var raw: [UInt8] = []
        for _ in 0..<500 {
            raw = tmux.loggedOutput()
            if raw.containsSequence(Array("Progress kept".utf8)) { break }
            usleep(20_000)
        }
        #expect(raw.containsSequence(Array("^[[2Jcleared".utf8)), "the log holds the page")
        #expect(raw.containsSequence([0x1B, 0x5B]), "the renderer's own CSI sequences are there")
        let hostile: [(String, [UInt8])] = [
            ("CSI 2J from the text", Array("\u{1B}[2Jcleared".utf8)),
            ("OSC", [0x1B, 0x5D]),
            ("BEL", [0x07]),
            ("C1 CSI U+009B", [0xC2, 0x9B]),
            ("RLO U+202E", [0xE2, 0x80, 0xAE]),
        ]
        for (name, bytes) in hostile {
            #expect(!raw.containsSequence(bytes), "\(name) reached the terminal")
        }
        #expect(try !tmux.format("#{pane_title}").contains("pwned"))
    }

    @Test func noColorTurnsColourOff() throws {
        let sandbox = try sandbox()
        for noColor in [false, true] {
            let log = sandbox.folder.path + "/colour-\(noColor).log"
            let tmux = try pane(
                sandbox, command(sandbox, ["play", "foodpin", "--user", "c\(noColor)"]),
                extra: noColor ? ["NO_COLOR": "1"] : [:], log: log)
            defer { tmux.kill() }
            #expect(tmux.waitFor("1/3"))
            try tmux.sendKeys("q")
            #expect(exitStatus(tmux) == 0, "\((try? tmux.capture(history: true)) ?? [])")
            #expect(tmux.waitFor("Progress kept"))
            var raw: [UInt8] = []
            for _ in 0..<500 {
                raw = tmux.loggedOutput()
                if raw.containsSequence(Array("Progress kept".utf8)) { break }
                usleep(20_000)
            }
            let bold = raw.containsSequence(Array("\u{1B}[1m".utf8))
            #expect(bold == !noColor, "NO_COLOR=\(noColor ? "1" : "unset")")
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in the array.
    fileprivate func containsSequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
