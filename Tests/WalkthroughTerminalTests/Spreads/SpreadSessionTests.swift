import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughTerminal

/// A session played in spreads against the real SQLite store: the `page` events of every page
/// shown, `lastPage` the spread's last page, jumps, finishing, resuming and what's new by spread,
/// and a resize across 120 columns keeping the page.
struct SpreadSessionTests {
    let folder: TemporaryFolder
    let store: SQLiteSeenStore

    init() throws {
        folder = try TemporaryFolder()
        store = try SQLiteSeenStore(path: folder.file("seen.sqlite3"))
    }

    static let wide = TerminalSize(columns: 160, rows: 30)
    static let narrow = TerminalSize(columns: 100, rows: 30)

    static func book(
        version: Int = 1, since: [Int] = [1, 1, 1, 1, 1],
        navigation: Walkthrough.NavigationMode = .free,
        orientation: Walkthrough.PageLayout.Orientation = .horizontal
    ) -> Walkthrough {
        Walkthrough(
            id: "book", version: version, navigation: navigation,
            pages: since.enumerated().map { index, since in
                Page(
                    id: "p\(index + 1)", heading: "Heading \(index + 1)", content: "", since: since)
            },
            layout: Walkthrough.PageLayout(spread: .auto, orientation: orientation))
    }

    /// The events so far, as `kind page` with pages counted from 1.
    private func events() throws -> [String] {
        try store.events(matching: EventFilter(walkthrough: "book", user: "alice")).map {
            "\($0.kind.name) \($0.page + 1)"
        }
    }

    private func lastPage() throws -> Int? {
        try store.record(user: "alice", walkthrough: "book").map { $0.lastPage + 1 }
    }

    private func controller(
        _ walkthrough: Walkthrough = book(), size: TerminalSize = wide, pages: [Int]? = nil
    ) throws -> InteractiveController {
        let session = try Session(
            walkthrough: walkthrough, user: "alice", store: store, pages: pages)
        try session.start()
        let controller = InteractiveController(session: session, size: size, colour: false)
        try controller.start()
        return controller
    }

    private func press(_ controller: InteractiveController, _ keys: Key...) throws {
        for key in keys {
            let step = try controller.handle(key)
            #expect(step != .unchanged, "\(key)")
        }
    }

    private func indicator(_ controller: InteractiveController) -> String? {
        Renderer.render(controller.state, size: controller.size).first { $0.contains("/5") }
    }

