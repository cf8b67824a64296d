import Testing
import WalkthroughTestSupport

/// `play --plain` never shows spreads: `walkthroughs/book.json` (`"spread": "auto"`) is played
/// one page at a time, `N/M`, each page its own move.
struct LayoutPlainTests {
    @Test func plainModeShowsOnePageAtATime() throws {
        let sandbox = try SpreadTmuxTests.bookSandbox()
        let result = try sandbox.execute(["play", "book", "--plain"], input: "next\nnext\nquit\n")
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        for position in ["1/5", "2/5", "3/5"] {
            #expect(output.contains(position), "\(output)")
        }
        #expect(!output.contains("\u{2013}"), "no spread: \(output)")
        #expect(!output.contains("4/5"))
        let status = try sandbox.execute(["status", "--json"])
        #expect(status.standardOutput.contains(#""lastPage": 3"#), "\(status.standardOutput)")
    }
}
