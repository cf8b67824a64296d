import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// The first page's picture decoded on a thread of its own while the store commits
/// (``PageImages/prefetch(_:in:)``) draws exactly as one decoded when first drawn.
struct PrefetchTests {
    @Test(arguments: [
        CellSize(columns: 34, rows: 12), CellSize(columns: 16, rows: 5),
        // Larger than the 80 × 24 screen's worth prefetched: decoded again, at its size.
        CellSize(columns: 100, rows: 30),
    ])
    func aPrefetchedPictureDrawsAsOneDecodedWhenDrawn(placement: CellSize) {
        let walkthrough = SymbolArtGoldenTests.foodPin()
        for (index, page) in walkthrough.pages.enumerated() {
            let prefetched = PageImages(mode: .symbols(.trueColour))
            prefetched.prefetch(page, in: walkthrough)
            let plain = PageImages(mode: .symbols(.trueColour))
            #expect(
                prefetched.pixelSize(of: page, in: walkthrough)
                    == plain.pixelSize(of: page, in: walkthrough), "page \(index)")
            let art = prefetched.art(of: page, in: walkthrough, size: placement)
            #expect(art != nil, "page \(index)")
            #expect(art == plain.art(of: page, in: walkthrough, size: placement), "page \(index)")
        }
    }

    @Test func aPrefetchedPictureThatCannotBeDecodedShowsItsAltText() throws {
        let folder = try TemporaryFolder()
        let walkthrough = try SymbolArtGoldenTests.unreadablePictures(in: folder)
        let images = PageImages(mode: .symbols(.trueColour))
        for page in walkthrough.pages {
            images.prefetch(page, in: walkthrough)
            #expect(images.pixelSize(of: page, in: walkthrough) == nil, "\(page.id)")
            #expect(
                images.art(of: page, in: walkthrough, size: CellSize(columns: 20, rows: 6)) == nil)
        }
    }

    @Test func aPictureSavedAgainAfterAReloadIsDecodedAnewNotFromThePrefetch() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(Data(tinyPNG(width: 40, height: 30)), to: "picture.png")
        let walkthrough = Walkthrough(
            id: "saved",
            pages: [
                Page(id: "one", heading: "One", content: "", image: "picture.png", imageAlt: "A")
            ], baseDirectory: folder.path)
        let page = walkthrough.pages[0]
        let images = PageImages(mode: .symbols(.trueColour))
        images.prefetch(page, in: walkthrough)
        // The definition was saved again (`play --watch`): the decode under way is forgotten.
        images.reload()
        _ = try folder.write(Data(tinyPNG(width: 64, height: 16)), to: "picture.png")
        #expect(images.pixelSize(of: page, in: walkthrough) == PixelSize(width: 64, height: 16))

        // Dropped with its decode still running: the thread is waited for.
        for _ in 0..<8 {
            PageImages(mode: .symbols(.palette256)).prefetch(page, in: walkthrough)
        }
    }
}
