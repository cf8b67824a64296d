import Foundation
import Testing
import WalkthroughTestSupport

/// A variant in a real terminal (a tmux pane, polled): the indicator counts the variant's pages,
/// the events keep the definition's positions, and `--watch --variant` shows an author each
/// variant.
@Suite(.serialized)
struct ExperimentTmuxTests {
    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", ExperimentEndToEndTests.tour)
        return sandbox
    }

    private func pane(_ sandbox: Sandbox, _ arguments: [String]) throws -> TmuxSession {
        var environment = sandbox.environment
        environment["LANG"] = "C.UTF-8"
        environment["PATH"] = nil
        return try TmuxSession(
            command: ImageTmuxTests.command(sandbox, arguments), columns: 80, rows: 24,
            environment: environment)
    }

    @Test func theShortVariantShowsTwoPagesNumberedAmongThemselves() throws {
        let sandbox = try sandbox()
        let user = try #require(try ExperimentEndToEndTests.users(in: "short", count: 1).first)
        let tmux = try pane(sandbox, ["play", "tour", "--user", user])
        defer { tmux.kill() }
        #expect(tmux.waitFor("1/2"))
        #expect(try tmux.capture().joined(separator: "\n").contains("Welcome"))
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("2/2"))
        #expect(try tmux.capture().joined(separator: "\n").contains("Finish"))
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("Recorded: \(user) completed Tour"))
        let events = try sandbox.execute(["events", "tour", "--user", user])
        let lines = events.standardOutput.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.contains("\"variant\":\"short\"") })
        #expect(lines.last?.contains("\"event\":\"finished\",\"page\":3") == true)
    }

    @Test(arguments: [("short", "1/2"), ("control", "1/3")])
    func watchShowsTheVariantAskedFor(variant: String, indicator: String) throws {
        let sandbox = try sandbox()
        let tmux = try pane(
            sandbox, ["play", "walkthroughs/tour.json", "--watch", "--variant", variant])
        defer { tmux.kill() }
        #expect(tmux.waitFor(indicator))
        try tmux.sendKeys("q")
        #expect(tmux.waitFor("nothing was recorded"))
        #expect(sandbox.createdFiles.isEmpty)
    }
}