    @Test func everyPageShownGetsItsEventAndLastPageIsTheSpreadsLast() throws {
        let controller = try controller()
        #expect(controller.state.spread?.pages == 0...1)
        #expect(indicator(controller) == "● ● ○ ○ ○  1\u{2013}2/5")
        #expect(try lastPage() == 2)
        try press(controller, Key(.right))
        #expect(controller.state.spread?.pages == 2...3)
        #expect(try lastPage() == 4)
        try press(controller, Key(.right))
        #expect(controller.state.spread?.pages == 4...4)
        #expect(indicator(controller) == "○ ○ ○ ○ ●  5/5")
        #expect(try lastPage() == 5)
        try press(controller, Key(.left))
        #expect(controller.state.spread?.pages == 2...3)
        try press(controller, Key(.character("1")))
        #expect(controller.state.spread?.pages == 0...1)
        // A jump to a page of the spread shown changes nothing.
        #expect(try controller.handle(Key(.character("2"))) == .redraw)
        #expect(controller.state.spread?.pages == 0...1)
        try press(controller, Key(.character("4")))
        #expect(controller.state.spread?.pages == 2...3)
        #expect(controller.session.navigator.index == 3)
        #expect(try lastPage() == 4)
        #expect(
            try events() == [
                "started 1", "page 1", "page 2", "page 3", "page 4", "page 5", "page 3", "page 4",
                "page 1", "page 2", "page 3", "page 4",
            ])
        // Back from the first spread is refused, and says so.
        try press(controller, Key(.character("1")))
        try press(controller, Key(.left))
        #expect(controller.state.status?.contains("first page") == true)
        #expect(controller.state.spread?.pages == 0...1)
    }

    @Test func finishingIsOnTheLastSpread() throws {
        let controller = try controller()
        try press(controller, Key(.right), Key(.right))
        #expect(try controller.handle(Key(.right)) == .finished(.completed))
        let record = try #require(try store.record(user: "alice", walkthrough: "book"))
        #expect(record.outcome == .completed)
        #expect(try events().suffix(2) == ["page 5", "finished 5"])
    }

    @Test func anEvenLastSpreadFinishesFromItsRightPage() throws {
        let controller = try controller(Self.book(since: [1, 1, 1, 1]))
        try press(controller, Key(.right))
        #expect(controller.state.spread?.pages == 2...3)
        #expect(try controller.handle(Key(.enter)) == .finished(.completed))
        #expect(try events().suffix(3) == ["page 3", "page 4", "finished 4"])
    }

    @Test func aRunResumesOnItsSpreadAndOnItsLastPageWhenNarrow() throws {
        let first = try controller()
        try press(first, Key(.right))
        _ = try first.session.recordEnd(.quit(atPage: first.session.navigator.index))
        #expect(try lastPage() == 4)

        let wide = try controller()
        #expect(wide.session.isResuming)
        #expect(wide.state.spread?.pages == 2...3)
        #expect(indicator(wide) == "○ ○ ● ● ○  3\u{2013}4/5")
        // Resumed on page 4: page 3 beside it is shown too, and the progress stays on 4.
        #expect(try events().suffix(3) == ["started 4", "page 4", "page 3"])
        #expect(try lastPage() == 4)
        _ = try wide.session.recordEnd(.quit(atPage: 3))

        let narrow = try controller(size: Self.narrow)
        #expect(narrow.state.spread == nil)
        #expect(narrow.state.pageIndex == 3)
        #expect(indicator(narrow) == "○ ○ ○ ● ○  4/5")
        #expect(try events().suffix(2) == ["started 4", "page 4"])
    }

    @Test func aResizeAcross120ColumnsKeepsThePage() throws {
        let controller = try controller()
        try press(controller, Key(.right))
        #expect(controller.state.spread?.pages == 2...3)
        try controller.resized(to: Self.narrow)
        #expect(controller.state.spread == nil)
        #expect(controller.state.pageIndex == 3)
        #expect(indicator(controller) == "○ ○ ○ ● ○  4/5")
        try controller.resized(to: Self.wide)
        #expect(controller.state.spread?.pages == 2...3)
        #expect(try lastPage() == 4)
        // Narrow again, back one page, then wide: the spread holding page 3.
        try controller.resized(to: Self.narrow)
        try press(controller, Key(.left))
        #expect(controller.state.pageIndex == 2)
        try controller.resized(to: Self.wide)
        #expect(controller.state.spread?.pages == 2...3)
        #expect(controller.session.navigator.index == 3)
        #expect(try lastPage() == 4)
    }

    @Test func whatsNewPairsTheNewPagesAndRecordsDefinitionPositions() throws {
        // Version 2 added pages 3–5; a user who finished version 1 sees only those.
        let walkthrough = Self.book(version: 2, since: [1, 1, 2, 2, 2])
        let controller = try controller(walkthrough, pages: [2, 3, 4])
        #expect(controller.state.walkthrough.pages.map(\.id) == ["p3", "p4", "p5"])
        #expect(controller.state.spread?.pages == 0...1)
        try press(controller, Key(.right))
        #expect(controller.state.spread?.pages == 2...2)
        #expect(try events() == ["started 3", "page 3", "page 4", "page 5"])
        #expect(try lastPage() == 5)
    }

    @Test func linearNavigationRefusesAJumpPastTheNextSpread() throws {
        let controller = try controller(Self.book(navigation: .linear))
        try press(controller, Key(.character("5")))
        #expect(controller.state.spread?.pages == 0...1)
        #expect(controller.state.status?.contains("not reachable") == true)
        try press(controller, Key(.character("3")))
        #expect(controller.state.spread?.pages == 2...3)
    }

    @Test func verticalKeysMoveOnAndBack() throws {
        let controller = try controller(Self.book(orientation: .vertical), size: Self.narrow)
        #expect(controller.state.pageIndex == 0)
        try press(controller, Key(.character("j")))
        #expect(controller.state.pageIndex == 1)
        try press(controller, Key(.down))
        #expect(controller.state.pageIndex == 2)
        try press(controller, Key(.pageDown))
        #expect(controller.state.pageIndex == 3)
        try press(controller, Key(.character("k")))
        #expect(controller.state.pageIndex == 2)
        try press(controller, Key(.up))
        #expect(controller.state.pageIndex == 1)
        try press(controller, Key(.pageUp))
        #expect(controller.state.pageIndex == 0)
        // ← and → keep working.
        try press(controller, Key(.right))
        #expect(controller.state.pageIndex == 1)
        try press(controller, Key(.left))
        #expect(controller.state.pageIndex == 0)
        let lines = Renderer.render(controller.state, size: controller.size)
        #expect(lines.contains { $0.contains("↑/↓ move") })
    }

    @Test func horizontalArrowsUpAndDownOnlyScroll() throws {
        let controller = try controller(size: Self.narrow)
        #expect(try controller.handle(Key(.down)) == .unchanged)
        #expect(try controller.handle(Key(.character("j"))) == .unchanged)
        #expect(controller.state.pageIndex == 0)
    }
}
