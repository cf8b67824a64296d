import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// Whole screens with FoodPin's pictures drawn as the project's own half-block symbol art, at
/// fixed sizes, pinned as golden files (escape bytes written as `\e`).
struct SymbolArtGoldenTests {
    static func foodPin() -> Walkthrough {
        var walkthrough = Fixtures.foodPin()
        walkthrough.baseDirectory = repositoryRoot() + "/walkthroughs"
        return walkthrough
    }

    static func screen(page: Int, size: TerminalSize, colours: SymbolColours) -> [String] {
        let walkthrough = foodPin()
        let images = PageImages(mode: .symbols(colours))
        var state = RenderState(
            walkthrough: walkthrough, pageIndex: page, colour: colours != .monochrome)
        state.imageSize = images.pixelSize(of: state.page, in: walkthrough)
        let screen = Renderer.screen(state, size: size)
        // The project's own encoder, whatever the build (the Chafa trait draws symbols with
        // libchafa): the golden files pin SymbolArt.
        let art = screen.imagePlacement.flatMap { placement in
            (try? LoadedImage(contentsOf: walkthrough.imagePath(of: state.page) ?? "")).map {
                ImageArt.lines(SymbolArt.lines($0.decoded, size: placement.size, colours: colours))
            }
        }
        return ScreenComposition.compose(screen, art: art).lines
    }

    @Test(arguments: [
        (0, 80, 24, SymbolColours.trueColour, "image_page1_truecolour_80x24.txt"),
        (1, 40, 12, SymbolColours.palette256, "image_page2_256_40x12.txt"),
        (2, 60, 20, SymbolColours.monochrome, "image_page3_mono_60x20.txt"),
    ])
    func screenWithSymbolArtMatchesGoldenFile(
        page: Int, columns: Int, rows: Int, colours: SymbolColours, file: String
    ) throws {
        let size = TerminalSize(columns: columns, rows: rows)
        let lines = Self.screen(page: page, size: size, colours: colours)
        #expect(lines.count == rows)
        let text = lines.joined(separator: "\n").split(
            separator: "\u{1B}", omittingEmptySubsequences: false
        )
        .joined(separator: "\\e")
        try Golden.check(text + "\n", against: file)
    }

    @Test func theImageKeepsItsAspectAndAtMostHalfTheHeight() throws {
        let walkthrough = Self.foodPin()
        let images = PageImages(mode: .symbols(.trueColour))
        var state = RenderState(walkthrough: walkthrough, pageIndex: 0)
        state.imageSize = images.pixelSize(of: state.page, in: walkthrough)
        #expect(state.imageSize == PixelSize(width: 320, height: 200))
        for (columns, rows) in [(80, 24), (120, 40), (40, 12), (200, 60)] {
            let screen = Renderer.screen(state, size: TerminalSize(columns: columns, rows: rows))
            let placement = try #require(screen.imagePlacement, "\(columns)x\(rows)")
            #expect(placement.size.rows <= rows / 2)
            #expect(placement.size.columns <= columns)
            // 320:200 pixels in cells twice as tall as wide: columns ≈ 3.2 × rows.
            let ratio = Double(placement.size.columns) / Double(placement.size.rows)
            #expect(abs(ratio - 3.2) < 0.35, "\(placement.size) at \(columns)x\(rows)")
            #expect(!screen.lines.joined().contains("Image:"))
        }
    }

    @Test func noRoomMeansTheImageLine() {
        let walkthrough = Self.foodPin()
        var state = RenderState(walkthrough: walkthrough, pageIndex: 0)
        state.imageSize = PixelSize(width: 320, height: 200)
        let screen = Renderer.screen(state, size: TerminalSize(columns: 30, rows: 6))
        #expect(screen.imagePlacement == nil)
    }

    /// A walkthrough in `folder` whose first page's picture, `broken.png`, is not a picture
    /// (its alt text: "A cat") and whose second page's, `missing.png`, is not there ("A dog").
    static func unreadablePictures(in folder: TemporaryFolder) throws -> Walkthrough {
        _ = try folder.write("not a picture", to: "broken.png")
        return Walkthrough(
            id: "broken",
            pages: [
                Page(
                    id: "one", heading: "One", content: "", image: "broken.png", imageAlt: "A cat"),
                Page(
                    id: "two", heading: "Two", content: "", image: "missing.png", imageAlt: "A dog"),
            ], baseDirectory: folder.path)
    }

    @Test func aPageWhoseImageCannotBeDecodedShowsItsAltText() throws {
        let folder = try TemporaryFolder()
        let walkthrough = try Self.unreadablePictures(in: folder)
        let images = PageImages(mode: .symbols(.trueColour))
        var state = RenderState(walkthrough: walkthrough, pageIndex: 0)
        state.imageSize = images.pixelSize(of: state.page, in: walkthrough)
        #expect(state.imageSize == nil)
        let lines = Renderer.render(state, size: TerminalSize(columns: 40, rows: 12))
        #expect(lines.contains { $0.contains("A cat") })
    }

    @Test func artIsCachedPerSize() throws {
        let walkthrough = Self.foodPin()
        let images = PageImages(mode: .symbols(.palette256))
        let page = walkthrough.pages[0]
        let small = images.art(of: page, in: walkthrough, size: CellSize(columns: 16, rows: 5))
        let large = images.art(of: page, in: walkthrough, size: CellSize(columns: 32, rows: 10))
        guard case .lines(let smallLines) = small, case .lines(let largeLines) = large else {
            Issue.record("no symbol art")
            return
        }
        #expect(smallLines.count == 5 && largeLines.count == 10)
        #expect(
            images.art(of: page, in: walkthrough, size: CellSize(columns: 16, rows: 5)) == small)
    }
}
