@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTerminal

/// The plain player driven in-process through whole sessions, with a real store.
struct PlainPlayerTests {
    struct Run {
        var result: PlayResult
        var output: String
        var errors: [String]
        var store: InMemorySeenStore

        /// The header lines printed, one per page shown.
        var headers: [String] {
            output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("FoodPin · ") }
        }

        func record() -> SeenRecord? {
            store.record(user: "alice", walkthrough: "foodpin")
        }
    }

    /// Plays `commands` through a real pipe.
    func play(
        _ commands: String, walkthrough: Walkthrough = Fixtures.foodPin(),
        store: InMemorySeenStore = InMemorySeenStore(), restart: Bool = false
    ) throws -> Run {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let bytes = Array(commands.utf8)
        #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        defer { close(ends[0]) }
        let session = try Session(
            walkthrough: walkthrough, user: "alice", store: store, restart: restart)
        let output = StringOutput()
        let errors = StringOutput()
        let player = PlainPlayer(
            session: session, input: FileDescriptorLineSource(fileDescriptor: ends[0]),
            output: output, errorOutput: errors)
        let result = try player.play()
        return Run(result: result, output: output.text, errors: errors.lines, store: store)
    }

    @Test func wholeSessionWithRefusalsJumpsAndFinish() throws {
        let run = try play("back\njump 3\nn\n\n1\nj 3\n4\nnext\n")
        #expect(run.result == .completed)
        #expect(
            run.headers == [
                "FoodPin · 1/3 · Personalize", "FoodPin · 2/3 · Locate",
                "FoodPin · 3/3 · Discover", "FoodPin · 1/3 · Personalize",
                "FoodPin · 3/3 · Discover",
            ])
        #expect(
            run.errors == [
                "already on the first page; there is no page before it",
                "page 3 is not reachable yet: this walkthrough is linear, so the furthest you can go is page 2",
                "there is no page 4; this walkthrough has pages 1-3",
            ])
        #expect(run.record()?.outcome == .completed)
    }

    @Test func pageShowsHeaderImageAltAndContent() throws {
        let run = try play("q\n")
        #expect(
            run.output == """
                (commands: next or Enter, back, jump N, skip, quit, help)
                FoodPin · 1/3 · Personalize
                Image: A red plate, ready for your favourite dish (foodpin-intro-1.png)
                Pin your favorite restaurants and create your own food guide


                """)
    }

    @Test func lastPageSaysWhatFinishesIt() throws {
        let run = try play("next\nnext\n")
        #expect(run.output.contains("(last page: \"next\" to Get Started)"))
        #expect(run.result == .quit(atPage: 2))
    }

    @Test func skipRecordsSkipped() throws {
        let run = try play("n\nskip\n")
        #expect(run.result == .skipped)
        #expect(run.record()?.outcome == .skipped)
    }

    @Test func skipIsRefusedWhenNotSkippable() throws {
        let run = try play("s\nq\n", walkthrough: Fixtures.foodPin(skippable: false))
        #expect(
            run.errors == ["this walkthrough cannot be skipped; go through its pages to finish"])
        #expect(run.result == .quit(atPage: 0))
        #expect(run.record()?.outcome == .inProgress)
    }

    @Test func quitKeepsProgressAndDoesNotMarkSeen() throws {
        let run = try play("n\nquit\n")
        #expect(run.result == .quit(atPage: 1))
        #expect(run.record()?.outcome == .inProgress)
        #expect(run.record()?.lastPage == 1)
        #expect(try !run.store.hasSeen(user: "alice", walkthrough: Fixtures.foodPin()))
    }

    @Test func endOfInputIsQuit() throws {
        let run = try play("n\nn")
        #expect(run.result == .quit(atPage: 2))
        #expect(run.record()?.outcome == .inProgress)
        #expect(run.record()?.lastPage == 2)
    }

    @Test func emptyInputQuitsOnTheFirstPage() throws {
        let run = try play("")
        #expect(run.result == .quit(atPage: 0))
        #expect(run.headers == ["FoodPin · 1/3 · Personalize"])
    }

    @Test func unknownCommandGetsOneLineAndThePageIsNotReprinted() throws {
        let run = try play("dance\nq\n")
        #expect(run.errors == ["unknown command \"dance\"; type \"help\" for the commands"])
        #expect(run.headers.count == 1)
    }

    @Test func jumpToTheCurrentPageSaysSo() throws {
        let run = try play("1\nq\n")
        #expect(run.errors == ["already on page 1"])
        #expect(run.headers.count == 1)
    }

    @Test func helpListsTheCommandsOnStandardOutput() throws {
        let run = try play("help\nq\n", walkthrough: Fixtures.foodPin(navigation: .free))
        #expect(run.output.contains("Commands, one per line:"))
        #expect(run.output.contains("jump N, j N or N           page N (1-3)"))
        #expect(run.errors.isEmpty)
    }

    /// A linear walkthrough refuses a jump past the page after the furthest reached: its help
    /// names only the pages a jump reaches now.
    @Test func helpOnALinearWalkthroughNamesOnlyThePagesInReach() throws {
        let run = try play("help\n3\nnext\nhelp\nq\n")
        let ranges = run.output.split(separator: "\n").filter { $0.contains("jump N, j N or N") }
        #expect(
            ranges == [
                "  jump N, j N or N           page N (1-2)",
                "  jump N, j N or N           page N (1-3)",
            ], "\(run.output)")
        #expect(run.errors.count == 1, "jump 3 from page 1 is refused: \(run.errors)")
        #expect(run.errors.first?.hasPrefix("page 3 is not reachable yet") == true)
    }

    @Test func freeNavigationJumpsAhead() throws {
        let run = try play("3\nnext\n", walkthrough: Fixtures.foodPin(navigation: .free))
        #expect(run.result == .completed)
        #expect(run.headers.last == "FoodPin · 3/3 · Discover")
    }

    @Test func resumesAtTheStoredPage() throws {
        let store = InMemorySeenStore()
        store.saveProgress(user: "alice", walkthrough: "foodpin", version: 1, page: 1)
        let run = try play("q\n", store: store)
        #expect(run.headers == ["FoodPin · 2/3 · Locate"])
        let restarted = try play("q\n", store: store, restart: true)
        #expect(restarted.headers == ["FoodPin · 1/3 · Personalize"])
    }

    @Test func windowsLineEndsAreAccepted() throws {
        let run = try play("n\r\nskip\r\n")
        #expect(run.result == .skipped)
    }

    @Test func hostileTextIsShownEscaped() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        close(ends[1])
        defer { close(ends[0]) }
        let output = StringOutput()
        let errors = StringOutput()
        let player = PlainPlayer(
            session: Session(walkthrough: Fixtures.hostile()),
            input: FileDescriptorLineSource(fileDescriptor: ends[0]), output: output,
            errorOutput: errors)
        _ = try player.play()
        #expect(!output.text.unicodeScalars.contains("\u{1B}"))
        #expect(!output.text.unicodeScalars.contains("\u{9B}"))
        #expect(output.text.contains("Evil^[]0;pwned^G title · 1/2 · Head^[[31mRED\\u{9B}2J"))
        #expect(!output.text.contains("\t"))
        #expect(output.text.contains(" and  Tab\nnext"))
    }

    @Test func storeErrorsPropagate() throws {
        let session = try Session(
            walkthrough: Fixtures.foodPin(), user: "alice", store: FailingStore(failOnPage: 1))
        let player = PlainPlayer(
            session: session, input: StringLineSource("next\n"), output: StringOutput(),
            errorOutput: StringOutput())
        #expect(throws: StoreFailure(message: "disk I/O error")) { try player.play() }
        #expect(session.navigator.index == 0)
    }

    @Test func stringInputWorksLikeAPipe() throws {
        let output = StringOutput()
        let player = PlainPlayer(
            session: Session(walkthrough: Fixtures.foodPin()),
            input: StringLineSource("n\nn\nn\n"), output: output, errorOutput: StringOutput())
        #expect(try player.play() == .completed)
    }
}
