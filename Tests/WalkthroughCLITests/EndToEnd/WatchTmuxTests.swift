import Foundation
import Testing
import WalkthroughTestSupport

/// `play --watch` in tmux: a saved change redraws, a broken save shows its problems on the
/// screen and a fixed one recovers; editors that save by renaming over the file count too; and
/// nothing is written to the store.
@Suite(.serialized)
struct WatchTmuxTests {
    @Test func aSavedChangeRedrawsAndAnInvalidOneShowsItsProblems() throws {
        let sandbox = try ImageTmuxTests.foodPinSandbox()
        let file = sandbox.definitions + "/foodpin.json"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        var environment = sandbox.environment
        environment["LANG"] = "C.UTF-8"
        let tmux = try TmuxSession(
            command: ImageTmuxTests.command(
                sandbox, ["play", "walkthroughs/foodpin.json", "--watch", "--locale", "en"]),
            columns: 80, rows: 24, environment: environment)
        defer { tmux.kill() }
        #expect(tmux.waitFor("Personalize"))

        // Written in place.
        try original.replacingOccurrences(
            of: "\"en\": \"Personalize\"", with: "\"en\": \"Make it yours\""
        )
        .write(toFile: file, atomically: false, encoding: .utf8)
        #expect(tmux.waitFor("Make it yours"))

        // Broken, saved the way many editors save: another file renamed over it.
        let broken = original.replacingOccurrences(
            of: "\"heading\": { \"en\": \"Personalize\"",
            with: "\"heding\": { \"en\": \"Personalize\"")
        try broken.write(toFile: file + ".swp", atomically: false, encoding: .utf8)
        #expect(rename(file + ".swp", file) == 0)
        #expect(tmux.waitFor("is not valid"))
        #expect(tmux.waitFor("pages[0].heading: required field is missing"))

        try original.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(tmux.waitFor("Personalize"))
        let screen = try tmux.capture().joined(separator: "\n")
        #expect(!screen.contains("is not valid"), "\(screen)")
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("2/3"))
        try tmux.sendKeys("q")
        #expect(tmux.waitForExit() == 0)
        #expect(sandbox.createdFiles.isEmpty, "the store was written: \(sandbox.createdFiles)")
    }

    @Test func watchNeedsATerminal() throws {
        let sandbox = try ImageTmuxTests.foodPinSandbox()
        let result = try sandbox.execute(["play", "foodpin", "--watch"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--watch needs a terminal"))
        #expect(sandbox.createdFiles.isEmpty)
    }
}
