import Testing
import WalkthroughKit
import WalkthroughTerminal

struct RendererTests {
    static let walkthroughs: [Walkthrough] = [
        Fixtures.foodPin(), Fixtures.foodPinTraditionalChinese(), Fixtures.emojiAndMarks(),
        Fixtures.hostile(), Fixtures.longPage(), Fixtures.numbered(400),
        Fixtures.foodPin(skippable: false),
    ]

    static let sizes: [TerminalSize] = [
        (80, 24), (40, 12), (20, 10), (20, 6), (30, 20), (60, 20), (12, 4), (5, 3), (1, 1),
        (200, 60),
    ].map { TerminalSize(columns: $0.0, rows: $0.1) }

    @Test(arguments: [20, 40, 80])
    func noLineIsWiderThanTheTerminal(_ columns: Int) {
        for walkthrough in Self.walkthroughs {
            for index in walkthrough.pages.indices.prefix(12) {
                for rows in [4, 6, 10, 12, 24] {
                    for showsHelp in [false, true] {
                        let size = TerminalSize(columns: columns, rows: rows)
                        let state = RenderState(
                            walkthrough: walkthrough, pageIndex: index, showsHelp: showsHelp,
                            status: NavigationError.atFirstPage.description)
                        let lines = Renderer.render(state, size: size)
                        #expect(lines.count == rows)
                        for line in lines {
                            #expect(DisplayWidth.of(line) <= columns, "\(walkthrough.id) \(size)")
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: sizes)
    func everySizeGivesExactlyItsRowsWithoutOverflow(_ size: TerminalSize) {
        for walkthrough in Self.walkthroughs {
            let lines = Renderer.render(
                RenderState(walkthrough: walkthrough, pageIndex: 0, colour: true), size: size)
            #expect(lines.count == size.rows)
            for line in lines {
                #expect(DisplayWidth.of(ScreenText.strippingStyles(line)) <= size.columns)
            }
        }
    }

    @Test func colourOffWritesNoEscapeAtAll() {
        for walkthrough in Self.walkthroughs {
            let lines = Renderer.render(
                RenderState(walkthrough: walkthrough, pageIndex: 0, status: "x", colour: false),
                size: .fallback)
            #expect(!lines.joined().unicodeScalars.contains("\u{1B}"))
        }
    }

    @Test func colourOnWritesOnlyTheRenderersOwnStyles() {
        let lines = Renderer.render(
            RenderState(walkthrough: Fixtures.hostile(), pageIndex: 0, status: "bad", colour: true),
            size: .fallback)
        let sequences = lines.flatMap(ScreenText.escapeSequences(in:))
        #expect(!sequences.isEmpty)
        #expect(Set(sequences).isSubset(of: ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[2m", "\u{1B}[33m"]))
        let visible = lines.map(ScreenText.strippingStyles).joined(separator: "\n")
        #expect(visible.contains("Evil^[]0;pwned^G title"))
        #expect(visible.contains("\\u{202E}desrever\\u{202C}"))
    }

    @Test func headingTitleContentImageAndIndicatorAreShown() {
        let lines = Renderer.render(
            RenderState(walkthrough: Fixtures.foodPin(), pageIndex: 1), size: .fallback)
        #expect(lines.first == "FoodPin")
        #expect(lines.contains("Locate"))
        #expect(lines.contains("Image: A map pin marking a restaurant (foodpin-intro-2.png)"))
        #expect(lines.contains("Search and locate your favourite restaurant on Maps"))
        #expect(lines.contains("○ ● ○  2/3"))
        #expect(lines.last == "←/→ move  1-3 jump  s skip  q quit  ? help")
    }

    @Test func lastPageShowsTheFinishLabel() {
        let lines = Renderer.render(
            RenderState(walkthrough: Fixtures.foodPin(finishLabel: "Let's eat"), pageIndex: 2),
            size: .fallback)
        #expect(lines.last?.hasPrefix("Enter: Let's eat  ← back") == true)
    }

    @Test func noSkipHintWhenNotSkippable() {
        let lines = Renderer.render(
            RenderState(walkthrough: Fixtures.foodPin(skippable: false), pageIndex: 0),
            size: .fallback)
        #expect(lines.last == "←/→ move  1-2 jump  q quit  ? help")
    }

    @Test func manyPagesShowOnlyThePosition() {
        let lines = Renderer.render(
            RenderState(walkthrough: Fixtures.numbered(400), pageIndex: 11), size: .fallback)
        #expect(lines.contains("12/400"))
        #expect(!lines.joined().contains("●"))
    }

    @Test func dotsAreUsedWhileTheyFit() {
        let twenty = Renderer.render(
            RenderState(walkthrough: Fixtures.numbered(20), pageIndex: 0), size: .fallback)
        #expect(
            twenty.contains(
                "● " + Array(repeating: "○", count: 19).joined(separator: " ") + "  1/20"))
    }

    @Test func statusLineShowsWhyAMoveWasRefused() {
        let lines = Renderer.render(
            RenderState(
                walkthrough: Fixtures.foodPin(), pageIndex: 0,
                status: NavigationError.atFirstPage.description), size: .fallback)
        #expect(lines.contains("already on the first page; there is no page before it"))
    }

    @Test func scrollingRevealsTheRestOfALongPage() {
        let walkthrough = Fixtures.longPage()
        let size = TerminalSize(columns: 40, rows: 12)
        let top = RenderState(walkthrough: walkthrough, pageIndex: 0)
        let limit = Renderer.maximumScroll(top, size: size)
        #expect(limit > 0)
        var bottom = top
        bottom.scrollOffset = limit
        let lines = Renderer.render(bottom, size: size)
        #expect(lines.contains("Line 30 of the long page."))
        #expect(lines.contains("↑ more"))
        #expect(!lines.contains("↓ more"))
        #expect(Renderer.render(top, size: size).contains("↓ more"))
    }

    @Test func contentThatFitsDoesNotScroll() {
        let state = RenderState(walkthrough: Fixtures.foodPin(), pageIndex: 0)
        #expect(Renderer.maximumScroll(state, size: .fallback) == 0)
    }

    @Test func helpOverlayListsTheKeys() {
        let lines = Renderer.render(
            RenderState(walkthrough: Fixtures.foodPin(), pageIndex: 2, showsHelp: true),
            size: .fallback)
        #expect(lines.contains("→ l n Space Enter: Get Started"))
        #expect(lines.contains("q Esc: quit (progress is kept)"))
        #expect(lines.last == "? or Esc: close help")
    }

    @Test func zeroRowsGiveNoLines() {
        let state = RenderState(walkthrough: Fixtures.foodPin(), pageIndex: 0)
        #expect(Renderer.render(state, size: TerminalSize(columns: 80, rows: 0)).isEmpty)
        #expect(Renderer.render(state, size: TerminalSize(columns: 0, rows: 2)).count == 2)
    }
}

extension RendererTests {
    @Test func longHeadingIsCutSoThatContentStillShows() {
        let walkthrough = Walkthrough(
            id: "h",
            pages: [
                Page(
                    id: "p", heading: String(repeating: "Very long heading words ", count: 10),
                    content: "Body text.")
            ])
        let lines = Renderer.render(
            RenderState(walkthrough: walkthrough, pageIndex: 0),
            size: TerminalSize(columns: 20, rows: 6))
        #expect(lines.contains("Body text."))
        #expect(lines.contains("●  1/1"))
        #expect(lines.contains { $0.hasSuffix("…") })
    }
}
