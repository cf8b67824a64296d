package import WalkthroughKit

/// Everything the renderer draws from: the walkthrough, the page shown, and the player's own
/// state (help overlay, status line, scroll position, colour).
///
/// A plain value, so that drawing is a pure function (``Renderer/render(_:size:)``) that tests
/// pin with golden files.
package struct RenderState: Sendable, Hashable {
    /// The walkthrough being played.
    package var walkthrough: Walkthrough
    /// The page shown, 0-based.
    package var pageIndex: Int
    /// Whether the key help overlay covers the page.
    package var showsHelp: Bool
    /// A one-line message under the page, such as why a move was refused.
    package var status: String?
    /// How many lines of the page's content are scrolled out of view at the top. The renderer
    /// clamps it to what the size allows (``Renderer/maximumScroll(_:size:)``).
    package var scrollOffset: Int
    /// Whether to use colour and bold (SGR sequences); off when `NO_COLOR` is set.
    package var colour: Bool
    /// The size of the page's image when the player can draw it; `nil` shows the image line
    /// (alt text and file name) instead.
    package var imageSize: PixelSize?

    /// Creates a state.
    package init(
        walkthrough: Walkthrough, pageIndex: Int, showsHelp: Bool = false, status: String? = nil,
        scrollOffset: Int = 0, colour: Bool = false, imageSize: PixelSize? = nil
    ) {
        self.walkthrough = walkthrough
        self.pageIndex = pageIndex
        self.showsHelp = showsHelp
        self.status = status
        self.scrollOffset = scrollOffset
        self.colour = colour
        self.imageSize = imageSize
    }

    /// The page shown, with the index clamped into the walkthrough's pages.
    package var page: Page {
        walkthrough.pages[min(max(pageIndex, 0), walkthrough.pages.count - 1)]
    }

    /// Whether the page shown is the last.
    package var isLastPage: Bool { pageIndex >= walkthrough.pages.count - 1 }
}

/// One screen: its lines, and where the page's image is drawn over them.
package struct RenderedScreen: Sendable, Hashable {
    /// Exactly as many lines as the screen has rows; the image's rows are blank.
    package var lines: [String]
    /// Where the image goes, when it is drawn.
    package var imagePlacement: ImagePlacement?
}
