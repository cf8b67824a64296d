import Foundation
import Testing
import WalkthroughTestSupport

/// A vertical walkthrough's keys, and a `scroll` transition's frames counted from the bytes the
/// player writes (`pipe-pane`): several frames, each inside synchronized output, and exactly
/// one with `WALKTHROUGH_REDUCED_MOTION`.
@Suite(.serialized)
struct LayoutTmuxTests {
    static func definition(_ layout: String) -> String {
        """
        {"id": "tour", "title": "Tour", "layout": \(layout),
         "pages": [{"heading": "First", "content": "The first page."},
                   {"heading": "Second", "content": "The second page."},
                   {"heading": "Third", "content": "The third page."}]}
        """
    }

    static func start(
        _ sandbox: Sandbox, extra: [String: String] = [:], log: String? = nil
    ) throws -> TmuxSession {
        var environment = SpreadTmuxTests.environment(sandbox)
        environment.merge(extra) { $1 }
        return try TmuxSession(
            command: ImageTmuxTests.command(sandbox, ["play", "tour"]), columns: 80, rows: 24,
            environment: environment, logPath: log)
    }

    @Test func verticalKeysMoveOnAndBack() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", Self.definition(#"{"orientation": "vertical"}"#))
        let tmux = try Self.start(sandbox)
        defer { tmux.kill() }
        #expect(tmux.waitFor("● ○ ○  1/3"))
        #expect(try tmux.capture().contains { $0.contains("↑/↓ move") })
        let steps: [(String, String)] = [
            ("j", "○ ● ○  2/3"), ("Down", "○ ○ ●  3/3"), ("k", "○ ● ○  2/3"), ("Up", "● ○ ○  1/3"),
            ("NPage", "○ ● ○  2/3"), ("PPage", "● ○ ○  1/3"), ("Right", "○ ● ○  2/3"),
            ("Left", "● ○ ○  1/3"),
        ]
        for (key, indicator) in steps {
            try tmux.sendKeys(key)
            #expect(
                waitUntil(timeout: 10) { (try? tmux.capture())?.contains(indicator) ?? false },
                "\(key): \((try? tmux.capture()) ?? [])")
        }
        try tmux.sendKeys("?")
        #expect(tmux.waitFor("↓ j Page Down"))
        #expect(tmux.waitFor("↑ k Page Up"))
        try tmux.sendKeys("Escape")
        #expect(
            waitUntil(timeout: 10) {
                (try? tmux.capture())?.contains { $0.hasPrefix("The first page.") } ?? false
            })
        try tmux.sendKeys("j", "j", "j")
        #expect(tmux.waitForExit() == 0)
        let status = try sandbox.execute(["status", "--json"])
        #expect(
            status.standardOutput.contains(#""outcome": "completed""#), "\(status.standardOutput)")
    }

    /// The frames one → draws: from the help frame before it to the help frame after it.
    private func framesOfOneMove(extra: [String: String]) throws -> (frames: Int, log: [UInt8]) {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", Self.definition(#"{"transition": "scroll"}"#))
        let log = sandbox.folder.path + "/pane.log"
        let tmux = try Self.start(sandbox, extra: extra, log: log)
        defer { tmux.kill() }
        let text = { String(decoding: tmux.loggedOutput(), as: UTF8.self) }
        let helpFrames = { text().components(separatedBy: "Keys").count - 1 }
        #expect(tmux.waitFor("● ○ ○  1/3"))
        try tmux.sendKeys("?")
        #expect(waitUntil(timeout: 10) { helpFrames() == 1 })
        try tmux.sendKeys("?")
        #expect(
            waitUntil(timeout: 10) {
                (try? tmux.capture())?.contains { $0.hasPrefix("The first page.") } ?? false
            })
        try tmux.sendKeys("Right")
        // The last frame: the new page's heading at the start of its row (while it slides in
        // from the right, it starts further along).
        #expect(
            waitUntil(timeout: 10) {
                (try? tmux.capture())?.contains { $0.hasPrefix("Second") } ?? false
            })
        try tmux.sendKeys("?")
        #expect(waitUntil(timeout: 10) { helpFrames() == 2 })
        try tmux.sendKeys("q")
        #expect(tmux.waitForExit() == 0)

        let output = text()
        let pieces = output.components(separatedBy: "Keys")
        // Between the two help frames' "Keys": the end of the first, the frame closing the
        // help, the move's frames, and the start of the second.
        let between = pieces[1]
        let begins = between.components(separatedBy: "\u{1B}[?2026h").count - 1
        let ends = between.components(separatedBy: "\u{1B}[?2026l").count - 1
        // Each frame whole: every begin has its end before the next begins.
        var open = false
        for piece in between.components(separatedBy: "\u{1B}[?2026").dropFirst() {
            if piece.hasPrefix("h") {
                #expect(!open, "a frame began inside another")
                open = true
            } else if piece.hasPrefix("l") {
                open = false
            }
        }
        #expect(ends == begins)
        print("frames of one move, \(extra.isEmpty ? "scroll" : "\(extra)"): \(begins - 2)")
        return (begins - 2, tmux.loggedOutput())
    }

    @Test func aScrollTransitionDrawsSeveralWholeFrames() throws {
        let (frames, log) = try framesOfOneMove(extra: [:])
        #expect(frames > 1, "\(frames) frames")
        #expect(frames <= 8, "\(frames) frames")
        try SpreadTmuxTests.expectRowsWithin(80, log: log)
    }

    @Test(arguments: ["1", "true", "reduce"])
    func reducedMotionDrawsExactlyOneFrame(value: String) throws {
        let (frames, _) = try framesOfOneMove(extra: ["WALKTHROUGH_REDUCED_MOTION": value])
        #expect(frames == 1)
    }

    @Test(arguments: ["0", "false", ""])
    func reducedMotionOffStillSlides(value: String) throws {
        let (frames, _) = try framesOfOneMove(extra: ["WALKTHROUGH_REDUCED_MOTION": value])
        #expect(frames > 1)
    }
}
