import Foundation
import Testing
import WalkthroughTestSupport

/// `walkthrough play` in plain mode, run as the built binary with commands fed through standard
/// input (not a terminal, so plain mode is chosen by itself), and the database checked after.
struct PlainPlayTests {
    /// A sandbox holding copies of the three examples.
    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in ["foodpin.json", "media-tabs.json", "foodpin-zh-hant.json"] {
            try sandbox.copyExample(name)
        }
        return sandbox
    }

    /// The one record of `walkthrough`, from `status --json`.
    private func record(_ sandbox: Sandbox, _ walkthrough: String) throws -> [String: Any]? {
        try sandbox.recordsFromStatus().first { $0["walkthrough"] as? String == walkthrough }
    }

    @Test func aWholeSessionReadsLikeThis() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(["play", "foodpin"], input: "3\nnext\nback\nn\nn\nn\n")
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "page 3 is not reachable yet: this walkthrough is linear, so the furthest you can go is page 2\n"
        )
        #expect(
            result.standardOutput == """
                (commands: next or Enter, back, jump N, skip, quit, help)
                FoodPin · 1/3 · Personalize
                Image: A red plate, ready for your favourite dish (foodpin-intro-1.png)
                Pin your favorite restaurants and create your own food guide

                FoodPin · 2/3 · Locate
                Image: A map pin marking a restaurant (foodpin-intro-2.png)
                Search and locate your favourite restaurant on Maps

                FoodPin · 1/3 · Personalize
                Image: A red plate, ready for your favourite dish (foodpin-intro-1.png)
                Pin your favorite restaurants and create your own food guide

                FoodPin · 2/3 · Locate
                Image: A map pin marking a restaurant (foodpin-intro-2.png)
                Search and locate your favourite restaurant on Maps

                FoodPin · 3/3 · Discover
                Image: Three friends sharing their food finds (foodpin-intro-3.png)
                Find restaurants pinned by your friends and other foodies around the world
                (last page: "next" to Get Started)

                Recorded: alice completed FoodPin (version 1).

                """)
        let stored = try #require(try record(sandbox, "foodpin"))
        #expect(stored["outcome"] as? String == "completed")
        #expect(stored["user"] as? String == "alice")
        #expect(try sandbox.execute(["seen", "foodpin", "-q"]).status == 0)
    }

    @Test func movesPastTheBoundsAreRefusedAndThePageStays() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(
            ["play", "media-tabs"], input: "back\njump 4\n0\njump two\ndance\nquit\n")
        #expect(result.status == 0)
        #expect(
            result.standardError == """
                already on the first page; there is no page before it
                there is no page 4; this walkthrough has pages 1-3
                there is no page 0; this walkthrough has pages 1-3
                "two" is not a page number; pages count from 1, for example "jump 2"
                unknown command "dance"; type "help" for the commands

                """)
        #expect(
            result.standardOutput.components(separatedBy: "Your Library · ").count == 2,
            "one page shown")
        #expect(
            result.standardOutput.hasSuffix(
                "Progress kept at page 1/3; run the same command to resume.\n"))
        #expect(try record(sandbox, "media-tabs")?["lastPage"] as? Int == 1)
    }

    @Test func freeNavigationJumpsAnywhere() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(["play", "media-tabs"], input: "3\nj 2\njump 1\n3\nq\n")
        #expect(result.standardError.isEmpty)
        let headers = result.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("Your Library · ")
        }
        #expect(
            headers == [
                "Your Library · 1/3 · Movies", "Your Library · 3/3 · Books",
                "Your Library · 2/3 · Music", "Your Library · 1/3 · Movies",
                "Your Library · 3/3 · Books",
            ])
        #expect(try record(sandbox, "media-tabs")?["lastPage"] as? Int == 3)
    }

    @Test func linearNavigationRefusesAJumpAhead() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(["play", "foodpin"], input: "jump 3\n2\n3\n1\n3\nquit\n")
        #expect(
            result.standardError
                == "page 3 is not reachable yet: this walkthrough is linear, so the furthest you "
                + "can go is page 2\n")
        let headers = result.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("FoodPin · ")
        }
        #expect(
            headers.map { $0.split(separator: " · ")[1] } == ["1/3", "2/3", "3/3", "1/3", "3/3"])
    }

    @Test func skipRecordsSkipped() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(["play", "foodpin"], input: "n\nskip\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("Recorded: alice skipped FoodPin (version 1).\n"))
        #expect(try record(sandbox, "foodpin")?["outcome"] as? String == "skipped")
        #expect(try sandbox.execute(["seen", "foodpin", "-q"]).status == 0)
    }

    @Test func skipIsRefusedWhereTheWalkthroughIsNotSkippable() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(["play", "foodpin-zh-hant"], input: "s\nquit\n")
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "this walkthrough cannot be skipped; go through its pages to finish\n")
        #expect(try record(sandbox, "foodpin-zh-hant")?["outcome"] as? String == "inProgress")
        #expect(try sandbox.execute(["seen", "foodpin-zh-hant", "-q"]).status == 1)
    }

    @Test(arguments: ["n\nquit\n", "n\nq\n", "n\n", "\n"])
    func quittingOrTheEndOfInputKeepsProgress(input: String) throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(["play", "foodpin"], input: input)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(
            result.standardOutput.hasSuffix(
                "Progress kept at page 2/3; run the same command to resume.\n"))
        let stored = try #require(try record(sandbox, "foodpin"))
        #expect(stored["outcome"] as? String == "inProgress")
        #expect(stored["lastPage"] as? Int == 2)
        #expect(try sandbox.execute(["seen", "foodpin", "-q"]).status == 1)
    }

    @Test func anUnfinishedRunResumesAtItsPage() throws {
        let sandbox = try sandbox()
        _ = try sandbox.execute(["play", "foodpin"], input: "n\nn\nq\n")
        let result = try sandbox.execute(["play", "foodpin"], input: "back\n")
        #expect(
            result.standardOutput.hasPrefix(
                "Resuming FoodPin at page 3/3, where alice left off (--restart starts over).\n"
                    + "(commands: next or Enter, back, jump N, skip, quit, help)\n"
                    + "FoodPin · 3/3 · Discover\n"))
        #expect(
            result.standardOutput.hasSuffix(
                "Progress kept at page 2/3; run the same command to resume.\n"))
        #expect(try record(sandbox, "foodpin")?["lastPage"] as? Int == 2)
    }

    @Test func restartStartsOnTheFirstPage() throws {
        let sandbox = try sandbox()
        _ = try sandbox.execute(["play", "foodpin"], input: "n\nn\nq\n")
        let result = try sandbox.execute(["play", "foodpin", "--restart"], input: "")
        #expect(!result.standardOutput.contains("Resuming"))
        #expect(result.standardOutput.contains("FoodPin · 1/3 · Personalize\n"))
        #expect(!result.standardOutput.contains("3/3"))
        #expect(try record(sandbox, "foodpin")?["lastPage"] as? Int == 1)
    }

    @Test func aReplayNeverDowngradesWhatWasSeen() throws {
        let sandbox = try sandbox()
        _ = try sandbox.execute(["play", "foodpin"], input: "n\nn\nn\n")
        let refused = try sandbox.execute(["play", "foodpin"], input: "n\n")
        #expect(refused.status == 0)
        #expect(
            refused.standardOutput.hasPrefix(
                "alice has already seen FoodPin (version 1): completed on "))
        #expect(!refused.standardOutput.contains("1/3"), "nothing played")

        for input in ["n\nquit\n", "n\n", "back\n1\n"] {
            let replay = try sandbox.execute(["play", "foodpin", "--force"], input: input)
            #expect(replay.status == 0)
            #expect(replay.standardOutput.contains("FoodPin · 1/3 · Personalize"))
            #expect(
                replay.standardOutput.hasSuffix(
                    "; alice still counts as having seen FoodPin (completed, version 1).\n"))
            let stored = try #require(try record(sandbox, "foodpin"))
            #expect(stored["outcome"] as? String == "completed", "after \(input.debugDescription)")
            #expect(try sandbox.execute(["seen", "foodpin", "-q"]).status == 0)
        }
    }

    @Test func aNewVersionIsShownAgain() throws {
        let sandbox = try sandbox()
        _ = try sandbox.execute(["play", "foodpin"], input: "skip\n")
        let path = sandbox.definitions + "/foodpin.json"
        let bumped = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        try sandbox.define("foodpin.json", bumped)
        #expect(try sandbox.execute(["seen", "foodpin", "-q"]).status == 1)
        let result = try sandbox.execute(["play", "foodpin"], input: "n\nn\nn\n")
        #expect(result.standardOutput.contains("FoodPin · 1/3 · Personalize"))
        #expect(result.standardOutput.hasSuffix("Recorded: alice completed FoodPin (version 2).\n"))
        let stored = try #require(try record(sandbox, "foodpin"))
        #expect(stored["version"] as? Int == 2)
        #expect(stored["outcome"] as? String == "completed")
    }

    @Test(arguments: [(SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM"), (SIGHUP, 129, "SIGHUP")])
    func aSignalEndsPlayingWithProgressKept(signal: Int32, status: Int32, name: String) throws {
        let sandbox = try sandbox()
        let child = try sandbox.start(["play", "foodpin"])
        #expect(child.waitForOutput("FoodPin · 1/3"))
        child.send("next\n")
        #expect(child.waitForOutput("FoodPin · 2/3"))
        child.signal(signal)
        #expect(child.wait() == status)
        #expect(
            child.standardError
                == "Interrupted by \(name) at page 2/3; progress kept: run the same command to "
                + "resume.\n")
        let stored = try #require(try record(sandbox, "foodpin"))
        #expect(stored["outcome"] as? String == "inProgress")
        #expect(stored["lastPage"] as? Int == 2)
    }

    @Test func definitionTextNeverReachesTheOutputRaw() throws {
        let sandbox = try Sandbox()
        try sandbox.define("evil.json", hostileDefinition)
        let result = try sandbox.execute(["play", "evil"], input: "n\nq\n")
        #expect(result.status == 0)
        let output = result.standardOutput + result.standardError
        for scalar in output.unicodeScalars {
            #expect(
                scalar == "\n"
                    || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                        || (0x202A...0x202E).contains(scalar.value)),
                "U+\(String(scalar.value, radix: 16))")
        }
        #expect(output.contains("^[[2Jcleared"))
        #expect(output.contains("^[]0;pwned^G"))
        #expect(output.contains("\\u{9B}31mred"))
        #expect(output.contains("\\u{202E}desrever"))
    }
}

/// A definition whose texts hold a screen clear (CSI 2J), a window-title change (OSC 0 … BEL),
/// an 8-bit CSI (U+009B) and a right-to-left override (U+202E).
let hostileDefinition = #"""
    {"id": "evil", "title": "Evil \u001b]0;pwned\u0007 title", "navigation": "free",
     "pages": [
       {"heading": "Heading \u001b[2Jcleared", "imageAlt": "alt \u009b31mred",
        "content": "Content \u001b[2Jcleared, \u001b]0;pwned\u0007, \u009b31mred, \u202edesrever."},
       {"heading": "Two \u202edesrever", "content": "tab\there"}
     ]}
    """#
