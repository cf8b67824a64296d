import Testing
import WalkthroughKit
import WalkthroughTerminal

/// A spread on the screen: two pages side by side, each in its half, the indicator `1–2/5` with
/// both dots marked, every row within the width.
struct SpreadRenderTests {
    static func book(pages: Int = 5, spread: Walkthrough.PageLayout.Spread = .auto) -> Walkthrough {
        Walkthrough(
            id: "book", title: "The Book",
            pages: (1...pages).map { number in
                Page(
                    id: "p\(number)", heading: "Heading \(number)",
                    content: "Text of page \(number), long enough to wrap on a narrow half: "
                        + String(repeating: "word\(number) ", count: 30),
                    imageAlt: "Picture \(number)")
            },
            layout: Walkthrough.PageLayout(spread: spread))
    }

    static let wide = TerminalSize(columns: 160, rows: 30)

    @Test func twoPagesSideBySideEachInItsHalf() throws {
        let state = RenderState(
            walkthrough: Self.book(), pageIndex: 1, spread: ShownSpread(pages: 0...1))
        let lines = Renderer.render(state, size: Self.wide)
        #expect(lines.count == 30)
        let half = ShownSpread.pageColumns(width: 160)
        #expect(half == 78)
        let headingRow = try #require(lines.first { $0.hasPrefix("Heading 1") })
        // The right page starts after the left half and the gutter.
        let right = headingRow.index(headingRow.startIndex, offsetBy: half + ShownSpread.gutter)
        #expect(headingRow[right...].hasPrefix("Heading 2"), "\(headingRow)")
        #expect(lines.contains { $0.hasPrefix("● ● ○ ○ ○  1\u{2013}2/5") })
        for line in lines {
            #expect(DisplayWidth.of(line) <= 160, "\(line)")
        }
        // Each page's text stays in its half: no word of page 2 on the left, none of 1 on the right.
        for line in lines where line.count > half {
            let left = String(line.prefix(half))
            let rest = String(line.dropFirst(half))
            #expect(!left.contains("word2"), "\(line)")
            #expect(!rest.contains("word1"), "\(line)")
        }
        #expect(
            lines.contains { $0.contains("Image: Picture 1") && $0.contains("Image: Picture 2") })
    }

    @Test func anOddLastPageIsAloneWithOneDot() {
        let state = RenderState(
            walkthrough: Self.book(), pageIndex: 4, spread: ShownSpread(pages: 4...4))
        let lines = Renderer.render(state, size: Self.wide)
        #expect(lines.contains { $0.hasPrefix("○ ○ ○ ○ ●  5/5") })
        #expect(lines.contains { $0.hasPrefix("Heading 5") })
        // The last spread: the finish hint.
        #expect(lines.contains { $0.contains("Enter: Get Started") })
        for line in lines {
            #expect(DisplayWidth.of(line) <= ShownSpread.pageColumns(width: 160), "\(line)")
        }
    }

    @Test(arguments: [1, 5, 6, 7, 20, 52, 80, 119, 120, 121, 200])
    func noRowIsWiderThanTheScreenAtAnyWidth(_ columns: Int) {
        let walkthroughs = [
            Self.book(), Fixtures.foodPinTraditionalChinese(), Fixtures.emojiAndMarks(),
        ]
        for walkthrough in walkthroughs {
            let count = walkthrough.pages.count
            for index in 0..<count {
                for rows in [6, 12, 30] {
                    for showsHelp in [false, true] {
                        let state = RenderState(
                            walkthrough: walkthrough, pageIndex: index, showsHelp: showsHelp,
                            status: "refused", scrollOffset: 2,
                            spread: ShownSpread(
                                pages: Walkthrough.PageLayout.spread(holding: index, of: count))
                        )
                        let size = TerminalSize(columns: columns, rows: rows)
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

    @Test func eachPictureGoesInItsOwnHalf() throws {
        let state = RenderState(
            walkthrough: Self.book(), pageIndex: 1,
            spread: ShownSpread(
                pages: 0...1,
                imageSizes: [
                    PixelSize(width: 400, height: 300), PixelSize(width: 300, height: 300),
                ]))
        let screen = Renderer.screen(state, size: Self.wide)
        #expect(screen.placedImages.map(\.page) == [0, 1])
        let left = try #require(screen.placedImages.first?.placement)
        let right = try #require(screen.placedImages.last?.placement)
        #expect(left.column == 0)
        #expect(right.column == 78 + ShownSpread.gutter)
        #expect(left.size.columns <= 78 && right.size.columns <= 78)
        #expect(left.row == right.row)
        // Where the pictures are drawn, the image line gives way.
        #expect(!screen.lines.contains { $0.contains("Image: Picture") })
        let art: [ImageArt?] = [
            .lines(
                Array(
                    repeating: String(repeating: "L", count: left.size.columns),
                    count: left.size.rows)),
            .lines(
                Array(
                    repeating: String(repeating: "R", count: right.size.columns),
                    count: right.size.rows)),
        ]
        let (lines, overlay) = ScreenComposition.compose(screen, arts: art)
        #expect(overlay == nil)
        let row = lines[left.row]
        #expect(row.hasPrefix(String(repeating: "L", count: left.size.columns)))
        let rightStart = row.index(row.startIndex, offsetBy: right.column)
        #expect(row[rightStart...].hasPrefix("R"))
        #expect(DisplayWidth.of(row) <= 160)
    }

    @Test(arguments: [
        (Walkthrough.PageLayout.Spread.never, 200, false), (.auto, 119, false), (.auto, 120, true),
        (.always, 51, false), (.always, 52, true), (.always, 100, true),
    ])
    func whereSpreadsAreShown(spread: Walkthrough.PageLayout.Spread, columns: Int, shown: Bool) {
        #expect(ShownSpread.isShown(spread, columns: columns) == shown)
    }
}
