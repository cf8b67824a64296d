import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The example tool, built and run as a user would: in a folder with no walkthroughs beside it,
/// its standard input a pipe, the default store pointed at a temporary folder.
struct FoodPinExampleTests {
    static let binary = builtExecutable("FoodPinExample")

    /// Files the example ships, and the originals they are copies of.
    static let copies = ["foodpin.json"] + (1...3).map { "images/foodpin-intro-\($0).png" }

    @Test(arguments: copies)
    func theBundledResourcesAreTheFilesInWalkthroughs(_ name: String) throws {
        let root = repositoryRoot()
        let original = try #require(
            FileManager.default.contents(atPath: root + "/walkthroughs/" + name))
        let copy = try #require(
            FileManager.default.contents(
                atPath: root + "/Sources/FoodPinExample/walkthroughs/" + name),
            "Sources/FoodPinExample/walkthroughs/\(name) is missing; copy it from walkthroughs/")
        #expect(
            copy == original, "copy walkthroughs/\(name) to Sources/FoodPinExample/walkthroughs/")
    }

    @Test func theExampleShipsEveryImageItsDefinitionNames() throws {
        let root = repositoryRoot() + "/Sources/FoodPinExample/walkthroughs"
        let walkthrough = try DefinitionLoader.load(contentsOf: root + "/foodpin.json")
        let shipped = Set(Self.copies.dropFirst())
        for page in walkthrough.pages {
            let image = try #require(page.image)
            #expect(shipped.contains(image), "\(image) is not in FoodPinExampleTests.copies")
        }
    }

    /// A folder to run in, with the default store inside it.
    private struct Home {
        let folder: TemporaryFolder
        var database: String { folder.file("state/seen.sqlite3") }
        var environment: [String: String] {
            [
                "LOGNAME": "tester", "HOME": folder.path, "WALKTHROUGH_DB": database,
                "PATH": "/usr/bin:/bin",
            ]
        }

        init() throws { folder = try TemporaryFolder() }

        func run(_ input: String?, extra: [String: String] = [:]) throws -> ChildProcess {
            let child = try ChildProcess(
                [FoodPinExampleTests.binary], environment: environment.merging(extra) { $1 },
                directory: folder.path)
            if let input {
                #expect(child.send(input))
                child.closeInput()
            }
            return child
        }

        func record() throws -> SeenRecord? {
            try SQLiteSeenStore(path: database).record(user: "tester", walkthrough: "foodpin")
        }
    }

    @Test func showsTheWalkthroughOnTheFirstRunOnlyThenDoesItsWork() throws {
        let home = try Home()
        let first = try home.run("next\nnext\nnext\n")
        #expect(first.wait() == 0)
        let shown = first.standardOutput
        #expect(shown.contains("FoodPin · 1/3 · Personalize"))
        #expect(
            shown.contains(
                "Image: A red plate, ready for your favourite dish (foodpin-intro-1.png)"))
        #expect(shown.contains("FoodPin · 3/3 · Discover"))
        #expect(shown.contains("You're all set."))
        #expect(shown.hasSuffix("Your FoodPin guide:\n" + Self.guide))
        #expect(first.standardError.isEmpty, "\(first.standardError)")
        #expect(try home.record()?.outcome == .completed)

        // No input: a run that shows nothing reads none, and may exit before a write to its
        // input could land (which then fails with EPIPE); were it shown, the page would print.
        let second = try home.run("")
        #expect(second.wait() == 0)
        #expect(second.standardOutput == "Your FoodPin guide:\n" + Self.guide, "not shown again")
        #expect(second.standardError.isEmpty)
    }

    @Test func sigtermEndsTheToolAndTheNextRunResumes() throws {
        let home = try Home()
        let first = try home.run(nil)
        #expect(first.send("next\n"))
        #expect(first.waitForOutput("FoodPin · 2/3 · Locate"), "\(first.standardOutput)")
        first.signal(SIGTERM)
        #expect(first.wait() == 143, "the example exits with the signal's status")
        #expect(!first.standardOutput.contains("Your FoodPin guide"), "the host chose to stop")
        let record = try home.record()
        #expect(record?.outcome == .inProgress)
        #expect(record?.lastPage == 1)

        let second = try home.run("next\nnext\n")
        #expect(second.wait() == 0)
        #expect(!second.standardOutput.contains("1/3"), "resumed on page 2")
        #expect(second.standardOutput.contains("FoodPin · 2/3 · Locate"))
        #expect(second.standardOutput.contains("You're all set."))
    }

    @Test func anUnusableStoreIsANoteAndTheToolStillWorks() throws {
        let home = try Home()
        try FileManager.default.createDirectory(
            atPath: home.folder.file("state"), withIntermediateDirectories: true)
        try home.folder.write("not a database\n", to: "state/seen.sqlite3")
        // No input, as in the second run above: nothing is shown, so none is read.
        let child = try home.run("")
        #expect(child.wait() == 0)
        #expect(child.standardOutput == "Your FoodPin guide:\n" + Self.guide)
        #expect(
            child.standardError.hasPrefix("note: \(home.database) is not a walkthrough database"))
    }

    static let guide = """
          - Cafe Deadend, coffee and tea, Hong Kong
          - Petite Oyster, French, Hong Kong
          - Po's Atelier, bakery, Hong Kong
          - Bourke Street Bakery, bakery, Sydney

        """
}
